import { ROLE_LABELS, ROLES } from "~/auth/roles";
import { InputField, SelectField } from "~/components/ui/field";
import { InlineNotice } from "~/components/ui/notice";
import type { RegisterActionData } from "../action-data";

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/**
 * Register (spec sections 2, 3 and 5), rendered on the server. The specialty shows for doctors
 * and the facility select for facility administrators; CSS (`:has`) does the switching, so it
 * works without JavaScript. With JavaScript the page script (enhance/pages/auth.ts) checks the
 * shared schema first and sends the form with fetch; this rendering of the answer (the form
 * again, or the confirmation) then replaces the region.
 */
export function RegisterForm({
  result,
  facilities,
}: {
  result: RegisterActionData | undefined;
  facilities: ReadonlyArray<{ id: string; name: string }>;
}) {
  return (
    <div id="register-region" data-form-region>
      <RegisterFormContent result={result} facilities={facilities} />
    </div>
  );
}

function RegisterFormContent({
  result,
  facilities,
}: {
  result: RegisterActionData | undefined;
  facilities: ReadonlyArray<{ id: string; name: string }>;
}) {
  if (result?.status === "registered") {
    return (
      <div
        role="status"
        data-notice="success"
        data-notice-title={result.toast.title}
        data-notice-description={result.toast.description}
        data-notice-stays
        className="rounded-xl border border-brand-200 bg-brand-50 p-5 text-brand-900"
      >
        <h2 className="text-lg font-semibold">{result.toast.title}</h2>
        <p className="mt-1">{result.toast.description}</p>
        <p className="mt-3 text-sm">
          The link in the email confirms your address. Then sign in: doctors and administrators can use their dashboard
          once a system administrator has approved the account.
        </p>
        <a href="/auth?tab=signin" className="btn-secondary mt-4">
          Back to Sign In
        </a>
      </div>
    );
  }

  const errors = result?.fieldErrors ?? {};
  const values = result?.values ?? {};

  return (
    <>
      {result ? <InlineNotice {...result.toast} /> : null}
      <form
        id="register-form"
        method="post"
        action="/auth?tab=register"
        noValidate
        className="group/register space-y-5"
      >
        <input type="hidden" name="intent" value="register" />
        <InputField
          form="register"
          name="full_name"
          label="Full Name"
          autoComplete="name"
          required
          defaultValue={values.full_name}
          error={errors.full_name}
        />
        <InputField
          form="register"
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          defaultValue={values.email}
          error={errors.email}
        />
        <InputField
          form="register"
          name="phone"
          label="Phone Number"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          required
          defaultValue={values.phone}
          error={errors.phone}
        />
        <InputField
          form="register"
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 8 characters."
          error={errors.password}
        />
        <InputField
          form="register"
          name="confirmPassword"
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword}
        />
        <SelectField
          form="register"
          name="role"
          label="Role"
          required
          options={ROLE_OPTIONS}
          defaultValue={values.role ?? "doctor"}
          hint="Doctors, facility administrators and system administrators start pending until a system administrator approves the account."
          error={errors.role}
        />
        <InputField
          form="register"
          name="specialty"
          label="Specialty (optional)"
          autoComplete="off"
          defaultValue={values.specialty}
          error={errors.specialty}
          className="hidden group-has-[option[value=doctor]:checked]/register:block"
        />
        <SelectField
          form="register"
          name="facility_id"
          label="Facility you run"
          required
          placeholder="Select your facility"
          options={facilities.map((f) => ({ value: f.id, label: f.name }))}
          defaultValue={values.facility_id}
          error={errors.facility_id}
          className="hidden group-has-[option[value^=facility]:checked]/register:block"
        />
        <button type="submit" className="btn-primary w-full" data-busy-label="Creating Account...">
          Create Account
        </button>
      </form>
    </>
  );
}
