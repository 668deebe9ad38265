import { type FormEvent, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast, useToastOnResult } from "~/components/ui/toast";
import { validationNotice, type WaitlistActionData, type WaitlistNotice } from "../waitlist-messages";
import { FACILITY_TYPES, type FieldErrors, parseWaitlistSubmission } from "../waitlist-schema";
import { SelectField, TextAreaField, TextField } from "./field";

type FormProps = {
  /** The action's answer to a plain (no-JavaScript) post of this form, if any. */
  serverResult?: WaitlistActionData;
};

/**
 * One waitlist form's behaviour: the shared schema checks the values in the browser before
 * posting; the fetcher posts without leaving the page; the answer becomes a toast; success
 * clears the form. Without JavaScript the same form posts normally and `serverResult` brings
 * back the message, the field errors and the typed values.
 */
function useWaitlistForm(serverResult: WaitlistActionData | undefined) {
  const fetcher = useFetcher<WaitlistActionData>();
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const busy = fetcher.state !== "idle";
  useToastOnResult(fetcher.data);

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.status === "success") formRef.current?.reset();
  }, [fetcher.state, fetcher.data]);

  const result = fetcher.data ?? serverResult;
  const errors: FieldErrors = clientErrors ?? (!busy && result?.status === "invalid" ? (result.fieldErrors ?? {}) : {});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const parsed = parseWaitlistSubmission(Object.fromEntries(new FormData(form)));
    if (parsed.ok) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(parsed.fieldErrors);
    toast(validationNotice(parsed.message));
    const first = Object.keys(parsed.fieldErrors)[0];
    const field = first ? form.elements.namedItem(first) : null;
    if (field instanceof HTMLElement) field.focus();
  }

  return {
    fetcher,
    formRef,
    busy,
    errors,
    onSubmit,
    /** Shown in the page only for a plain post's answer; with JavaScript the toast says it. */
    inline: fetcher.data ? undefined : serverResult?.toast,
    values: fetcher.data || serverResult?.status === "success" ? undefined : serverResult?.values,
  };
}

function InlineNotice({ notice }: { notice?: WaitlistNotice }) {
  if (!notice) return null;
  const destructive = notice.variant === "destructive";
  return (
    <div
      role={destructive ? "alert" : "status"}
      className={`mb-5 rounded-xl border p-4 ${
        destructive ? "border-red-300 bg-red-50 text-red-900" : "border-brand-200 bg-brand-50 text-brand-900"
      }`}
    >
      <p className="font-semibold">{notice.title}</p>
      <p className="mt-1 text-sm">{notice.description}</p>
    </div>
  );
}

function RequiredNote() {
  return (
    <p className="mb-4 text-sm text-muted">
      Fields marked <span className="text-red-700">*</span> are required.
    </p>
  );
}

export function ProfessionalWaitlistForm({ specialties, serverResult }: FormProps & { specialties: string[] }) {
  const { fetcher, formRef, busy, errors, onSubmit, inline, values } = useWaitlistForm(serverResult);
  const form = "professional";
  return (
    <fetcher.Form method="post" ref={formRef} onSubmit={onSubmit} aria-label="Healthcare professional sign-up">
      <input type="hidden" name="userType" value="professional" />
      <InlineNotice notice={inline} />
      <RequiredNote />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          form={form}
          name="fullName"
          label="Full Name"
          required
          autoComplete="name"
          defaultValue={values?.fullName}
          error={errors.fullName}
        />
        <TextField
          form={form}
          name="email"
          label="Email"
          type="email"
          required
          autoComplete="email"
          defaultValue={values?.email}
          error={errors.email}
        />
        <TextField
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
        <TextField
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
        <TextField
          form={form}
          name="country"
          label="Country"
          required
          autoComplete="country-name"
          defaultValue={values?.country}
          error={errors.country}
        />
        <TextField
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
          placeholder="What would you like from this hub?"
          defaultValue={values?.message}
          error={errors.message}
        />
      </div>
      <button type="submit" className="btn-primary mt-6 w-full sm:w-auto" disabled={busy}>
        {busy ? "Joining..." : "Join as a Founding Member"}
      </button>
    </fetcher.Form>
  );
}

export function FacilityWaitlistForm({ serverResult }: FormProps) {
  const { fetcher, formRef, busy, errors, onSubmit, inline, values } = useWaitlistForm(serverResult);
  const form = "facility";
  return (
    <fetcher.Form method="post" ref={formRef} onSubmit={onSubmit} aria-label="Healthcare facility registration">
      <input type="hidden" name="userType" value="facility" />
      <InlineNotice notice={inline} />
      <RequiredNote />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          form={form}
          name="facilityName"
          label="Facility Name"
          required
          autoComplete="organization"
          defaultValue={values?.facilityName}
          error={errors.facilityName}
        />
        <TextField
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
        <TextField
          form={form}
          name="contactPerson"
          label="Contact Person"
          required
          autoComplete="name"
          defaultValue={values?.contactPerson}
          error={errors.contactPerson}
        />
        <TextField
          form={form}
          name="country"
          label="Country"
          required
          autoComplete="country-name"
          defaultValue={values?.country}
          error={errors.country}
        />
        <TextField
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
          placeholder="Tell us about your facility and the patients you serve"
          defaultValue={values?.message}
          error={errors.message}
        />
      </div>
      <button type="submit" className="btn-primary mt-6 w-full sm:w-auto" disabled={busy}>
        {busy ? "Registering..." : "Register Interest"}
      </button>
    </fetcher.Form>
  );
}
