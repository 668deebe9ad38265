import { type FormEvent, useState } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { type ToastMessage, toast, useToastOnResult } from "~/components/ui/toast";
import { CONTACT_SUBJECTS } from "~/content/contact";
import { useHydrated } from "~/lib/use-hydrated";
import { type ContactField, type ContactFieldErrors, type ContactValues, readContactForm } from "../contact-fields";

/**
 * The shared schema (and its validation library) loads when the visitor first reaches the
 * form, not with the page: most visitors read the contact details and never submit.
 */
const loadSchema = () => import("../contact-schema");

type Toast = Omit<ToastMessage, "id">;

/** What the /contact action answers. */
export type ContactActionData =
  | { status: "sent"; id: string; toast: Toast }
  | { status: "invalid"; fieldErrors: ContactFieldErrors; values: ContactValues; toast: Toast }
  | { status: "rate-limited"; values: ContactValues; toast: Toast };

/**
 * The contact form (spec section 3). With JavaScript it validates with the shared schema before
 * posting and answers with toasts; without it, it is a plain POST, validated by the same schema
 * on the server, and the answer is shown inline with the typed values kept.
 */
export function ContactForm({ result }: { result: ContactActionData | undefined }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const submit = useSubmit();
  const submitting = navigation.state === "submitting" && navigation.formAction === "/contact";
  // What the browser found, tied to the server answer it was found after: a new answer replaces it.
  const [checked, setChecked] = useState<{ after: ContactActionData | undefined; errors: ContactFieldErrors }>();
  const clientErrors = checked && checked.after === result ? checked.errors : null;
  const setClientErrors = (errors: ContactFieldErrors) => setChecked({ after: result, errors });

  useToastOnResult(result);

  const errors: ContactFieldErrors = clientErrors ?? (result?.status === "invalid" ? result.fieldErrors : {});
  const values: ContactValues = result && result.status !== "sent" ? result.values : {};

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const { validateContact } = await loadSchema();
    const check = validateContact(readContactForm(new FormData(form)));
    if (check.ok) {
      setClientErrors({});
      await submit(form);
      return;
    }
    setClientErrors(check.fieldErrors);
    toast({ title: "Validation Error", description: check.message, variant: "destructive" });
    const first = Object.keys(check.fieldErrors)[0];
    const element = first ? form.elements.namedItem(first) : null;
    if (element instanceof HTMLElement) element.focus();
  }

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
    <>
      {!hydrated && result ? (
        <div
          role={result.toast.variant === "destructive" ? "alert" : "status"}
          className={`mb-6 rounded-xl border p-4 ${
            result.toast.variant === "destructive"
              ? "border-red-300 bg-red-50 text-red-900"
              : "border-brand-200 bg-brand-50 text-brand-900"
          }`}
        >
          <p className="font-semibold">{result.toast.title}</p>
          {result.toast.description ? <p className="mt-1 text-sm">{result.toast.description}</p> : null}
        </div>
      ) : null}
      <Form
        method="post"
        action="/contact"
        noValidate
        onSubmit={onSubmit}
        onFocus={() => void loadSchema()}
        data-hydrated={hydrated ? "" : undefined}
        // A sent message clears the form (a fresh set of inputs).
        key={result?.status === "sent" ? result.id : "contact-form"}
        className="grid gap-5 sm:grid-cols-2"
      >
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
          <button type="submit" className="btn-primary" disabled={submitting}>
            {submitting ? "Sending..." : "Send Message"}
          </button>
        </div>
      </Form>
    </>
  );
}
