import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { ErrorSummary, FormNotice, SubmitButton } from "~/components/forms/form-parts";
import { type FormAnswer, parseSubmission, useIsSubmitting, useSchemaForm } from "~/components/forms/schema-form";
import { InputField, SelectField, TextAreaField } from "~/components/ui/field";
import { toast } from "~/components/ui/toaster";
import { CREATE_REFERRAL_FIELDS, createReferralSchema, creatingFailedToast } from "../referral-schema";
import { formatCedis, REFERRAL_FEE, URGENCY_OPTIONS } from "../referral-status";

/** What /referrals/create answers when it does not go to the dashboard: the form's errors and the spec's toast. */
export type ReferralFormAnswer = FormAnswer;

/** The spec's "Error Creating Referral": every field's message, joined with a comma (schema order). */
export function joinedFieldMessages(error: Record<string, string[] | null | undefined> | null | undefined): string {
  return Object.values(error ?? {})
    .map((messages) => messages?.[0])
    .filter(Boolean)
    .join(", ");
}

const optional = (label: string) => (
  <>
    {label} <span className="font-normal text-muted">(optional)</span>
  </>
);

/**
 * Create Referral (spec section 2): patient, facility, chief complaint, clinical notes, urgency
 * and the fee breakdown. One schema (referral-schema.ts) checks it here and again in the action
 * (the domain function); the fee is the server's. Without JavaScript it is a plain post and the
 * errors come back in the page with the typed values.
 */
export function ReferralForm({
  facilities,
  answer,
}: {
  facilities: ReadonlyArray<{ id: string; name: string }>;
  answer: ReferralFormAnswer | undefined;
}) {
  const [form, fields] = useSchemaForm(createReferralSchema, { id: "referral", lastResult: answer?.result });
  const busy = useIsSubmitting({ formAction: "/referrals/create" });
  const formProps = getFormProps(form);
  const urgency = fields.urgency_level;
  const urgencyValue = typeof urgency.initialValue === "string" ? urgency.initialValue : "routine";
  const urgencyError = urgency.errors?.[0];

  return (
    <div>
      <FormNotice answer={answer} />
      <ErrorSummary form={form} labels={CREATE_REFERRAL_FIELDS} />
      <Form
        method="post"
        action="/referrals/create"
        {...formProps}
        onSubmit={(event) => {
          formProps.onSubmit(event);
          // Refused by the schema: the spec's toast names every problem, joined with a comma.
          if (event.defaultPrevented) {
            const submission = parseSubmission(new FormData(event.currentTarget), createReferralSchema);
            if (submission.status === "error") toast(creatingFailedToast(joinedFieldMessages(submission.error)));
          }
        }}
        className="space-y-8"
      >
        <fieldset className="card space-y-5 sm:p-6">
          <legend className="px-1 text-lg font-bold">Patient Information</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            <InputField field={fields.patient_name} label="Patient name" required maxLength={100} autoComplete="off" />
            <InputField
              field={fields.patient_phone}
              label="Phone number"
              required
              type="tel"
              inputMode="tel"
              autoComplete="off"
              hint="Used to recognise a returning patient"
            />
            <InputField field={fields.patient_email} label={optional("Email")} type="email" autoComplete="off" />
            <InputField field={fields.patient_date_of_birth} label={optional("Date of birth")} type="date" />
          </div>
        </fieldset>

        <fieldset className="card space-y-5 sm:p-6">
          <legend className="px-1 text-lg font-bold">Referral Details</legend>
          <SelectField
            field={fields.facility_id}
            label="Facility"
            required
            placeholder="Select a facility"
            options={facilities.map((f) => ({ value: f.id, label: f.name }))}
          />
          <TextAreaField
            field={fields.chief_complaint}
            label="Chief complaint"
            required
            rows={3}
            hint="At most 500 characters"
          />
          <TextAreaField
            field={fields.clinical_notes}
            label={optional("Clinical notes")}
            rows={6}
            hint="History, findings, investigations and treatment so far (at most 5000 characters)"
          />
          <fieldset aria-describedby={urgencyError ? urgency.errorId : undefined}>
            <legend className="field-label">Urgency</legend>
            <div className="grid gap-3 sm:grid-cols-3">
              {URGENCY_OPTIONS.map((o) => (
                <label
                  key={o.value}
                  className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 has-checked:border-brand-600 has-checked:bg-brand-50"
                >
                  <input
                    key={urgency.key}
                    type="radio"
                    name={urgency.name}
                    value={o.value}
                    defaultChecked={o.value === urgencyValue}
                    className="mt-1 size-4 accent-brand-700"
                  />
                  <span>
                    <span className="block font-semibold">{o.label}</span>
                    <span className="block text-sm text-muted">{o.hint}</span>
                  </span>
                </label>
              ))}
            </div>
            {urgencyError ? (
              <p id={urgency.errorId} className="field-error">
                {urgencyError}
              </p>
            ) : null}
          </fieldset>
        </fieldset>

        <section aria-labelledby="fee-heading" className="card bg-brand-50 sm:p-6">
          <h2 id="fee-heading" className="text-lg font-bold">
            Fee Breakdown
          </h2>
          <dl className="mt-3 space-y-2">
            <div className="flex justify-between gap-4">
              <dt>Referral fee</dt>
              <dd className="font-semibold tabular-nums">{formatCedis(REFERRAL_FEE.total)}</dd>
            </div>
            <div className="flex justify-between gap-4 text-muted">
              <dt>Your share (doctor)</dt>
              <dd className="tabular-nums">{formatCedis(REFERRAL_FEE.doctorShare)}</dd>
            </div>
            <div className="flex justify-between gap-4 text-muted">
              <dt>Platform fee</dt>
              <dd className="tabular-nums">{formatCedis(REFERRAL_FEE.platformShare)}</dd>
            </div>
          </dl>
          <p className="mt-3 text-sm text-muted">Your share is paid to you once the facility completes the referral.</p>
        </section>

        <div className="flex flex-wrap gap-3">
          <SubmitButton busy={busy} busyLabel="Creating...">
            Create Referral
          </SubmitButton>
        </div>
      </Form>
    </div>
  );
}
