import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { DraftNotice } from "~/components/forms/draft-notice";
import { ErrorSummary, FormNotice, SubmitButton } from "~/components/forms/form-parts";
import { useIsSubmitting, useSchemaForm } from "~/components/forms/schema-form";
import { InputField, SelectField, TextAreaField } from "~/components/ui/field";
import { useT } from "~/i18n/react";
import { useFormDraft, useResendWhenOnline } from "~/lib/drafts";
import { FormKeyField } from "~/lib/idempotency";
import type { HubAnswer } from "../hub-answer";
import { HUB_FIELDS, hubSchema } from "../hub-schema";
import type { HubRow } from "../hubs.server";

/** The hub's own fields ("Save hub"): kept on this device as a draft while typed (decision 027). */
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
  /** The signed-in administrator: the form is kept on this device as their draft (decision 027). */
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
  const t = useT();
  return (
    <div className="min-w-0">
      <DraftNotice
        draft={draft}
        networkFailed={networkFailed}
        offlineMessage={t("No connection. Your changes are saved on this phone; send them when you are back online.")}
      />
      <FormNotice answer={answer} />
      <ErrorSummary form={form} labels={HUB_FIELDS} />
      <Form method="post" action={path} {...getFormProps(form)} className="card space-y-5 sm:p-6">
        <input type="hidden" name="intent" value="save" />
        <FormKeyField form="hub" />
        <InputField field={fields.title} label={t("Title")} required />
        <TextAreaField field={fields.description} label={t("Description")} required rows={3} />
        {/* Decision 044: the French pages show these; left empty, they show the English. */}
        <InputField
          field={fields.title_fr}
          label={t("Title in French")}
          required={false}
          hint={t("Shown on the French pages (/fr). Left empty, they show the English title.")}
        />
        <TextAreaField
          field={fields.description_fr}
          label={t("Description in French")}
          required={false}
          rows={3}
          hint={t("Shown on the French pages. Left empty, they show the English description.")}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            field={fields.status}
            label={t("Status")}
            required
            options={[
              { value: "coming-soon", label: t("Coming soon") },
              { value: "live", label: t("Live") },
            ]}
            hint={
              hub.status === "coming-soon" ? t("Saving as Live launches the hub and emails its waitlist.") : undefined
            }
          />
          <InputField
            field={fields.launch_date}
            label={t("Planned launch")}
            hint={t("Coming soon: a quarter like 2026-Q1 or a month like 2026-03.")}
          />
          <InputField field={fields.external_url} label={t("Hub address")} hint={t("Live: https://…")} />
          <InputField
            field={fields.capacity}
            label={t("Founding-member capacity")}
            inputMode="numeric"
            hint={t("0 hides the progress bar.")}
          />
        </div>
        <TextAreaField field={fields.problem} label={t("The problem")} required rows={3} />
        <TextAreaField field={fields.agitation} label={t("Why it matters")} required rows={3} />
        <TextAreaField field={fields.solution} label={t("The solution")} required rows={3} />
        <TextAreaField
          field={fields.benefits}
          label={t("Benefits for professionals")}
          required
          rows={4}
          hint={t("One per line.")}
        />
        <TextAreaField
          field={fields.target_audience}
          label={t("Who it is for")}
          required
          rows={4}
          hint={t("One per line.")}
        />
        <TextAreaField
          field={fields.perks}
          label={t("Founding-member perks")}
          required
          rows={4}
          hint={t("One per line.")}
        />
        <SubmitButton busy={busy} busyLabel={t("Saving...")}>
          {t("Save hub")}
        </SubmitButton>
      </Form>
    </div>
  );
}
