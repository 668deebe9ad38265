import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { FormNotice, SubmitButton } from "~/components/forms/form-parts";
import { useIsSubmitting, useSchemaForm } from "~/components/forms/schema-form";
import { InputField } from "~/components/ui/field";
import { useT } from "~/i18n/react";
import type { HubAnswer } from "../hub-answer";
import { hubLaunchSchema } from "../hub-schema";

/** "Launch hub": live at its address; the waitlist's Pending entries are emailed. */
export function HubLaunchForm({
  path,
  pending,
  answer,
}: {
  path: string;
  pending: number;
  answer: HubAnswer | undefined;
}) {
  const [form, fields] = useSchemaForm(hubLaunchSchema, { id: "hub-launch", lastResult: answer?.result });
  const busy = useIsSubmitting({ formAction: path, intent: "launch" });
  const t = useT();
  return (
    <section aria-labelledby="launch-title" className="card">
      <h2 id="launch-title" className="text-lg font-bold">
        {t("Launch this hub")}
      </h2>
      <p className="mt-1 text-sm text-muted">{t("hubs.launch-explained", { count: pending })}</p>
      <FormNotice answer={answer} />
      <Form method="post" action={path} {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="launch" />
        <InputField field={fields.external_url} label={t("Live address")} hint="https://…" />
        <SubmitButton busy={busy} busyLabel={t("Launching...")}>
          {t("Launch hub")}
        </SubmitButton>
      </Form>
    </section>
  );
}
