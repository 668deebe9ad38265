/** What a toast looks like: the page scripts draw it (enhance/toast.ts) in the layout's region (components/ui/toast.tsx). */
export type ToastVariant = "default" | "success" | "destructive";

/** The id of the notifications region the root layout renders on every page. */
export const TOASTER_ID = "notifications";

/** How long a toast stays, and how many stay at once. */
export const TOAST_LIFETIME_MS = 5000;
export const MAX_TOASTS = 3;

export function toastClassName(variant: ToastVariant | undefined): string {
  return `pointer-events-auto w-full max-w-sm rounded-xl border p-4 shadow-lg ${
    variant === "destructive"
      ? "border-red-300 bg-red-50 text-red-900"
      : variant === "success"
        ? "border-brand-200 bg-brand-50 text-brand-900"
        : "border-slate-200 bg-white text-ink"
  }`;
}

export const DISMISS_CLASS_NAME = "-m-1 rounded p-1 text-sm leading-none opacity-70 hover:opacity-100";
