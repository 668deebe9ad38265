import type { FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { InlineNotice } from "~/components/ui/notice";
import { type ToastMessage, useToastOf } from "~/components/ui/toaster";
import { useT } from "~/i18n/react";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * A form's answer: a toast once React runs, the same message in the page before that (a plain
 * post without JavaScript). `inline` keeps it in the page with React too, beside the toast, for
 * an answer the person must read before trying again (a refused sign-in).
 */
export function FormNotice({
  answer,
  inline = false,
}: {
  answer: { toast?: ToastMessage | null } | null | undefined;
  inline?: boolean;
}) {
  const hydrated = useHydrated();
  useToastOf(answer);
  return (inline || !hydrated) && answer?.toast ? <InlineNotice {...answer.toast} /> : null;
}

/**
 * The GOV.UK error summary, at the top of a longer form: "There is a problem" and each field's
 * message as a link to the field. Shown once the form has been submitted with errors (by the
 * browser's check, or by the server without JavaScript).
 */
export function ErrorSummary({
  form,
  labels,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: any form's metadata
  form: FormMetadata<any, string[]>;
  /** The field names in the form's order; only these are listed. */
  labels: ReadonlyArray<string>;
}) {
  const t = useT();
  const errors = form.allErrors;
  const items = labels
    .map((name) => ({ name, message: errors[name]?.[0] }))
    .filter((item): item is { name: string; message: string } => !!item.message);
  const formErrors = form.errors ?? [];
  if (items.length === 0 && formErrors.length === 0) return null;
  return (
    <div
      role="alert"
      aria-labelledby={`${form.id}-summary-title`}
      className="mb-6 rounded-xl border-2 border-red-700 bg-white p-4"
    >
      <h2 id={`${form.id}-summary-title`} className="font-bold text-red-800">
        {t("There is a problem")}
      </h2>
      <ul className="mt-2 list-none space-y-1">
        {formErrors.map((message) => (
          <li key={message} className="text-red-800">
            {t(message)}
          </li>
        ))}
        {items.map((item) => (
          <li key={item.name}>
            <a href={`#${form.id}-${item.name}`} className="font-medium text-red-800 underline">
              {t(item.message)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A submit button that says what it is doing ("Sending...") while its form is on its way. It is
 * never disabled to signal invalid input: pressing it shows what is wrong. While busy a press (a
 * second tap, Enter in a field) sends nothing: the post in flight is the one (decision 027; without
 * JavaScript the form's idempotency key makes a second post harmless). It stays focusable, so a
 * screen reader keeps its place and hears the busy label.
 */
export function SubmitButton({
  busy,
  busyLabel,
  children,
  className = "btn-primary",
  name,
  value,
  label,
}: {
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
  className?: string;
  name?: string;
  value?: string;
  /** The accessible name, when the words shown need what the row says (its visible words first). */
  label?: string;
}) {
  return (
    <button
      type="submit"
      className={className}
      name={name}
      value={value}
      aria-label={label}
      aria-disabled={busy || undefined}
      onClick={busy ? (event) => event.preventDefault() : undefined}
    >
      {busy ? busyLabel : children}
    </button>
  );
}
