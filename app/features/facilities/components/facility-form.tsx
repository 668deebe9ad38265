import { getFormProps, getInputProps } from "@conform-to/react";
import { useState } from "react";
import { Form } from "react-router";
import { DraftNotice } from "~/components/forms/draft-notice";
import { ErrorSummary, FormNotice, SubmitButton } from "~/components/forms/form-parts";
import { type FormAnswer, useIsSubmitting, useSchemaForm } from "~/components/forms/schema-form";
import { fieldError, InputField, SelectField, TextAreaField } from "~/components/ui/field";
import type { facilities } from "~/db/schema";
import { useLocale, useT } from "~/i18n/react";
import { useFormDraft, useResendWhenOnline } from "~/lib/drafts";
import { FormKeyField } from "~/lib/idempotency";
import { useHydrated } from "~/lib/use-hydrated";
import { COUNTRY_OPTIONS, SERVICE_OPTIONS, TYPE_OPTIONS } from "../facility-options";
import { FACILITY_FIELDS, facilitySchema } from "../facility-schema";
import { hoursToForm, WEEKDAYS, weekdayName } from "../opening-hours";

export type FacilityFormAnswer = FormAnswer<{ intent?: string }>;
type Facility = typeof facilities.$inferSelect;

/** The editor's values for a stored facility (lists one item per line). */
export function facilityFormValues(f: Facility): Record<string, string> {
  return {
    name: f.name,
    type: f.type,
    location: f.location,
    country: f.country,
    address: f.address,
    description: f.description,
    description_fr: f.descriptionFr ?? "",
    about: f.about,
    mission: f.mission ?? "",
    vision: f.vision ?? "",
    partnerships: (f.partnerships ?? []).join("\n"),
    services: f.services.join("\n"),
    specialties: f.specialtyDetails.map((s) => (s.description ? `${s.name}: ${s.description}` : s.name)).join("\n"),
    professionals: f.professionals.join("\n"),
    languages: f.languages.join("\n"),
    insurance: f.insurance.join("\n"),
    phones: f.contact.phones.join("\n"),
    on_call_phone: f.onCallPhone ?? "",
    email: f.contact.email,
    website: f.contact.website ?? "",
    facebook: f.contact.facebook ?? "",
    instagram: f.contact.instagram ?? "",
    emergency: f.emergency ? "on" : "",
    nhis_accepted: f.nhisAccepted ? "on" : "",
    hefra_licence: f.hefraLicence ?? "",
    licence_verified_on: f.licenceVerifiedOn ?? "",
    latitude: f.latitude === null ? "" : String(f.latitude),
    longitude: f.longitude === null ? "" : String(f.longitude),
    ...hoursToForm(f.openingHours),
  };
}

/**
 * Every field of a facility's directory card and profile (decision 021), for a system administrator
 * (add or edit, the Verified mark and the licence's verified date) or the facility's own
 * administrator (who sees neither of those two; the server ignores them from them). One schema
 * checks it here and again in the action; without JavaScript it is a plain post and comes back
 * with the errors and the typed values.
 */
export function FacilityForm({
  action,
  answer,
  initial,
  categories,
  canVerify,
  submitLabel,
  busyLabel,
  draft: draftOf,
  networkFailed = false,
}: {
  action: string;
  answer: FacilityFormAnswer | undefined;
  initial?: Record<string, string>;
  /** The directory's service filter codes the facility has (checkboxes). */
  categories: readonly string[];
  canVerify: boolean;
  submitLabel: string;
  busyLabel: string;
  /** Keeps the form on this device as the signed-in person's draft, named `form` (decision 027). */
  draft: { user: string; form: string };
  /** The last post of the form failed for the network. */
  networkFailed?: boolean;
}) {
  const [form, fields] = useSchemaForm(facilitySchema, {
    id: "facility",
    lastResult: answer?.intent === "save" || answer?.intent === undefined ? answer?.result : undefined,
    defaultValue: initial ?? { hours_mode: "unknown", type: "", country: "ghana" },
  });
  const busy = useIsSubmitting({ formAction: action, intent: "save" });
  const initialMode = String(fields.hours_mode.initialValue ?? "unknown");
  const [hoursMode, setHoursMode] = useState(initialMode);
  const formProps = getFormProps(form);
  const hydrated = useHydrated();
  const draft = useFormDraft({ formId: form.id, user: draftOf.user, form: draftOf.form, patientData: false });
  useResendWhenOnline(form.id, networkFailed || draft.unsent);
  const t = useT();
  const locale = useLocale();
  const optional = (label: string) => (
    <>
      {t(label)} <span className="font-normal text-muted">{t("(optional)")}</span>
    </>
  );
  const perLine = t("One per line.");
  const translated = (options: ReadonlyArray<{ value: string; label: string }>) =>
    options.map((o) => ({ value: o.value, label: t(o.label) }));

  return (
    <div>
      <FormNotice answer={answer?.intent === "save" || answer?.intent === undefined ? answer : undefined} />
      <DraftNotice
        draft={draft}
        networkFailed={networkFailed}
        offlineMessage={t("No connection. Your changes are saved on this phone; send them when you are back online.")}
      />
      <ErrorSummary form={form} labels={FACILITY_FIELDS} />
      <Form method="post" action={action} {...formProps} className="space-y-8">
        <input type="hidden" name="intent" value="save" />
        <FormKeyField form="facility" />
        <fieldset className="card space-y-5 sm:p-6">
          <legend className="px-1 text-lg font-bold">{t("Directory card")}</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            <InputField
              field={fields.name}
              label={t("Name")}
              required
              maxLength={200}
              hint={
                canVerify
                  ? undefined
                  : t("Changing the name removes the Verified tick until a system administrator checks it again.")
              }
            />
            <SelectField
              field={fields.type}
              label={t("Facility type")}
              required
              placeholder={t("Choose a type")}
              options={translated(TYPE_OPTIONS)}
            />
            <InputField
              field={fields.location}
              label={t("Location")}
              required
              hint={t("Town and country, e.g. Ho, Ghana")}
            />
            <SelectField field={fields.country} label={t("Country")} required options={translated(COUNTRY_OPTIONS)} />
          </div>
          <InputField field={fields.address} label={t("Address")} required maxLength={300} />
          <div className="grid gap-5 sm:grid-cols-2">
            <InputField
              field={fields.latitude}
              label={optional("Latitude")}
              required={false}
              inputMode="decimal"
              hint={t(
                "Decimal degrees, north positive (Accra: 5.6037). Hospital systems read it as the site's position.",
              )}
            />
            <InputField
              field={fields.longitude}
              label={optional("Longitude")}
              required={false}
              inputMode="decimal"
              hint={t("Decimal degrees, east positive (Accra: -0.1870).")}
            />
          </div>
          <TextAreaField
            field={fields.description}
            label={t("Short description")}
            required
            rows={3}
            hint={t("Shown on the directory card (up to 500 characters).")}
          />
          <TextAreaField
            field={fields.description_fr}
            label={t("Short description in French")}
            required={false}
            rows={3}
            hint={t("Shown on the French pages (/fr). Left empty, they show the English description.")}
          />
          <fieldset>
            <legend className="field-label">{t("Services in the directory's filter")}</legend>
            <div className="mt-1 flex flex-wrap gap-x-6 gap-y-2">
              {SERVICE_OPTIONS.map((option) => (
                <label key={option.value} className="inline-flex min-h-11 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="service_categories"
                    value={option.value}
                    defaultChecked={categories.includes(option.value)}
                    className="size-5 accent-brand-700"
                  />
                  {t(option.label)}
                </label>
              ))}
            </div>
            {fieldError(fields.service_categories) ? (
              <p className="field-error">{t(fieldError(fields.service_categories) ?? "")}</p>
            ) : null}
          </fieldset>
          <div className="flex flex-wrap gap-x-8 gap-y-2">
            <Checkbox field={fields.emergency} label={t("24/7 emergency services")} />
            <Checkbox field={fields.nhis_accepted} label={t("Accepts NHIS (National Health Insurance)")} />
          </div>
        </fieldset>

        <fieldset className="card space-y-5 sm:p-6">
          <legend className="px-1 text-lg font-bold">{t("Profile")}</legend>
          <TextAreaField field={fields.about} label={t("facilityForm.about")} required rows={6} />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextAreaField field={fields.mission} label={optional("facilityForm.mission")} required={false} rows={3} />
            <TextAreaField field={fields.vision} label={optional("facilityForm.vision")} required={false} rows={3} />
          </div>
          <TextAreaField
            field={fields.specialties}
            label={t("Medical specialties")}
            required
            rows={5}
            hint={t(
              'One per line, as "Name: what you offer", e.g. "Cardiology: Heart checks, ECG and echocardiography".',
            )}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextAreaField field={fields.services} label={t("Services offered")} required rows={5} hint={perLine} />
            <TextAreaField
              field={fields.professionals}
              label={optional("Health professionals")}
              required={false}
              rows={5}
              hint={perLine}
            />
            <TextAreaField field={fields.languages} label={t("Languages spoken")} required rows={3} hint={perLine} />
            <TextAreaField
              field={fields.insurance}
              label={optional("Insurance accepted")}
              required={false}
              rows={3}
              hint={perLine}
            />
          </div>
          <TextAreaField
            field={fields.partnerships}
            label={optional("Partnerships & affiliations")}
            required={false}
            rows={3}
            hint={perLine}
          />
        </fieldset>

        <fieldset className="card space-y-5 sm:p-6">
          <legend className="px-1 text-lg font-bold">{t("Contact")}</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextAreaField
              field={fields.phones}
              label={t("Phone numbers")}
              required
              rows={3}
              hint={t("One per line, e.g. +233 30 000 0000. The first is the Call Now button.")}
            />
            <InputField
              field={fields.on_call_phone}
              label={optional("On-call mobile number")}
              required={false}
              type="tel"
              inputMode="tel"
              autoComplete="off"
              maxLength={20}
              hint={t(
                "The duty phone that gets an SMS for each new referral, and again if an emergency waits. Not shown to the public.",
              )}
            />
            <InputField field={fields.email} label={t("Email")} required type="email" autoComplete="off" />
            <InputField field={fields.website} label={optional("Website")} required={false} placeholder="https://" />
            <InputField
              field={fields.facebook}
              label={optional("Facebook page")}
              required={false}
              placeholder="https://"
            />
            <InputField
              field={fields.instagram}
              label={optional("Instagram page")}
              required={false}
              placeholder="https://"
            />
          </div>
        </fieldset>

        <fieldset className="card space-y-4 sm:p-6">
          <legend className="px-1 text-lg font-bold">{t("Opening hours")}</legend>
          <div role="radiogroup" aria-labelledby="hours-mode-label" className="space-y-1">
            <p id="hours-mode-label" className="field-label">
              {t("How are the hours given?")}
            </p>
            {[
              { value: "unknown", label: "Not shown on the profile" },
              { value: "all-day", label: "Open 24 hours, every day" },
              { value: "weekly", label: "Hours per weekday" },
            ].map((option) => (
              <label key={option.value} className="flex min-h-11 items-center gap-3 text-sm">
                <input
                  type="radio"
                  name="hours_mode"
                  value={option.value}
                  defaultChecked={initialMode === option.value}
                  onChange={() => setHoursMode(option.value)}
                  className="size-5 accent-brand-700"
                />
                {t(option.label)}
              </label>
            ))}
            {fieldError(fields.hours_mode) ? (
              <p id={fields.hours_mode.errorId} className="field-error">
                {t(fieldError(fields.hours_mode) ?? "")}
              </p>
            ) : null}
          </div>
          {/* Without JavaScript every row shows; they are read only for "Hours per weekday". */}
          <div className="space-y-3" hidden={hydrated && hoursMode !== "weekly"}>
            <p className="text-sm text-muted">{t("Ghana time, 24-hour clock. Leave both empty for a closed day.")}</p>
            {WEEKDAYS.map((day, index) => {
              const dayName = weekdayName(index, locale, "long");
              const opens = fields[`hours_${day.key}_opens`];
              const closes = fields[`hours_${day.key}_closes`];
              const error = fieldError(opens) ?? fieldError(closes);
              return (
                // On a phone the day has its own line, so each time box is wide enough to show its
                // whole time ("08:0" cut off at 360 px).
                <div
                  key={day.key}
                  className="grid grid-cols-2 items-center gap-x-2 gap-y-1 sm:grid-cols-[5.5rem_minmax(0,1fr)_minmax(0,1fr)] sm:gap-3"
                >
                  <span className="col-span-2 text-sm font-medium sm:col-span-1">{dayName}</span>
                  <label className="sr-only" htmlFor={opens.id}>
                    {t("facilityForm.opens", { day: dayName })}
                  </label>
                  <input
                    {...getInputProps(opens, { type: "time" })}
                    key={opens.key}
                    aria-invalid={error ? true : undefined}
                    className="field-input min-w-0"
                  />
                  <label className="sr-only" htmlFor={closes.id}>
                    {t("facilityForm.closes", { day: dayName })}
                  </label>
                  <input
                    {...getInputProps(closes, { type: "time" })}
                    key={closes.key}
                    aria-invalid={error ? true : undefined}
                    className="field-input min-w-0"
                  />
                  {error ? <p className="field-error col-span-2 sm:col-span-3">{t(error)}</p> : null}
                </div>
              );
            })}
          </div>
        </fieldset>

        <fieldset className="card space-y-5 sm:p-6">
          <legend className="px-1 text-lg font-bold">{t("Licence")}</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            <InputField
              field={fields.hefra_licence}
              label={optional("HeFRA licence number")}
              required={false}
              hint={t("The Health Facilities Regulatory Agency's licence number.")}
            />
            {canVerify ? (
              <InputField
                field={fields.licence_verified_on}
                label={optional("Licence verified on")}
                required={false}
                type="date"
                hint={t(
                  'The date you checked the licence with HeFRA: the directory and the profile show the tick, "HeFRA licence verified" and this date. Empty: not verified.',
                )}
              />
            ) : (
              <p className="self-end text-sm text-muted">
                {t(
                  'A system administrator verifies the licence. Changing the number (or the name) removes the "HeFRA licence verified" tick until it is checked again.',
                )}
              </p>
            )}
          </div>
        </fieldset>

        <SubmitButton busy={busy} busyLabel={busyLabel}>
          {submitLabel}
        </SubmitButton>
      </Form>
    </div>
  );
}

function Checkbox({
  field,
  label,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: a checkbox field of the facility schema
  field: any;
  label: string;
}) {
  const { key, ...props } = getInputProps(field, { type: "checkbox" });
  return (
    <label className="inline-flex min-h-11 items-center gap-3 text-sm font-medium">
      <input key={key} {...props} className="size-5 accent-brand-700" />
      {label}
    </label>
  );
}
