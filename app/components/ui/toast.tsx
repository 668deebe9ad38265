import { TOASTER_ID, type ToastVariant } from "./toast-style";

/** The spec's notifications: a server answer's message, shown as a toast by the page scripts. */
export type ToastMessage = {
  title: string;
  description?: string;
  variant?: ToastVariant;
};

/**
 * The notifications region, rendered once in the root layout and empty: the page scripts add the
 * toasts to it (enhance/toast.ts); screen readers announce each one.
 */
export function Toaster() {
  return (
    <section
      id={TOASTER_ID}
      aria-label="Notifications"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:right-0 sm:left-auto sm:items-end"
    />
  );
}
