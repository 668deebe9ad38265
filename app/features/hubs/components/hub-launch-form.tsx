import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { FormNotice, SubmitButton } from "~/components/forms/form-parts";
import { useIsSubmitting, useSchemaForm } from "~/components/forms/schema-form";
import { InputField } from "~/components/ui/field";
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
  return (
    <section aria-labelledby="launch-title" className="card">
      <h2 id="launch-title" className="text-lg font-bold">
        Launch this hub
      </h2>
      <p className="mt-1 text-sm text-muted">
        The hub goes live at its address, and each of the {pending} Pending {pending === 1 ? "entry" : "entries"} of its
        waitlist is emailed once.
      </p>
      <FormNotice answer={answer} />
      <Form method="post" action={path} {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="launch" />
        <InputField field={fields.external_url} label="Live address" hint="https://…" />
        <SubmitButton busy={busy} busyLabel="Launching...">
          Launch hub
        </SubmitButton>
      </Form>
    </section>
  );
}
