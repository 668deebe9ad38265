import { useCallback } from "react";
import { data, useNavigate } from "react-router";
import { fieldErrorsOf, parseSubmission } from "~/components/forms/schema-form";
import { SITE } from "~/content/site";
import { db } from "~/db/database.server";
import { recoveryAction } from "~/features/accounts/account-actions.server";
import { type RecoveryAnswer, SECRET_FIELDS } from "~/features/accounts/action-data";
import { newPasswordToast, RecoveryFlow } from "~/features/accounts/components/recovery-flow";
import { newPasswordSchema } from "~/features/accounts/new-password-schema";
import { pageMeta } from "~/lib/seo";
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
 * by its schema, then the domain adapter checks the password and the link again, sets it, and
 * signs this browser out).
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await postedForm(request);
  const database = await db();
  if (form.get("intent") === "validate") {
    const { body, status } = await recoveryAction(database, form, request);
    return data<RecoveryAnswer>({ intent: "validate", valid: body.intent === "validate" && body.valid }, { status });
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
  const answer = await recoveryAction(database, form, request);
  const body = answer.body;
  if (body.intent === "validate") return data<RecoveryAnswer>(body, { status: answer.status });
  const result =
    body.status === "failed"
      ? submission.reply({ fieldErrors: fieldErrorsOf(body.fieldErrors), hideFields: SECRET_FIELDS })
      : submission.reply({ resetForm: true });
  return data<RecoveryAnswer>(
    {
      intent: "update",
      status: body.status,
      result,
      toast:
        body.status === "updated" ? { ...body.toast, variant: "success" } : "toast" in body ? body.toast : undefined,
    },
    { status: answer.status, headers: answer.headers },
  );
}

export default function ResetPasswordPage({ actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  // The new password is set and every session ended: the sign-in page (spec section 4).
  const toSignIn = useCallback(() => navigate("/auth", { replace: true }), [navigate]);
  return (
    <main id="main" className="container-page py-10 sm:py-16">
      <div className="card mx-auto max-w-md p-6 sm:p-8">
        <RecoveryFlow answer={actionData} onFinished={toSignIn} />
      </div>
    </main>
  );
}
