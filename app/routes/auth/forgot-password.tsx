import { SITE } from "~/content/site";
import { dbOf } from "~/db/context.server";
import { forgotPasswordAction } from "~/features/accounts/account-actions.server";
import type { ForgotPasswordAnswer } from "~/features/accounts/action-data";
import { ForgotPasswordForm } from "~/features/accounts/components/forgot-password-form";
import { forgotPasswordSchema, INVALID_EMAIL_TOAST } from "~/features/accounts/forgot-password-schema";
import { formAction } from "~/lib/form-action.server";
import { requestInfo } from "~/lib/request-context.server";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/forgot-password";
import { postedForm } from "./posted-form.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Forgot Password",
    description: `Request a link to set a new password for your ${SITE.name} account.`,
  });

/**
 * The one form path: the form's schema (the one the browser ran; refused: "Invalid
 * Email"), then the domain call, which throws its refusals ("Password Reset Failed"; 429 for a rate limit).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await postedForm(request);
  return formAction(form, {
    schema: forgotPasswordSchema,
    run: ({ email }) => forgotPasswordAction(dbOf(context), email, { ip: requestInfo(context).ip, request }),
    done: ({ email }) => ({ status: "sent" as const, email }),
    refused: (description, _messages, _status, refusal) =>
      refusal ? { title: "Password Reset Failed", description, variant: "destructive" } : INVALID_EMAIL_TOAST,
    extra: {} as Omit<ForgotPasswordAnswer, "result" | "toast" | "ok">,
  });
}

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  return (
    <main id="main" className="container-page py-10 sm:py-16">
      <div className="card mx-auto max-w-md p-6 sm:p-8">
        <ForgotPasswordForm answer={actionData} />
      </div>
    </main>
  );
}
