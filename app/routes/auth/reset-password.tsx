import { useCallback } from "react";
import { data, useNavigate } from "react-router";
import { SITE } from "~/content/site";
import { dbOf } from "~/db/context.server";
import { RESET_LINK_GONE, resetPasswordAction } from "~/features/accounts/account-actions.server";
import { resetLinkUser } from "~/features/accounts/accounts.server";
import { type RecoveryAnswer, SECRET_FIELDS } from "~/features/accounts/action-data";
import { newPasswordToast, RecoveryFlow } from "~/features/accounts/components/recovery-flow";
import { newPasswordSchema, PASSWORD_UPDATED } from "~/features/accounts/new-password-schema";
import { useLocalePath } from "~/i18n/react";
import { formAction } from "~/lib/form-action.server";
import type { Refusal } from "~/lib/refusal";
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
 * in the browser): "validate" (is the link still good? a question, not a form) and "update" (the
 * new password) on the one form path: its schema, then the domain sets the password if the link
 * is still good and signs this browser out (the answer carries the sign-out's cookies). A dead
 * link is its own screen without a toast (status "invalid"); a refused password is "failed".
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
  const gone = (refusal: Refusal | null) => refusal?.status === RESET_LINK_GONE;
  return formAction(form, {
    schema: newPasswordSchema,
    run: ({ password }) => resetPasswordAction(database, tokens, password, request),
    done: ({ headers }) => ({
      status: "updated" as const,
      headers,
      toast: { ...PASSWORD_UPDATED, variant: "success" },
    }),
    refused: (message, _messages, _status, refusal) =>
      gone(refusal)
        ? null
        : refusal
          ? { title: "Password Update Failed", description: message, variant: "destructive" }
          : newPasswordToast(message),
    refusedFields: (refusal) => ({ status: gone(refusal) ? ("invalid" as const) : ("failed" as const) }),
    hideFields: SECRET_FIELDS,
    // Every answer is the update's; its status is the outcome's (above).
    extra: { intent: "update" as const, status: "failed" as "updated" | "invalid" | "failed" },
  });
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
