import { getFormProps } from "@conform-to/react";
import { Form, Link } from "react-router";
import { REGISTRATION_ROLES, ROLE_LABELS } from "~/auth/roles";
import { ErrorSummary, FormNotice, SubmitButton } from "~/components/forms/form-parts";
import { useIsSubmitting, useSchemaForm } from "~/components/forms/schema-form";
import { InputField, SelectField } from "~/components/ui/field";
import { useToastOf } from "~/components/ui/toaster";
import { useLocalePath, useT } from "~/i18n/react";
import { FormKeyField } from "~/lib/idempotency";
import { useReveal } from "~/lib/reveal";
import { useHydrated } from "~/lib/use-hydrated";
import { type RegisterAnswer, VALIDATION_TOAST } from "../action-data";
import { REGISTER_FIELDS, registerFormSchema } from "../register-schema";
import { REGISTRATION_HINTS, REGISTRATION_LABELS } from "../registration-number";
import { PasswordStrengthMeter } from "./password-strength-meter";

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
  const t = useT();
  const to = useLocalePath();
  useToastOf(answer);
  // On a phone the form was a screen long; the confirmation is scrolled to and focused.
  const shown = useReveal<HTMLDivElement>(answer);
  const toast = answer.toast;
  return (
    <div ref={shown} role="status" className="rounded-xl border border-brand-200 bg-brand-50 p-5 text-brand-900">
      <h2 className="text-lg font-semibold">{toast ? t(toast.title) : null}</h2>
      <p className="mt-1">{toast?.description ? t(toast.description) : null}</p>
      <p className="mt-3 text-sm">
        {t(
          "The link in the email confirms your address. Then sign in: doctors and administrators can use their dashboard once a system administrator has approved the account.",
        )}
      </p>
      <Link
        to={to("/auth?tab=signin")}
        className="btn-secondary mt-4"
        onClick={(event) => {
          // The Sign In tab is in this page already: show it (a new tab or window still loads the address).
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          onSignIn();
        }}
      >
        {t("Back to Sign In")}
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
  const t = useT();
  const to = useLocalePath();
  const busy = useIsSubmitting({ formAction: to("/auth"), intent: "register" });
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
      <Form
        method="post"
        action={to("/auth?tab=register")}
        {...getFormProps(form)}
        className="group/register space-y-5"
      >
        <input type="hidden" name="intent" value="register" />
        <FormKeyField form="register" />
        <InputField field={fields.full_name} label={t("Full Name")} autoComplete="name" required />
        <InputField
          field={fields.email}
          label={t("Email")}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
        />
        <InputField
          field={fields.phone}
          label={t("Phone Number")}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          required
        />
        <InputField
          field={fields.password}
          label={t("Password")}
          type="password"
          autoComplete="new-password"
          required
          hint={t("At least 8 characters, with upper and lower case letters, a number or a symbol.")}
        />
        <PasswordStrengthMeter password={fields.password.value ?? ""} id="register-strength" />
        <InputField
          field={fields.confirmPassword}
          label={t("Confirm Password")}
          type="password"
          autoComplete="new-password"
          required
        />
        <SelectField
          field={fields.role}
          label={t("Role")}
          required
          options={REGISTRATION_ROLES.map((role) => ({ value: role, label: t(ROLE_LABELS[role]) }))}
          hint={t(
            "Doctors, facility administrators and system administrators start pending until a system administrator approves the account.",
          )}
        />
        <InputField
          field={fields.specialty}
          label={t("Specialty (optional)")}
          required={false}
          autoComplete="off"
          className={shownFor("doctor", "hidden group-has-[option[value=doctor]:checked]/register:block")}
        />
        <InputField
          field={fields.mdc_number}
          label={t(REGISTRATION_LABELS.mdc)}
          required
          autoComplete="off"
          hint={t(REGISTRATION_HINTS.mdc)}
          className={shownFor("doctor", "hidden group-has-[option[value=doctor]:checked]/register:block")}
        />
        <SelectField
          field={fields.facility_id}
          label={t("Facility you run")}
          required
          placeholder={t("Select your facility")}
          options={facilities.map((f) => ({ value: f.id, label: f.name }))}
          className={shownFor("facility_admin", "hidden group-has-[option[value^=facility]:checked]/register:block")}
        />
        <InputField
          field={fields.hefra_licence}
          label={t(REGISTRATION_LABELS.hefra)}
          required
          autoComplete="off"
          hint={t(REGISTRATION_HINTS.hefra)}
          className={shownFor("facility_admin", "hidden group-has-[option[value^=facility]:checked]/register:block")}
        />
        <SubmitButton busy={busy} busyLabel={t("Creating Account...")} className="btn-primary w-full">
          {t("Create Account")}
        </SubmitButton>
      </Form>
    </div>
  );
}
