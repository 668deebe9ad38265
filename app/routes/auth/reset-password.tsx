import { useCallback } from "react";
import { data, useNavigate } from "react-router";
import { fieldErrorsOf, parseSubmission } from "~/components/forms/schema-form";
import { SITE } from "~/content/site";
import { dbOf } from "~/db/context.server";
import { resetPasswordAction } from "~/features/accounts/account-actions.server";
import { resetLinkUser } from "~/features/accounts/accounts.server";
import { type RecoveryAnswer, SECRET_FIELDS } from "~/features/accounts/action-data";
import { newPasswordToast, RecoveryFlow } from "~/features/accounts/components/recovery-flow";
import { newPasswordSchema, PASSWORD_UPDATED } from "~/features/accounts/new-password-schema";
import { useLocalePath } from "~/i18n/react";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/reset-password";
import { postedForm } from "./posted-form.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Reset Your Password",
    description: `Set a new password for your ${SITE.name} account.`,
    noindex: true,
  });

/**
 * The reset link's two requests (its tokens travel in the address fragment, which the page reads
 * in the browser): "validate" (is the link still good?) and "update" (the new password, checked
 * by its schema, then the domain checks the password and the link again, sets it, and signs this
 * browser out). Not on formAction: an invalid link is its own screen without a toast, and the
 * success carries the sign-out's cookies.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await postedForm(request);
  const database = dbOf(context);
  const tokens = {
    accessToken: String(form.get("access_token") ?? ""),
    refreshToken: String(form.get("refresh_token") ?? ""),
  };
  if (form.get("intent") === "validate") {
    return data<RecoveryAnswer>({ intent: "validate", valid: (await resetLinkUser(database, tokens)) !== null });
  }
  const submission = parseSubmission(form, newPasswordSchema);
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0] ?? "";
    return data<RecoveryAnswer>(
      {
        intent: "update",
        status: "failed",
        result: submission.reply({ hideFields: SECRET_FIELDS }),
        toast: newPasswordToast(first),
      },
      { status: 400 },
    );
  }
  const outcome = await resetPasswordAction(database, tokens, submission.value.password, request);
  if (outcome.status === "updated") {
    return data<RecoveryAnswer>(
      {
        intent: "update",
        status: "updated",
        result: submission.reply({ resetForm: true }),
        toast: { ...PASSWORD_UPDATED, variant: "success" },
      },
      { headers: outcome.headers },
    );
  }
  if (outcome.status === "invalid") {
    return data<RecoveryAnswer>(
      { intent: "update", status: "invalid", result: submission.reply({ resetForm: true }) },
      { status: 400 },
    );
  }
  return data<RecoveryAnswer>(
    {
      intent: "update",
      status: "failed",
      result: submission.reply({ fieldErrors: fieldErrorsOf(outcome.fieldErrors), hideFields: SECRET_FIELDS }),
      toast: { title: "Password Update Failed", description: outcome.message, variant: "destructive" },
    },
    { status: 400 },
  );
}

export default function ResetPasswordPage({ actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  // The new password is set and every session ended: the sign-in page (spec section 4).
  const to = useLocalePath();
  const toSignIn = useCallback(() => navigate(to("/auth"), { replace: true }), [navigate, to]);
  return (
    <main id="main" className="container-page py-10 sm:py-16">
      <div className="card mx-auto max-w-md p-6 sm:p-8">
        <RecoveryFlow answer={actionData} onFinished={toSignIn} />
      </div>
    </main>
  );
}
