import { Toast } from "radix-ui";
import { useT } from "~/i18n/react";
import { type Shown, TOAST_LIFETIME_MS, toneClass } from "./toast-tone";

/**
 * The notifications region (Radix Toast: announced to screen readers, dismissable with Escape or by
 * swiping, F8 moves to it), loaded with the first toast. One toast at a time.
 */
export default function ToastRegion({ shown, onClosed }: { shown: Shown | null; onClosed: (key: number) => void }) {
  const t = useT();
  return (
    <Toast.Provider swipeDirection="up" duration={TOAST_LIFETIME_MS} label={t("Notification")}>
      {shown ? (
        <Toast.Root
          key={shown.key}
          // An error is announced at once (assertive); anything else politely.
          type={shown.variant === "destructive" ? "foreground" : "background"}
          data-variant={shown.variant ?? "default"}
          className={`toast ${toneClass(shown.variant)}`}
          onOpenChange={(open) => {
            if (!open) onClosed(shown.key);
          }}
        >
          <div className="flex items-start justify-between gap-3">
            <div>
              <Toast.Title className="font-semibold">{t(shown.title)}</Toast.Title>
              {shown.description ? (
                <Toast.Description className="mt-1 text-sm">{t(shown.description)}</Toast.Description>
              ) : null}
            </div>
            <Toast.Close
              className="-m-1 rounded p-1 text-sm leading-none opacity-70 hover:opacity-100"
              aria-label={t("Dismiss")}
            >
              <span aria-hidden="true">✕</span>
            </Toast.Close>
          </div>
        </Toast.Root>
      ) : null}
      <Toast.Viewport className="toast-viewport" />
    </Toast.Provider>
  );
}
