import { Dialog as DialogPrimitive } from "radix-ui";
import { type ReactNode, type RefObject, useEffect, useId, useRef } from "react";
import { useT } from "~/i18n/react";
import { useHydrated } from "~/lib/use-hydrated";

type DialogProps = {
  /** Shown: with React, the page's state; without it, the address (`?reject=<id>`) said so. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** Where the focus goes back to when the dialog closes (the control that opened it). */
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** Where the focus goes when that control is gone (the row it was in has left the table). */
  fallbackFocusId?: string;
  children: ReactNode;
};

const TITLE = "text-lg font-bold";
const DESCRIPTION = "mt-1 text-sm text-muted";

/**
 * A dialog. With React it is a Radix Dialog: modal (the page behind is inert), labelled by its
 * title, the focus trapped inside and returned to the control that opened it, Escape closes it.
 * Without JavaScript (and while the page hydrates) the server renders it open, as a native
 * `<dialog open>`, when the address names it (a link opened it; its form is a plain post).
 */
export function Dialog(props: DialogProps) {
  const hydrated = useHydrated();
  if (!hydrated) return props.open ? <StaticDialog {...props} /> : null;
  return <ModalDialog {...props} />;
}

function StaticDialog({ title, description, children }: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <dialog
      open
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-2xl border border-slate-200 bg-white p-6 text-ink shadow-xl"
    >
      <h2 id={titleId} className={TITLE}>
        {title}
      </h2>
      {description ? (
        <div id={descriptionId} className={DESCRIPTION}>
          {description}
        </div>
      ) : null}
      <div className="mt-4">{children}</div>
    </dialog>
  );
}

function ModalDialog({
  open,
  onOpenChange,
  title,
  description,
  returnFocusTo,
  fallbackFocusId,
  children,
}: DialogProps) {
  // Escape closes the dialog even while a toast is on screen: Radix gives Escape to the toast's
  // layer (it dismisses the toast and marks the key handled), so the dialog the person is in
  // stayed open. The dialog's own handler runs after, when the key reaches its content.
  const closing = useRef(false);
  useEffect(() => {
    if (open) closing.current = false;
  }, [open]);
  const change = (next: boolean) => {
    closing.current = !next;
    onOpenChange(next);
  };
  return (
    <DialogPrimitive.Root open={open} onOpenChange={change}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <DialogPrimitive.Content
          className="fixed top-1/2 left-1/2 z-40 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-slate-200 bg-white p-6 text-ink shadow-xl focus:outline-none"
          // Without a description, no aria-describedby (Radix warns unless told so explicitly).
          {...(description ? {} : { "aria-describedby": undefined })}
          onKeyDown={(event) => {
            if (event.key === "Escape" && !closing.current) change(false);
          }}
          onCloseAutoFocus={(event) => {
            // No Radix trigger opened it (the control is a link that also works without
            // JavaScript): the focus goes back by hand.
            event.preventDefault();
            const back = returnFocusTo?.current;
            if (back?.isConnected) back.focus();
            else if (fallbackFocusId) document.getElementById(fallbackFocusId)?.focus();
          }}
        >
          <DialogPrimitive.Title className={TITLE}>{title}</DialogPrimitive.Title>
          {description ? (
            <DialogPrimitive.Description asChild>
              <div className={DESCRIPTION}>{description}</div>
            </DialogPrimitive.Description>
          ) : null}
          <div className="mt-4">{children}</div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/**
 * A dialog form's buttons: Cancel, then `children`. Cancel closes the dialog: with React the
 * Radix dialog, without it the native one (`formmethod="dialog"`).
 */
export function DialogActions({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  const t = useT();
  return (
    <div className="mt-5 flex flex-wrap justify-end gap-3">
      {hydrated ? (
        <DialogPrimitive.Close type="button" className="btn-secondary">
          {t("Cancel")}
        </DialogPrimitive.Close>
      ) : (
        <button type="submit" formMethod="dialog" formNoValidate className="btn-secondary">
          {t("Cancel")}
        </button>
      )}
      {children}
    </div>
  );
}
