import { getFormProps } from "@conform-to/react";
import { Form, Link } from "react-router";
import { FormNotice, SubmitButton } from "~/components/forms/form-parts";
import { useIsSubmitting, useSchemaForm } from "~/components/forms/schema-form";
import { InputField } from "~/components/ui/field";
import { useLocalePath, useT } from "~/i18n/react";
import type { ForgotPasswordAnswer } from "../action-data";
import { forgotPasswordSchema, INVALID_EMAIL_TOAST } from "../forgot-password-schema";

/**
 * Forgot password (spec sections 2, 5 and 8): the form, then "Check Your Email" with the next
 * steps. The confirmation is the same whether or not the address has an account. The schema
 * (forgot-password-schema.ts) checks the address in the browser ("Invalid Email" toast) and again
 * in the action; without JavaScript it is a plain post and the answer shows in the page.
 */
export function ForgotPasswordForm({ answer }: { answer: ForgotPasswordAnswer | undefined }) {
  if (answer?.status === "sent") return <CheckYourEmail email={answer.email ?? ""} />;
  return <ForgotPasswordFields answer={answer} />;
}

function CheckYourEmail({ email }: { email: string }) {
  const t = useT();
  const to = useLocalePath();
  const [before, after] = t("forgot.sent", { email: "\u0000" }).split("\u0000");
  return (
    <div>
      <h1 className="text-2xl font-bold sm:text-3xl">{t("Check Your Email")}</h1>
      <p className="mt-3 text-muted" role="status">
        {before}
        <span className="font-semibold text-ink break-all">{email}</span>
        {after}
      </p>
      <h2 className="mt-6 font-semibold">{t("Next steps")}</h2>
      <ol className="mt-2 list-decimal space-y-1 pl-6 text-muted">
        <li>{t("Open the email from us and select the reset link.")}</li>
        <li>{t("The link works for 30 minutes and only once; a newer request replaces it.")}</li>
        <li>{t("No email after a few minutes? Check your spam or junk folder, or send another email.")}</li>
      </ol>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Link to={to("/forgot-password")} className="btn-primary">
          {t("Send Another Email")}
        </Link>
        <Link to={to("/auth")} className="btn-secondary">
          {t("Back to Sign In")}
        </Link>
      </div>
    </div>
  );
}

function ForgotPasswordFields({ answer }: { answer: ForgotPasswordAnswer | undefined }) {
  const [form, fields] = useSchemaForm(forgotPasswordSchema, {
    id: "forgot",
    lastResult: answer?.result,
    invalidToast: () => INVALID_EMAIL_TOAST,
  });
  const t = useT();
  const to = useLocalePath();
  const busy = useIsSubmitting({ formAction: to("/forgot-password") });
  return (
    <div>
      <h1 className="text-2xl font-bold sm:text-3xl">{t("Forgot Your Password?")}</h1>
      <p className="mt-2 text-muted">
        {t("Enter the email address of your account and we will send you a reset link.")}
      </p>
      <div className="mt-6">
        <FormNotice answer={answer} />
        <Form method="post" action={to("/forgot-password")} {...getFormProps(form)} className="space-y-5">
          <InputField
            field={fields.email}
            label={t("Email")}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
          />
          <SubmitButton busy={busy} busyLabel={t("Sending...")} className="btn-primary w-full">
            {t("Send Reset Link")}
          </SubmitButton>
        </Form>
        <p className="mt-6 text-center text-sm">
          <Link to={to("/auth")} className="font-medium text-brand-700 underline hover:text-brand-800">
            {t("Back to Sign In")}
          </Link>
        </p>
      </div>
    </div>
  );
}
