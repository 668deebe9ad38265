import { getFormProps } from "@conform-to/react";
import { Form, Link } from "react-router";
import { FormNotice, SubmitButton } from "~/components/forms/form-parts";
import { useIsSubmitting, useSchemaForm } from "~/components/forms/schema-form";
import { InputField } from "~/components/ui/field";
import { useLocalePath, useT } from "~/i18n/react";
import { type SignInAnswer, VALIDATION_TOAST } from "../action-data";
import { signInSchema } from "../sign-in-schema";

/**
 * Sign in (spec sections 2 and 5). The schema (sign-in-schema.ts) checks the form in the browser,
 * messages inline and the spec's "Validation Error" toast, and again in the /auth action. A
 * successful sign-in is the server's redirect to the dashboard; a refused one comes back here
 * ("Login Failed"), as a toast and in the page above the form. Without JavaScript it is a plain
 * post and the answer shows in the page.
 */
export function SignInForm({ answer }: { answer: SignInAnswer | undefined }) {
  const [form, fields] = useSchemaForm(signInSchema, {
    id: "signin",
    lastResult: answer?.result,
    invalidToast: () => VALIDATION_TOAST,
  });
  const t = useT();
  const to = useLocalePath();
  const busy = useIsSubmitting({ formAction: to("/auth"), intent: "signin" });
  return (
    <div>
      {/* A refused sign-in (wrong password, too many attempts) stays in the page as well as the
          toast; a form the schema refuses has its messages at the fields. */}
      <FormNotice answer={answer} inline={answer?.toast?.title !== VALIDATION_TOAST.title} />
      <Form method="post" action={to("/auth?tab=signin")} {...getFormProps(form)} className="space-y-5">
        <input type="hidden" name="intent" value="signin" />
        <InputField
          field={fields.email}
          label={t("Email")}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
        />
        <InputField
          field={fields.password}
          label={t("Password")}
          type="password"
          autoComplete="current-password"
          required
        />
        <div className="flex flex-wrap justify-between gap-3">
          {/* Decision 042: a code by SMS to the confirmed mobile number, on its own page (no script). */}
          <Link
            to={to("/auth/phone")}
            reloadDocument
            className="text-sm font-medium text-brand-700 underline hover:text-brand-800"
          >
            {t("Sign in with your phone")}
          </Link>
          <Link
            to={to("/forgot-password")}
            className="text-sm font-medium text-brand-700 underline hover:text-brand-800"
          >
            {t("Forgot your password?")}
          </Link>
        </div>
        <SubmitButton busy={busy} busyLabel={t("Signing In...")} className="btn-primary w-full">
          {t("Sign In")}
        </SubmitButton>
      </Form>
    </div>
  );
}
