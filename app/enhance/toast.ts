import type { ToastMessage } from "~/components/ui/toast";
import {
  DISMISS_CLASS_NAME,
  MAX_TOASTS,
  TOAST_LIFETIME_MS,
  TOASTER_ID,
  toastClassName,
} from "~/components/ui/toast-style";

export type Notice = ToastMessage;

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

/**
 * Shows a toast in the notifications region the root layout renders (a status, or an alert for
 * an error, with a dismiss button): 5 seconds, the last 3 at most.
 */
export function toast({ title, description, variant }: Notice): void {
  const region = document.getElementById(TOASTER_ID);
  if (!region) return;
  const item = element("div", toastClassName(variant));
  item.setAttribute("role", variant === "destructive" ? "alert" : "status");
  const row = element("div", "flex items-start justify-between gap-3");
  const text = element("div", "");
  text.append(element("p", "font-semibold", title));
  if (description) text.append(element("p", "mt-1 text-sm", description));
  const dismiss = element("button", DISMISS_CLASS_NAME, "×");
  dismiss.type = "button";
  dismiss.setAttribute("aria-label", "Dismiss notification");
  dismiss.addEventListener("click", () => item.remove());
  row.append(text, dismiss);
  item.append(row);
  region.append(item);
  while (region.children.length > MAX_TOASTS) region.firstElementChild?.remove();
  setTimeout(() => item.remove(), TOAST_LIFETIME_MS);
}
