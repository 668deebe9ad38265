/**
 * What the toaster (toaster.tsx) and the lazily loaded notifications region (toast-region.tsx)
 * share: the message's shape, how long it stays and its colours. Its own file, so neither of the
 * two imports the other.
 */
export type ToastVariant = "default" | "success" | "destructive";

/** The spec's notifications: a server answer's message. `id` tells one flash from the next. */
export type ToastMessage = {
  id?: string;
  title: string;
  description?: string;
  variant?: ToastVariant;
};

export type Shown = ToastMessage & { key: number; pathname: string };

/** How long a toast stays. Errors stay until dismissed or replaced: they may need reading twice. */
export const TOAST_LIFETIME_MS = 5000;

export function toneClass(variant: ToastVariant | undefined): string {
  return variant === "destructive"
    ? "border-red-300 bg-red-50 text-red-900"
    : variant === "success"
      ? "border-brand-200 bg-brand-50 text-brand-900"
      : "border-slate-200 bg-white text-ink";
}
