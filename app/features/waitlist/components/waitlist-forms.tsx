import { InputField, SelectField, TextAreaField } from "~/components/ui/field";
import { InlineNotice } from "~/components/ui/notice";
import type { WaitlistActionData } from "../waitlist-messages";
import { FACILITY_TYPES, type FieldErrors } from "../waitlist-schema";

type FormProps = {
  /** The action's answer to a post of this form, if any. */
  serverResult?: WaitlistActionData;
};

/**
 * What a waitlist form shows after the server's answer: the message (in the page; the page
 * script turns it into a toast), the field errors, and the typed values unless it succeeded.
 * With JavaScript (enhance/pages/hub.ts) the shared schema checks the values in the browser
 * before posting, and the post goes by fetch to the same action; this rendering of the answer
 * then replaces the form.
 */
function formState(serverResult: WaitlistActionData | undefined) {
  return {
    errors: (serverResult?.status === "invalid" ? serverResult.fieldErrors : undefined) ?? ({} as FieldErrors),
    notice: serverResult?.toast,
    values: serverResult?.status === "success" ? undefined : serverResult?.values,
  };
}

function RequiredNote() {
  return (
    <p className="mb-4 text-sm text-muted">
      Fields marked <span className="text-red-700">*</span> are required.
    </p>
  );
}

/** The fields both forms end with: country, phone and a message. */
function ReachFields({
  form,
  values,
  errors,
  messagePlaceholder,
}: {
  form: string;
  values: ReturnType<typeof formState>["values"];
  errors: FieldErrors;
  messagePlaceholder: string;
}) {
  return (
    <>
      <InputField
        form={form}
        name="country"
        label="Country"
        required
        autoComplete="country-name"
        defaultValue={values?.country}
        error={errors.country}
      />
      <InputField
        form={form}
        name="phone"
        label="Phone"
        type="tel"
        autoComplete="tel"
        defaultValue={values?.phone}
        error={errors.phone}
      />
      <TextAreaField
        form={form}
        name="message"
        label="Message"
        className="sm:col-span-2"
        placeholder={messagePlaceholder}
        defaultValue={values?.message}
        error={errors.message}
      />
    </>
  );
}

export function ProfessionalWaitlistForm({ specialties, serverResult }: FormProps & { specialties: string[] }) {
  const { errors, notice, values } = formState(serverResult);
  const form = "professional";
  return (
    <form id="professional-form" method="post" aria-label="Healthcare professional sign-up">
      <input type="hidden" name="userType" value="professional" />
      {notice ? <InlineNotice {...notice} className="mb-5" /> : null}
      <RequiredNote />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          form={form}
          name="fullName"
          label="Full Name"
          required
          autoComplete="name"
          defaultValue={values?.fullName}
          error={errors.fullName}
        />
        <InputField
          form={form}
          name="email"
          label="Email"
          type="email"
          required
          autoComplete="email"
          defaultValue={values?.email}
          error={errors.email}
        />
        <InputField
          form={form}
          name="professionalTitle"
          label="Professional Title"
          required
          placeholder="e.g. Consultant Oncologist"
          autoComplete="organization-title"
          defaultValue={values?.professionalTitle}
          error={errors.professionalTitle}
        />
        <SelectField
          form={form}
          name="specialty"
          label="Specialty"
          required
          placeholder="Select your specialty"
          options={specialties.map((s) => ({ value: s, label: s }))}
          defaultValue={values?.specialty}
          error={errors.specialty}
        />
        <InputField
          form={form}
          name="yearsOfExperience"
          label="Years of Experience"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          defaultValue={values?.yearsOfExperience}
          error={errors.yearsOfExperience}
        />
        <ReachFields
          form={form}
          values={values}
          errors={errors}
          messagePlaceholder="What would you like from this hub?"
        />
      </div>
      <button type="submit" className="btn-primary mt-6 w-full sm:w-auto" data-busy-label="Joining...">
        Join as a Founding Member
      </button>
    </form>
  );
}

export function FacilityWaitlistForm({ serverResult }: FormProps) {
  const { errors, notice, values } = formState(serverResult);
  const form = "facility";
  return (
    <form id="facility-form" method="post" aria-label="Healthcare facility registration">
      <input type="hidden" name="userType" value="facility" />
      {notice ? <InlineNotice {...notice} className="mb-5" /> : null}
      <RequiredNote />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          form={form}
          name="facilityName"
          label="Facility Name"
          required
          autoComplete="organization"
          defaultValue={values?.facilityName}
          error={errors.facilityName}
        />
        <InputField
          form={form}
          name="email"
          label="Email"
          type="email"
          required
          autoComplete="email"
          defaultValue={values?.email}
          error={errors.email}
        />
        <SelectField
          form={form}
          name="facilityType"
          label="Facility Type"
          required
          placeholder="Select a facility type"
          options={FACILITY_TYPES}
          defaultValue={values?.facilityType}
          error={errors.facilityType}
        />
        <InputField
          form={form}
          name="contactPerson"
          label="Contact Person"
          required
          autoComplete="name"
          defaultValue={values?.contactPerson}
          error={errors.contactPerson}
        />
        <ReachFields
          form={form}
          values={values}
          errors={errors}
          messagePlaceholder="Tell us about your facility and the patients you serve"
        />
      </div>
      <button type="submit" className="btn-primary mt-6 w-full sm:w-auto" data-busy-label="Registering...">
        Register Interest
      </button>
    </form>
  );
}
