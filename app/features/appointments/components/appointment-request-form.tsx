import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useSchemaForm } from "~/components/forms/schema-form";
import { InputField, SelectField } from "~/components/ui/field";
import { useLocale } from "~/i18n/react";
import { FormKeyField } from "~/lib/idempotency";
import { appointmentRequestSchema } from "../appointment-schema";
import { DAY_PARTS, MESSAGE_LANGUAGES } from "../appointment-status";

/**
 * "Request an appointment" (issue 37): a plain form post, no JavaScript (the page ships none);
 * the server's answer brings each field's message back under it.
 */
export function AppointmentRequestForm({
  specialties,
  today,
  lastDay,
  lastResult,
}: {
  specialties: string[];
  today: string;
  lastDay: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  // The messages' language starts as the page's: a patient on /fr gets French SMS (issue 38).
  const locale = useLocale();
  const [form, fields] = useSchemaForm(appointmentRequestSchema, {
    id: "appointment",
    lastResult,
    defaultValue: { language: locale },
  });
  const partError = fields.part.errors?.[0];
  const consentError = fields.consent.errors?.[0];
  return (
    <form method="post" {...getFormProps(form)} aria-label="Request an appointment" className="mt-6 space-y-5">
      <FormKeyField form="appointment-request" />
      <InputField field={fields.name} label="Your name" autoComplete="name" maxLength={100} />
      <InputField
        field={fields.phone}
        label="Mobile number"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        hint="We send one SMS with a link: open it to send your request."
      />
      <SelectField
        field={fields.specialty}
        label="Specialty"
        placeholder="Choose a specialty"
        options={specialties.map((s) => ({ value: s, label: s }))}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={fields.day.id} className="field-label">
            Preferred day
          </label>
          <input
            id={fields.day.id}
            name={fields.day.name}
            type="date"
            min={today}
            max={lastDay}
            required
            defaultValue={fields.day.initialValue as string | undefined}
            aria-describedby={fields.day.errors?.length ? fields.day.errorId : undefined}
            className="field-input"
          />
          {fields.day.errors?.[0] ? (
            <p id={fields.day.errorId} className="field-error">
              {fields.day.errors[0]}
            </p>
          ) : null}
        </div>
        <fieldset aria-describedby={partError ? fields.part.errorId : undefined}>
          <legend className="field-label">Morning or afternoon</legend>
          <div className="mt-1 flex gap-4">
            {DAY_PARTS.map((part) => (
              <label key={part.value} className="inline-flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name={fields.part.name}
                  value={part.value}
                  required
                  defaultChecked={fields.part.initialValue === part.value}
                />
                {part.label}
              </label>
            ))}
          </div>
          {partError ? (
            <p id={fields.part.errorId} className="field-error">
              {partError}
            </p>
          ) : null}
        </fieldset>
      </div>
      <SelectField field={fields.language} label="Language for messages" options={MESSAGE_LANGUAGES} />
      <div>
        <label className="inline-flex items-start gap-2">
          <input
            type="checkbox"
            name={fields.consent.name}
            value="on"
            required
            className="mt-1"
            aria-describedby={consentError ? fields.consent.errorId : undefined}
          />
          <span>I agree to be contacted by SMS about this request.</span>
        </label>
        {consentError ? (
          <p id={fields.consent.errorId} className="field-error">
            {consentError}
          </p>
        ) : null}
      </div>
      <p className="text-sm text-muted">
        We keep only your name, number and preference, and remove them 90 days after the appointment. Please do not
        write anything about your health here.
      </p>
      <button type="submit" className="btn-primary">
        Send the SMS link
      </button>
    </form>
  );
}
