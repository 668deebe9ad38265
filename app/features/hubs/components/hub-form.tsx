import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { DraftNotice } from "~/components/forms/draft-notice";
import { ErrorSummary, FormNotice, SubmitButton } from "~/components/forms/form-parts";
import { useIsSubmitting, useSchemaForm } from "~/components/forms/schema-form";
import { InputField, SelectField, TextAreaField } from "~/components/ui/field";
import { useFormDraft, useResendWhenOnline } from "~/lib/drafts";
import { FormKeyField } from "~/lib/idempotency";
import type { HubAnswer } from "../hub-answer";
import { HUB_FIELDS, hubSchema } from "../hub-schema";
import type { HubRow } from "../hubs.server";

/** The hub's own fields ("Save hub"): kept on this device as a draft while typed (issue 29). */
export function HubForm({
  path,
  hub,
  answer,
  user,
  networkFailed,
}: {
  path: string;
  hub: HubRow;
  answer: HubAnswer | undefined;
  /** The signed-in administrator: the form is kept on this device as their draft (issue 29). */
  user: string;
  networkFailed: boolean;
}) {
  const [form, fields] = useSchemaForm(hubSchema, {
    id: "hub",
    lastResult: answer?.result,
    defaultValue: {
      title: hub.title,
      description: hub.description,
      title_fr: hub.titleFr ?? "",
      description_fr: hub.descriptionFr ?? "",
      status: hub.status,
      launch_date: hub.launchDate ?? "",
      external_url: hub.externalUrl ?? "",
      capacity: String(hub.foundingMemberCapacity),
      problem: hub.salesPitch.problem,
      agitation: hub.salesPitch.agitation,
      solution: hub.salesPitch.solution,
      benefits: hub.salesPitch.benefits.join("\n"),
      target_audience: hub.targetAudience.join("\n"),
      perks: hub.foundingMemberPerks.join("\n"),
    },
  });
  const busy = useIsSubmitting({ formAction: path, intent: "save" });
  const draft = useFormDraft({ formId: form.id, user, form: `hub:${hub.id}`, patientData: false });
  useResendWhenOnline(form.id, networkFailed || draft.unsent);
  return (
    <div className="min-w-0">
      <DraftNotice
        draft={draft}
        networkFailed={networkFailed}
        offlineMessage="No connection. Your changes are saved on this phone; send them when you are back online."
      />
      <FormNotice answer={answer} />
      <ErrorSummary form={form} labels={HUB_FIELDS} />
      <Form method="post" action={path} {...getFormProps(form)} className="card space-y-5 sm:p-6">
        <input type="hidden" name="intent" value="save" />
        <FormKeyField form="hub" />
        <InputField field={fields.title} label="Title" required />
        <TextAreaField field={fields.description} label="Description" required rows={3} />
        {/* Issue 38: the French pages show these; left empty, they show the English. */}
        <InputField
          field={fields.title_fr}
          label="Title in French"
          required={false}
          hint="Shown on the French pages (/fr). Left empty, they show the English title."
        />
        <TextAreaField
          field={fields.description_fr}
          label="Description in French"
          required={false}
          rows={3}
          hint="Shown on the French pages. Left empty, they show the English description."
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            field={fields.status}
            label="Status"
            required
            options={[
              { value: "coming-soon", label: "Coming soon" },
              { value: "live", label: "Live" },
            ]}
            hint={hub.status === "coming-soon" ? "Saving as Live launches the hub and emails its waitlist." : undefined}
          />
          <InputField
            field={fields.launch_date}
            label="Planned launch"
            hint="Coming soon: a quarter like 2026-Q1 or a month like 2026-03."
          />
          <InputField field={fields.external_url} label="Hub address" hint="Live: https://…" />
          <InputField
            field={fields.capacity}
            label="Founding-member capacity"
            inputMode="numeric"
            hint="0 hides the progress bar."
          />
        </div>
        <TextAreaField field={fields.problem} label="The problem" required rows={3} />
        <TextAreaField field={fields.agitation} label="Why it matters" required rows={3} />
        <TextAreaField field={fields.solution} label="The solution" required rows={3} />
        <TextAreaField
          field={fields.benefits}
          label="Benefits for professionals"
          required
          rows={4}
          hint="One per line."
        />
        <TextAreaField field={fields.target_audience} label="Who it is for" required rows={4} hint="One per line." />
        <TextAreaField field={fields.perks} label="Founding-member perks" required rows={4} hint="One per line." />
        <SubmitButton busy={busy} busyLabel="Saving...">
          Save hub
        </SubmitButton>
      </Form>
    </div>
  );
}
