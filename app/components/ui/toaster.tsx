import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { useT } from "~/i18n/react";
import { useHydrated } from "~/lib/use-hydrated";

import { type Shown, type ToastMessage, toneClass } from "./toast-tone";

export type { ToastMessage, ToastVariant } from "./toast-tone";

// One toast at a time (a phone has no room for a stack over the form), kept outside React so any
// component, event handler or effect can show one.
let current: Shown | null = null;
let nextKey = 1;
const listeners = new Set<() => void>();
const shownIds = new Set<string>();
const emit = () => {
  for (const listener of listeners) listener();
};

/** Shows `message`, replacing the toast on screen. A message with an id is shown once. */
export function toast(message: ToastMessage): void {
  if (message.id) {
    if (shownIds.has(message.id)) return;
    shownIds.add(message.id);
  }
  current = { ...message, key: nextKey++, pathname: typeof location === "undefined" ? "" : location.pathname };
  emit();
}

/** Removes the toast on screen (a tab change: the message belonged to the other tab). */
export function dismissToasts(): void {
  if (!current) return;
  current = null;
  emit();
}

function useCurrentToast(): Shown | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}

/** Shows an action's toast once per answer (`actionData` or a fetcher's data changes identity). */
export function useToastOf(answer: { toast?: ToastMessage | null } | null | undefined): void {
  useEffect(() => {
    if (answer?.toast) toast(answer.toast);
  }, [answer]);
}

const ToastRegion = lazy(() => import("./toast-region"));

/**
 * The notifications (toast-region.tsx: Radix Toast, announced to screen readers, dismissable with
 * Escape or by swiping, F8 moves to it). At the top of the screen, over the sticky header: on a phone it
 * never covers a form's field errors or its button, which scroll clear of it (app.css
 * scroll-padding). Before React runs (or without JavaScript), a flash message carried by a redirect
 * is shown in place instead, as a status message.
 */
export function Toaster({ flash }: { flash: ToastMessage | null }) {
  const t = useT();
  const hydrated = useHydrated();
  const shown = useCurrentToast();
  const [everShown, setEverShown] = useState(false);
  if (shown && !everShown) setEverShown(true);
  const { pathname } = useLocation();

  // A toast belongs to the page it was shown on.
  useEffect(() => {
    if (current && current.pathname !== pathname) dismissToasts();
  }, [pathname]);
  useEffect(() => {
    if (flash) toast(flash);
  }, [flash]);

  if (!hydrated) {
    return flash ? (
      <div className="toast-viewport">
        <div role="status" className={`toast ${toneClass(flash.variant)}`}>
          <p className="font-semibold">{t(flash.title)}</p>
          {flash.description ? <p className="mt-1 text-sm">{t(flash.description)}</p> : null}
        </div>
      </div>
    ) : null;
  }
  // Radix Toast is loaded with the first toast (not with every page: most visits never show one),
  // and stays once loaded.
  return everShown ? (
    <Suspense fallback={null}>
      <ToastRegion
        shown={shown}
        onClosed={(key) => {
          if (current?.key === key) dismissToasts();
        }}
      />
    </Suspense>
  ) : null;
}
