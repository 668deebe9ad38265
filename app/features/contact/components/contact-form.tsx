import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { ErrorSummary, FormNotice, SubmitButton } from "~/components/forms/form-parts";
import { type FormAnswer, useIsSubmitting, useSchemaForm } from "~/components/forms/schema-form";
import { InputField, SelectField, TextAreaField } from "~/components/ui/field";
import { CONTACT_SUBJECTS } from "~/content/contact";
import { CONTACT_FIELDS } from "../contact-fields";
import { contactSchema } from "../contact-schema";

/** What the /contact action answers: the form's result and the spec's toast. */
export type ContactActionData = FormAnswer<{ status: "sent" | "invalid" | "rate-limited" }>;

/**
 * The contact form (spec section 3). One schema (contact-schema.ts) checks it in the browser
 * and again in the action; without JavaScript it is a plain post and the answer comes back in the
 * page, the typed values kept (cleared once sent).
 */
export function ContactForm({ answer }: { answer: ContactActionData | undefined }) {
  const [form, fields] = useSchemaForm(contactSchema, {
    id: "contact",
    lastResult: answer?.result,
    invalidToast: (description) => ({ title: "Validation Error", description, variant: "destructive" }),
  });
  const busy = useIsSubmitting({ formAction: "/contact" });
  return (
    <div>
      <FormNotice answer={answer} />
      <ErrorSummary form={form} labels={CONTACT_FIELDS} />
      <Form method="post" action="/contact" {...getFormProps(form)} className="grid gap-5 sm:grid-cols-2">
        <InputField field={fields.name} label="Full name" required type="text" autoComplete="name" />
        <InputField field={fields.email} label="Email address" required type="email" autoComplete="email" />
        <InputField
          field={fields.phone}
          label={
            <>
              Phone number <span className="font-normal text-muted">(optional)</span>
            </>
          }
          type="tel"
          autoComplete="tel"
        />
        <SelectField
          field={fields.subject}
          label="Subject"
          required
          placeholder="Select a subject"
          options={CONTACT_SUBJECTS}
        />
        <TextAreaField field={fields.message} label="Message" required rows={6} className="sm:col-span-2" />
        <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted">
            Fields marked <span aria-hidden="true">*</span>
            <span className="sr-only">with an asterisk</span> are required.
          </p>
          <SubmitButton busy={busy} busyLabel="Sending...">
            Send Message
          </SubmitButton>
        </div>
      </Form>
    </div>
  );
}
