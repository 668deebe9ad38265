import { useT } from "~/i18n/react";
import type { ToastVariant } from "./toaster";

/**
 * A form's answer shown in the page: what a visitor sees after a post before React runs (or
 * without JavaScript). Once React runs the same message is a toast (components/forms/form-parts.tsx).
 */
export function InlineNotice({
  title,
  description,
  variant,
  className = "mb-6",
}: {
  title: string;
  description?: string;
  variant?: ToastVariant;
  className?: string;
}) {
  const t = useT();
  const destructive = variant === "destructive";
  return (
    <div
      role={destructive ? "alert" : "status"}
      className={`${className} rounded-xl border p-4 ${
        destructive ? "border-red-300 bg-red-50 text-red-900" : "border-brand-200 bg-brand-50 text-brand-900"
      }`}
    >
      <p className="font-semibold">{t(title)}</p>
      {description ? <p className="mt-1 text-sm">{t(description)}</p> : null}
    </div>
  );
}
