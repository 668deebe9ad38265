import { getFormProps } from "@conform-to/react";
import { Form, Link } from "react-router";
import { REGISTRATION_ROLES, ROLE_LABELS } from "~/auth/roles";
import { ErrorSummary, FormNotice, SubmitButton } from "~/components/forms/form-parts";
import { useIsSubmitting, useSchemaForm } from "~/components/forms/schema-form";
import { InputField, SelectField } from "~/components/ui/field";
import { useToastOf } from "~/components/ui/toaster";
import { FormKeyField } from "~/lib/idempotency";
import { useReveal } from "~/lib/reveal";
import { useHydrated } from "~/lib/use-hydrated";
import { type RegisterAnswer, VALIDATION_TOAST } from "../action-data";
import { REGISTER_FIELDS, registerFormSchema } from "../register-schema";
import { REGISTRATION_HINTS, REGISTRATION_LABELS } from "../registration-number";
import { PasswordStrengthMeter } from "./password-strength-meter";

const ROLE_OPTIONS = REGISTRATION_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

type Facilities = ReadonlyArray<{ id: string; name: string }>;

/**
 * Register (spec sections 2, 3 and 5): the form, then "Registration Successful" in its place.
 * The schema (register-schema.ts) checks it in the browser (messages inline, the GOV.UK error
 * summary and the spec's toast) and again in the /auth action. Without JavaScript it is a plain
 * post and the answer shows in the page.
 */
export function RegisterForm({
  answer,
  facilities,
  onSignIn,
}: {
  answer: RegisterAnswer | undefined;
  facilities: Facilities;
  /** Shows the Sign In tab ("Back to Sign In" after registering). */
  onSignIn: () => void;
}) {
  if (answer?.status === "registered") return <Registered answer={answer} onSignIn={onSignIn} />;
  return <RegisterFields answer={answer} facilities={facilities} />;
}

function Registered({ answer, onSignIn }: { answer: RegisterAnswer; onSignIn: () => void }) {
  useToastOf(answer);
  // Issue 33: on a phone the form was a screen long; the confirmation is scrolled to and focused.
  const shown = useReveal<HTMLDivElement>(answer);
  const toast = answer.toast;
  return (
    <div ref={shown} role="status" className="rounded-xl border border-brand-200 bg-brand-50 p-5 text-brand-900">
      <h2 className="text-lg font-semibold">{toast?.title}</h2>
      <p className="mt-1">{toast?.description}</p>
      <p className="mt-3 text-sm">
        The link in the email confirms your address. Then sign in: doctors and administrators can use their dashboard
        once a system administrator has approved the account.
      </p>
      <Link
        to="/auth?tab=signin"
        className="btn-secondary mt-4"
        onClick={(event) => {
          // The Sign In tab is in this page already: show it (a new tab or window still loads the address).
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          onSignIn();
        }}
      >
        Back to Sign In
      </Link>
    </div>
  );
}

function RegisterFields({ answer, facilities }: { answer: RegisterAnswer | undefined; facilities: Facilities }) {
  // The schema's checks without its final reshaping (`.transform`, which Conform cannot read
  // constraints from); the action parses with the whole schema.
  const [form, fields] = useSchemaForm(registerFormSchema, {
    id: "register",
    lastResult: answer?.result,
    defaultValue: { role: "doctor" },
    invalidToast: () => VALIDATION_TOAST,
  });
  const busy = useIsSubmitting({ formAction: "/auth", intent: "register" });
  // The specialty is asked of doctors, the facility of facility administrators. React follows the
  // role select; before that (and without JavaScript) CSS does, from the selected option.
  const hydrated = useHydrated();
  const role = fields.role.value;
  const shownFor = (wanted: string, withoutScript: string) =>
    hydrated ? (role === wanted ? undefined : "hidden") : withoutScript;
  return (
    <div>
      <FormNotice answer={answer} />
      <ErrorSummary form={form} labels={REGISTER_FIELDS} />
      <Form method="post" action="/auth?tab=register" {...getFormProps(form)} className="group/register space-y-5">
        <input type="hidden" name="intent" value="register" />
        <FormKeyField form="register" />
        <InputField field={fields.full_name} label="Full Name" autoComplete="name" required />
        <InputField field={fields.email} label="Email" type="email" autoComplete="email" inputMode="email" required />
        <InputField field={fields.phone} label="Phone Number" type="tel" autoComplete="tel" inputMode="tel" required />
        <InputField
          field={fields.password}
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 8 characters, with upper and lower case letters, a number or a symbol."
        />
        <PasswordStrengthMeter password={fields.password.value ?? ""} id="register-strength" />
        <InputField
          field={fields.confirmPassword}
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          required
        />
        <SelectField
          field={fields.role}
          label="Role"
          required
          options={ROLE_OPTIONS}
          hint="Doctors, facility administrators and system administrators start pending until a system administrator approves the account."
        />
        <InputField
          field={fields.specialty}
          label="Specialty (optional)"
          required={false}
          autoComplete="off"
          className={shownFor("doctor", "hidden group-has-[option[value=doctor]:checked]/register:block")}
        />
        <InputField
          field={fields.mdc_number}
          label={REGISTRATION_LABELS.mdc}
          required
          autoComplete="off"
          hint={REGISTRATION_HINTS.mdc}
          className={shownFor("doctor", "hidden group-has-[option[value=doctor]:checked]/register:block")}
        />
        <SelectField
          field={fields.facility_id}
          label="Facility you run"
          required
          placeholder="Select your facility"
          options={facilities.map((f) => ({ value: f.id, label: f.name }))}
          className={shownFor("facility_admin", "hidden group-has-[option[value^=facility]:checked]/register:block")}
        />
        <InputField
          field={fields.hefra_licence}
          label={REGISTRATION_LABELS.hefra}
          required
          autoComplete="off"
          hint={REGISTRATION_HINTS.hefra}
          className={shownFor("facility_admin", "hidden group-has-[option[value^=facility]:checked]/register:block")}
        />
        <SubmitButton busy={busy} busyLabel="Creating Account..." className="btn-primary w-full">
          Create Account
        </SubmitButton>
      </Form>
    </div>
  );
}
