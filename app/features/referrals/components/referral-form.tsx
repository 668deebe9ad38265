import type { ReactNode } from "react";
import type { CreateReferralField } from "../referral-schema";
import { formatCedis, REFERRAL_FEE, URGENCY_OPTIONS } from "../referral-status";

export type FieldErrors = Partial<Record<CreateReferralField, string>>;
export type ReferralFormValues = Partial<Record<CreateReferralField, string>>;

function Field({
  name,
  label,
  required,
  hint,
  error,
  children,
}: {
  name: CreateReferralField;
  label: string;
  required?: boolean;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={`referral-${name}`} className="field-label">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        ) : (
          <span className="font-normal text-muted"> (optional)</span>
        )}
      </label>
      {children}
      {hint ? (
        <p id={`referral-${name}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`referral-${name}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Create Referral (spec section 2): patient, facility, chief complaint, clinical notes, urgency
 * and the fee breakdown. The page script (enhance/pages/referrals-create.ts) checks it with the
 * action's own schema before sending; the server validates again and sets the fee itself.
 */
export function ReferralForm({
  facilities,
  serverErrors,
  values,
}: {
  facilities: ReadonlyArray<{ id: string; name: string }>;
  serverErrors?: FieldErrors;
  values?: ReferralFormValues;
}) {
  const errors = serverErrors ?? {};

  const input = (name: CreateReferralField, hint?: boolean) => ({
    id: `referral-${name}`,
    name,
    defaultValue: values?.[name] ?? "",
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby":
      [hint ? `referral-${name}-hint` : null, errors[name] ? `referral-${name}-error` : null]
        .filter(Boolean)
        .join(" ") || undefined,
    className: "field-input",
  });

  const urgency = values?.urgency_level ?? "routine";

  return (
    <form method="post" action="/referrals/create" noValidate id="referral-form" className="space-y-8">
      <fieldset className="card space-y-5 sm:p-6">
        <legend className="px-1 text-lg font-bold">Patient Information</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field name="patient_name" label="Patient name" required error={errors.patient_name}>
            <input {...input("patient_name")} type="text" autoComplete="off" required maxLength={100} />
          </Field>
          <Field
            name="patient_phone"
            label="Phone number"
            required
            hint="Used to recognise a returning patient"
            error={errors.patient_phone}
          >
            <input {...input("patient_phone", true)} type="tel" autoComplete="off" required inputMode="tel" />
          </Field>
          <Field name="patient_email" label="Email" error={errors.patient_email}>
            <input {...input("patient_email")} type="email" autoComplete="off" />
          </Field>
          <Field name="patient_date_of_birth" label="Date of birth" error={errors.patient_date_of_birth}>
            <input {...input("patient_date_of_birth")} type="date" />
          </Field>
        </div>
      </fieldset>

      <fieldset className="card space-y-5 sm:p-6">
        <legend className="px-1 text-lg font-bold">Referral Details</legend>
        <Field name="facility_id" label="Facility" required error={errors.facility_id}>
          <select {...input("facility_id")} required>
            <option value="">Select a facility</option>
            {facilities.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </select>
        </Field>
        <Field
          name="chief_complaint"
          label="Chief complaint"
          required
          hint="At most 500 characters"
          error={errors.chief_complaint}
        >
          <textarea {...input("chief_complaint", true)} required rows={3} />
        </Field>
        <Field
          name="clinical_notes"
          label="Clinical notes"
          hint="History, findings, investigations and treatment so far (at most 5000 characters)"
          error={errors.clinical_notes}
        >
          <textarea {...input("clinical_notes", true)} rows={6} />
        </Field>
        <fieldset aria-describedby={errors.urgency_level ? "referral-urgency_level-error" : undefined}>
          <legend className="field-label">Urgency</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            {URGENCY_OPTIONS.map((o) => (
              <label
                key={o.value}
                className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 has-checked:border-brand-600 has-checked:bg-brand-50"
              >
                <input
                  type="radio"
                  name="urgency_level"
                  value={o.value}
                  defaultChecked={o.value === urgency}
                  className="mt-1 size-4 accent-brand-700"
                />
                <span>
                  <span className="block font-semibold">{o.label}</span>
                  <span className="block text-sm text-muted">{o.hint}</span>
                </span>
              </label>
            ))}
          </div>
          {errors.urgency_level ? (
            <p id="referral-urgency_level-error" className="field-error">
              {errors.urgency_level}
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
        <button type="submit" className="btn-primary" data-busy-label="Creating Referral...">
          Create Referral
        </button>
      </div>
    </form>
  );
}
