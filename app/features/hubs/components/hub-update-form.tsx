import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { FormNotice, SubmitButton } from "~/components/forms/form-parts";
import { useIsSubmitting, useSchemaForm } from "~/components/forms/schema-form";
import { InputField, TextAreaField } from "~/components/ui/field";
import { useT } from "~/i18n/react";
import type { HubAnswer } from "../hub-answer";
import { hubUpdateSchema } from "../hub-schema";

/** "Send an update to the waitlist": every entry still Pending gets it once. */
export function HubUpdateForm({ path, answer }: { path: string; answer: HubAnswer | undefined }) {
  const [form, fields] = useSchemaForm(hubUpdateSchema, { id: "hub-update", lastResult: answer?.result });
  const busy = useIsSubmitting({ formAction: path, intent: "update" });
  const t = useT();
  return (
    <section aria-labelledby="update-title" className="card">
      <h2 id="update-title" className="text-lg font-bold">
        {t("Send an update to the waitlist")}
      </h2>
      <p className="mt-1 text-sm text-muted">{t("Every entry still Pending gets it once, and becomes Notified.")}</p>
      <FormNotice answer={answer} />
      <Form method="post" action={path} {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="update" />
        <InputField field={fields.subject} label={t("Subject")} required />
        <TextAreaField field={fields.message} label={t("Message")} required rows={5} />
        <SubmitButton busy={busy} busyLabel={t("Sending...")} className="btn-secondary">
          {t("Send update")}
        </SubmitButton>
      </Form>
    </section>
  );
}
