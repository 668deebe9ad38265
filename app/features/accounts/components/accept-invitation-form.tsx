import { getFormProps } from "@conform-to/react";
import { useState } from "react";
import { Form } from "react-router";
import { FormNotice, SubmitButton } from "~/components/forms/form-parts";
import { useIsSubmitting, useSchemaForm } from "~/components/forms/schema-form";
import { InputField } from "~/components/ui/field";
import { useT } from "~/i18n/react";
import type { ActionAnswer } from "~/lib/form-action.server";
import { acceptInvitationSchema } from "../administrator-schemas";
import { PasswordStrengthMeter } from "./password-strength-meter";

/** The invited system administrator's account (decision 033): the name to show, a phone and a password. */
export function AcceptInvitationForm({
  email,
  fullName,
  answer,
}: {
  email: string;
  fullName: string;
  answer: ActionAnswer | undefined;
}) {
  const t = useT();
  const [form, fields] = useSchemaForm(acceptInvitationSchema, {
    id: "accept-invitation",
    lastResult: answer?.result,
    defaultValue: { full_name: fullName },
    invalidToast: (message) => ({ title: "Validation Error", description: message, variant: "destructive" }),
  });
  const [password, setPassword] = useState("");
  const busy = useIsSubmitting();
  return (
    <>
      <FormNotice answer={answer} />
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <p>
          {t("Your account's email address:")} <strong>{email}</strong>
        </p>
        <InputField field={fields.full_name} label={t("Full Name")} required autoComplete="name" />
        <InputField field={fields.phone} label={t("Phone Number")} type="tel" required autoComplete="tel" />
        <div onInput={(e) => setPassword((e.target as HTMLInputElement).value)}>
          <InputField
            field={fields.password}
            label={t("Password")}
            type="password"
            required
            autoComplete="new-password"
          />
        </div>
        <PasswordStrengthMeter password={password} id="invitation-password-strength" />
        <InputField
          field={fields.confirmPassword}
          label={t("Confirm Password")}
          type="password"
          required
          autoComplete="new-password"
        />
        <SubmitButton busy={busy} busyLabel={t("Setting up...")}>
          {t("Set up my account")}
        </SubmitButton>
      </Form>
    </>
  );
}
