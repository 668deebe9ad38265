import { InlineNotice } from "~/components/ui/notice";
import type { ToastMessage } from "~/components/ui/toast";
import { CONTACT_SUBJECTS } from "~/content/contact";
import type { ContactField, ContactFieldErrors, ContactValues } from "../contact-fields";

type Toast = ToastMessage;

/** What the /contact action answers. */
export type ContactActionData =
  | { status: "sent"; id: string; toast: Toast }
  | { status: "invalid"; fieldErrors: ContactFieldErrors; values: ContactValues; toast: Toast }
  | { status: "rate-limited"; values: ContactValues; toast: Toast };

/** The id of the form's region, which the page script replaces with the server's answer. */
export const CONTACT_FORM_ID = "contact-form";

/**
 * The contact form (spec section 3), rendered on the server. Without JavaScript it is a plain
 * POST, validated by the shared schema in the action, and the answer is shown inline with the
 * typed values kept (cleared once sent). With JavaScript the page script
 * (enhance/pages/contact.ts) validates with the same schema before posting, sends it with fetch,
 * and shows the answer as a toast.
 */
export function ContactForm({ result }: { result: ContactActionData | undefined }) {
  const errors: ContactFieldErrors = result?.status === "invalid" ? result.fieldErrors : {};
  const values: ContactValues = result && result.status !== "sent" ? result.values : {};

  const field = (name: ContactField) => ({
    id: `contact-${name}`,
    name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `contact-${name}-error` : undefined,
  });
  const error = (name: ContactField) =>
    errors[name] ? (
      <p id={`contact-${name}-error`} className="field-error">
        {errors[name]}
      </p>
    ) : null;

  return (
    <div id={CONTACT_FORM_ID} data-form-region>
      {result ? <InlineNotice {...result.toast} /> : null}
      <form method="post" action="/contact" noValidate className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor="contact-name" className="field-label">
            Full name <span aria-hidden="true">*</span>
          </label>
          <input
            {...field("name")}
            type="text"
            autoComplete="name"
            required
            defaultValue={values.name}
            className="field-input"
          />
          {error("name")}
        </div>
        <div>
          <label htmlFor="contact-email" className="field-label">
            Email address <span aria-hidden="true">*</span>
          </label>
          <input
            {...field("email")}
            type="email"
            autoComplete="email"
            required
            defaultValue={values.email}
            className="field-input"
          />
          {error("email")}
        </div>
        <div>
          <label htmlFor="contact-phone" className="field-label">
            Phone number <span className="font-normal text-muted">(optional)</span>
          </label>
          <input
            {...field("phone")}
            type="tel"
            autoComplete="tel"
            defaultValue={values.phone}
            className="field-input"
          />
          {error("phone")}
        </div>
        <div>
          <label htmlFor="contact-subject" className="field-label">
            Subject <span aria-hidden="true">*</span>
          </label>
          <select {...field("subject")} required defaultValue={values.subject ?? ""} className="field-input">
            <option value="">Select a subject</option>
            {CONTACT_SUBJECTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
          {error("subject")}
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="contact-message" className="field-label">
            Message <span aria-hidden="true">*</span>
          </label>
          <textarea {...field("message")} rows={6} required defaultValue={values.message} className="field-input" />
          {error("message")}
        </div>
        <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted">
            Fields marked <span aria-hidden="true">*</span>
            <span className="sr-only">with an asterisk</span> are required.
          </p>
          <button type="submit" className="btn-primary" data-busy-label="Sending...">
            Send Message
          </button>
        </div>
      </form>
    </div>
  );
}
