import { useEffect, useSyncExternalStore } from "react";
import {
  DISMISS_CLASS_NAME,
  MAX_TOASTS,
  TOAST_LIFETIME_MS,
  TOASTER_ID,
  type ToastVariant,
  toastClassName,
} from "./toast-style";

export type ToastMessage = {
  id: number;
  title: string;
  description?: string;
  variant?: ToastVariant;
};

let nextId = 1;
let toasts: ToastMessage[] = [];
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

/** Shows a toast (the spec's notifications). Lasts 5 seconds; announced to screen readers. */
export function toast(message: Omit<ToastMessage, "id">): void {
  const id = nextId++;
  toasts = [...toasts, { ...message, id }].slice(-MAX_TOASTS);
  emit();
  setTimeout(() => dismiss(id), TOAST_LIFETIME_MS);
}

export function dismiss(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const EMPTY: ToastMessage[] = [];

/** Rendered once, in the root layout. */
export function Toaster() {
  const items = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => EMPTY,
  );
  return (
    <section
      id={TOASTER_ID}
      aria-label="Notifications"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:right-0 sm:left-auto sm:items-end"
    >
      {items.map((t) => (
        <div key={t.id} role={t.variant === "destructive" ? "alert" : "status"} className={toastClassName(t.variant)}>
          <div className="flex items-start justify-between gap-3">
            <div>
              <p className="font-semibold">{t.title}</p>
              {t.description ? <p className="mt-1 text-sm">{t.description}</p> : null}
            </div>
            <button
              type="button"
              onClick={() => dismiss(t.id)}
              className={DISMISS_CLASS_NAME}
              aria-label="Dismiss notification"
            >
              ×
            </button>
          </div>
        </div>
      ))}
    </section>
  );
}

/** Shows a toast once for each new server result (for example an action's answer). */
export function useToastOnResult(result: { toast?: Omit<ToastMessage, "id"> } | undefined): void {
  useEffect(() => {
    if (result?.toast) toast(result.toast);
  }, [result]);
}
