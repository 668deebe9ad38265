import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useSchemaForm } from "~/components/forms/schema-form";
import { InputField, SelectField } from "~/components/ui/field";
import { SPECIALTY_OPTIONS } from "~/features/facilities/public";
import { useLocale, useT } from "~/i18n/react";
import { FormKeyField } from "~/lib/idempotency";
import { appointmentRequestSchema } from "../appointment-schema";
import { DAY_PARTS, MESSAGE_LANGUAGES } from "../appointment-status";

/**
 * The specialties the directory lists, and the general consultation a facility without any offers
 * (appointment-request.server.ts), are catalogue texts: shown in the page's language, posted in
 * English. A facility's other specialties are its own words, shown as written.
 */
const LISTED_SPECIALTIES = new Set<string>([...SPECIALTY_OPTIONS.map((o) => o.label), "General consultation"]);

/**
 * "Request an appointment" (decision 041): a plain form post, no JavaScript (the page ships none);
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
  // The messages' language starts as the page's: a patient on /fr gets French SMS (decision 048).
  const locale = useLocale();
  const t = useT();
  const [form, fields] = useSchemaForm(appointmentRequestSchema, {
    id: "appointment",
    lastResult,
    defaultValue: { language: locale },
  });
  const partError = fields.part.errors?.[0];
  const consentError = fields.consent.errors?.[0];
  return (
    <form method="post" {...getFormProps(form)} aria-label={t("Request an appointment")} className="mt-6 space-y-5">
      <FormKeyField form="appointment-request" />
      <InputField field={fields.name} label={t("Your name")} autoComplete="name" maxLength={100} />
      <InputField
        field={fields.phone}
        label={t("Mobile number")}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        hint={t("We send one SMS with a link: open it to send your request.")}
      />
      <SelectField
        field={fields.specialty}
        label={t("Specialty")}
        placeholder={t("Choose a specialty")}
        options={specialties.map((s) => ({ value: s, label: LISTED_SPECIALTIES.has(s) ? t(s) : s }))}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={fields.day.id} className="field-label">
            {t("Preferred day")}
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
              {t(fields.day.errors[0])}
            </p>
          ) : null}
        </div>
        <fieldset aria-describedby={partError ? fields.part.errorId : undefined}>
          <legend className="field-label">{t("Morning or afternoon")}</legend>
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
                {t(part.label)}
              </label>
            ))}
          </div>
          {partError ? (
            <p id={fields.part.errorId} className="field-error">
              {t(partError)}
            </p>
          ) : null}
        </fieldset>
      </div>
      {/* Each language by its own name ("Français", "Twi (Akan)"): not translated. */}
      <SelectField field={fields.language} label={t("Language for messages")} options={MESSAGE_LANGUAGES} />
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
          <span>{t("I agree to be contacted by SMS about this request.")}</span>
        </label>
        {consentError ? (
          <p id={fields.consent.errorId} className="field-error">
            {t(consentError)}
          </p>
        ) : null}
      </div>
      <p className="text-sm text-muted">
        {t(
          "We keep only your name, number and preference, and remove them 90 days after the appointment. Please do not write anything about your health here.",
        )}
      </p>
      <button type="submit" className="btn-primary">
        {t("Send the SMS link")}
      </button>
    </form>
  );
}
