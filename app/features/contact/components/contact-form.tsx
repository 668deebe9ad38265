import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { ConfirmationPanel } from "~/components/forms/confirmation-panel";
import { ErrorSummary, FormNotice, SubmitButton } from "~/components/forms/form-parts";
import { useIsSubmitting, useSchemaForm } from "~/components/forms/schema-form";
import { InputField, SelectField, TextAreaField } from "~/components/ui/field";
import { CONTACT_SENT, CONTACT_SUBJECTS } from "~/content/contact";
import { useLocalePath, useT } from "~/i18n/react";
import type { ActionAnswer } from "~/lib/form-action.server";
import { FormKeyField } from "~/lib/idempotency";
import { CONTACT_FIELDS } from "../contact-fields";
import { contactSchema } from "../contact-schema";

/** What the /contact action answers (formAction's answer): the form's result, `ok`, and the spec's toast. */
export type ContactActionData = ActionAnswer;

/**
 * The contact form (spec section 3). One schema (contact-schema.ts) checks it in the browser
 * and again in the action; without JavaScript it is a plain post and the answer comes back in the
 * page, the typed values kept. Once sent, a confirmation panel (what happens next) takes the form's
 * place, with JavaScript and without.
 */
export function ContactForm({ answer }: { answer: ContactActionData | undefined }) {
  const t = useT();
  const to = useLocalePath();
  const [form, fields] = useSchemaForm(contactSchema, {
    id: "contact",
    lastResult: answer?.result,
    invalidToast: (description) => ({ title: "Validation Error", description, variant: "destructive" }),
  });
  const busy = useIsSubmitting({ formAction: to("/contact") });
  if (answer?.ok) {
    return (
      <ConfirmationPanel
        answer={answer}
        title={t(CONTACT_SENT.title)}
        heading="h3"
        again={{ to: to("/contact"), label: t("Send another message") }}
      >
        <p>{t(CONTACT_SENT.description)}</p>
        <p>
          {t(
            "Our team reads every message and answers by email, to the address you gave (your message is copied to it as the reply address). If it is urgent, call us: the number is on this page.",
          )}
        </p>
      </ConfirmationPanel>
    );
  }
  return (
    <div>
      <FormNotice answer={answer} />
      <ErrorSummary form={form} labels={CONTACT_FIELDS} />
      <Form method="post" action={to("/contact")} {...getFormProps(form)} className="grid gap-5 sm:grid-cols-2">
        <FormKeyField form="contact" />
        <InputField field={fields.name} label={t("Full name")} required type="text" autoComplete="name" />
        <InputField field={fields.email} label={t("Email address")} required type="email" autoComplete="email" />
        <InputField
          field={fields.phone}
          label={
            <>
              {t("Phone number")} <span className="font-normal text-muted">{t("(optional)")}</span>
            </>
          }
          required={false}
          type="tel"
          autoComplete="tel"
        />
        <SelectField
          field={fields.subject}
          label={t("Subject")}
          required
          placeholder={t("Select a subject")}
          options={CONTACT_SUBJECTS.map((s) => ({ value: s.value, label: t(s.label) }))}
        />
        <TextAreaField field={fields.message} label={t("Message")} required rows={6} className="sm:col-span-2" />
        <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted">
            {t("Fields marked")} <span aria-hidden="true">*</span>
            <span className="sr-only">{t("with an asterisk")}</span> {t("are required.")}
          </p>
          <SubmitButton busy={busy} busyLabel={t("Sending...")}>
            {t("Send Message")}
          </SubmitButton>
        </div>
      </Form>
    </div>
  );
}
