import { getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { FormNotice, SubmitButton } from "~/components/forms/form-parts";
import { type FormAnswer, useIsSubmitting, useSchemaForm } from "~/components/forms/schema-form";
import { InputField, SelectField, TextAreaField } from "~/components/ui/field";
import { useT } from "~/i18n/react";
import { FormKeyField } from "~/lib/idempotency";
import { validationNotice } from "../waitlist-messages";
import {
  FACILITY_TYPES,
  facilityWaitlistSchema,
  patientWaitlistSchema,
  professionalWaitlistSchema,
  SMS_CONSENT_LABEL,
  type UserType,
} from "../waitlist-schema";

/**
 * What the hub page's action answers to a sign-up (formAction's answer): the form it was for,
 * `ok`, Conform's result (field errors and the typed values, or a reset after success) and the
 * spec's toast.
 */
export type WaitlistAnswer = FormAnswer<{ userType: UserType | null; ok: boolean }>;

type FormProps = {
  /** The hub page's address: both forms post to its action. */
  action: string;
  /** The action's answer to a post of this form, if any. */
  answer?: WaitlistAnswer;
};

/** True while this form (of the two posting to the hub page) is on its way: its busy label. */
function useIsJoining(action: string, userType: UserType): boolean {
  const submitting = useIsSubmitting({ formAction: action });
  const navigation = useNavigation();
  return submitting && navigation.formData?.get("userType") === userType;
}

/**
 * The SMS consent beside the optional phone, unticked by default: ticked, launch and
 * update SMS go to that number (with a link to stop them in each). Its message, when a rule needs
 * it ticked (a patient with a number and no email, decision 029), is under it and read with it.
 */
function SmsConsentField({
  field,
}: {
  field: { name: string; id: string; errorId: string; initialValue?: unknown; errors?: string[] };
}) {
  const error = field.errors?.[0];
  const t = useT();
  return (
    <div className="sm:col-span-2">
      <label htmlFor={field.id} className="inline-flex min-h-11 items-center gap-2">
        <input
          type="checkbox"
          id={field.id}
          name={field.name}
          value="on"
          defaultChecked={field.initialValue === "on"}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? field.errorId : undefined}
          className="size-5"
        />
        {t(SMS_CONSENT_LABEL)}
      </label>
      {error ? (
        <p id={field.errorId} className="field-error">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

function RequiredNote() {
  const t = useT();
  const [before, after] = t("form.requiredNote", { mark: "\u0000" }).split("\u0000");
  return (
    <p className="mb-4 text-sm text-muted">
      {before}
      <span className="text-red-700">*</span>
      {after}
    </p>
  );
}

/**
 * What the three sign-ups share: the post to the hub page with its key and `userType`, the answer's
 * notice, the required-fields note, `intro`, the fields (`children`, two columns from a small
 * tablet up) and the submit button with its busy label.
 */
function WaitlistForm({
  userType,
  formProps,
  action,
  answer,
  label,
  intro,
  submit,
  busyLabel,
  children,
}: FormProps & {
  userType: UserType;
  /** Conform's props of the form (`getFormProps(form)`). */
  formProps: ReturnType<typeof getFormProps>;
  label: string;
  intro?: ReactNode;
  submit: string;
  busyLabel: string;
  children: ReactNode;
}) {
  const busy = useIsJoining(action, userType);
  return (
    <Form method="post" action={action} {...formProps} aria-label={label}>
      <FormKeyField form={`waitlist-${userType}`} />
      <input type="hidden" name="userType" value={userType} />
      <FormNotice answer={answer} />
      <RequiredNote />
      {intro}
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
      <SubmitButton busy={busy} busyLabel={busyLabel} className="btn-primary mt-6 w-full sm:w-auto">
        {submit}
      </SubmitButton>
    </Form>
  );
}

/**
 * The professional sign-up (spec sections 3 and 5). The schema checks it in the browser (the
 * spec's "Validation Error" toast and the messages by the fields) and again in the action;
 * without JavaScript it is a plain post and the answer comes back in the page.
 */
export function ProfessionalWaitlistForm({ specialties, action, answer }: FormProps & { specialties: string[] }) {
  const [form, fields] = useSchemaForm(professionalWaitlistSchema, {
    id: "professional",
    lastResult: answer?.result,
    invalidToast: validationNotice,
  });
  const t = useT();
  return (
    <WaitlistForm
      userType="professional"
      formProps={getFormProps(form)}
      action={action}
      answer={answer}
      label={t("Healthcare professional sign-up")}
      submit={t("Join as a Founding Member")}
      busyLabel={t("Joining...")}
    >
      <InputField field={fields.fullName} label={t("Full Name")} required autoComplete="name" />
      <InputField field={fields.email} label={t("Email")} type="email" required autoComplete="email" />
      <InputField
        field={fields.professionalTitle}
        label={t("Professional Title")}
        placeholder={t("e.g. Consultant Oncologist")}
        autoComplete="organization-title"
      />
      <SelectField
        field={fields.specialty}
        label={t("Specialty")}
        placeholder={t("Select your specialty")}
        options={specialties.map((s) => ({ value: s, label: s }))}
      />
      <InputField
        field={fields.yearsOfExperience}
        label={t("Years of Experience")}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
      />
      <InputField field={fields.country} label={t("Country")} required autoComplete="country-name" />
      <InputField field={fields.phone} label={t("Phone")} type="tel" autoComplete="tel" />
      <SmsConsentField field={fields.smsConsent} />
      <TextAreaField
        field={fields.message}
        label={t("Message")}
        className="sm:col-span-2"
        placeholder={t("What would you like from this hub?")}
      />
    </WaitlistForm>
  );
}

/** The facility registration (spec sections 3 and 5), the same way as the professional form. */
export function FacilityWaitlistForm({ action, answer }: FormProps) {
  const [form, fields] = useSchemaForm(facilityWaitlistSchema, {
    id: "facility",
    lastResult: answer?.result,
    invalidToast: validationNotice,
  });
  const t = useT();
  return (
    <WaitlistForm
      userType="facility"
      formProps={getFormProps(form)}
      action={action}
      answer={answer}
      label={t("Healthcare facility registration")}
      submit={t("Register Interest")}
      busyLabel={t("Registering...")}
    >
      <InputField field={fields.facilityName} label={t("Facility Name")} required autoComplete="organization" />
      <InputField field={fields.email} label={t("Email")} type="email" required autoComplete="email" />
      <SelectField
        field={fields.facilityType}
        label={t("Facility Type")}
        required
        placeholder={t("Select a facility type")}
        options={FACILITY_TYPES.map((type) => ({ value: type.value, label: t(type.label) }))}
      />
      <InputField field={fields.contactPerson} label={t("Contact Person")} required autoComplete="name" />
      <InputField field={fields.country} label={t("Country")} required autoComplete="country-name" />
      <InputField field={fields.phone} label={t("Phone")} type="tel" autoComplete="tel" />
      <SmsConsentField field={fields.smsConsent} />
      <TextAreaField
        field={fields.message}
        label={t("Message")}
        className="sm:col-span-2"
        placeholder={t("Tell us about your facility and the patients you serve")}
      />
    </WaitlistForm>
  );
}

/**
 * A patient or a family member (decision 029): a name, and an email or a mobile number (or both). With
 * a number alone, the SMS box is required (the only way to reach them). No clinical details: the
 * hub's launch and updates only.
 */
export function PatientWaitlistForm({ action, answer }: FormProps) {
  const [form, fields] = useSchemaForm(patientWaitlistSchema, {
    id: "patient",
    lastResult: answer?.result,
    invalidToast: validationNotice,
  });
  const t = useT();
  return (
    <WaitlistForm
      userType="patient"
      formProps={getFormProps(form)}
      action={action}
      answer={answer}
      label={t("Patient or family member sign-up")}
      intro={
        <p className="mb-4 text-sm text-muted">
          {t("Hear when this hub opens. Please do not share medical details here: we only send news about the hub.")}
        </p>
      }
      submit={t("Join the Waitlist")}
      busyLabel={t("Joining...")}
    >
      <InputField field={fields.fullName} label={t("Full Name")} required autoComplete="name" />
      <InputField
        field={fields.email}
        label={t("Email")}
        type="email"
        autoComplete="email"
        hint={t("Or leave it empty and give a mobile number for SMS.")}
      />
      <InputField field={fields.phone} label={t("Mobile number")} type="tel" autoComplete="tel" />
      <SmsConsentField field={fields.smsConsent} />
    </WaitlistForm>
  );
}
