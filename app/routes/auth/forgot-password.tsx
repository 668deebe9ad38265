import { data } from "react-router";
import { fieldErrorsOf, parseSubmission } from "~/components/forms/schema-form";
import { SITE } from "~/content/site";
import { db } from "~/db/database.server";
import { forgotPasswordAction } from "~/features/accounts/account-actions.server";
import type { ForgotPasswordAnswer } from "~/features/accounts/action-data";
import { ForgotPasswordForm } from "~/features/accounts/components/forgot-password-form";
import { forgotPasswordSchema, INVALID_EMAIL_TOAST } from "~/features/accounts/forgot-password-schema";
import { requestInfo } from "~/lib/request-context.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/forgot-password";
import { postedForm } from "./posted-form.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Forgot Password",
    description: `Request a link to set a new password for your ${SITE.name} account.`,
  });

/** The form's schema first (the one the browser ran), then the domain adapter, which checks again. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await postedForm(request);
  const submission = parseSubmission(form, forgotPasswordSchema);
  if (submission.status !== "success") {
    return data<ForgotPasswordAnswer>(
      { status: "invalid", result: submission.reply(), toast: INVALID_EMAIL_TOAST },
      { status: 400 },
    );
  }
  const answer = await forgotPasswordAction(await db(), form, { ip: requestInfo(context).ip, request });
  const body = answer.body;
  if (body.status === "sent") {
    return data<ForgotPasswordAnswer>({
      status: "sent",
      email: body.email,
      result: submission.reply({ resetForm: true }),
    });
  }
  return data<ForgotPasswordAnswer>(
    {
      status: body.status,
      result: submission.reply({ fieldErrors: fieldErrorsOf(body.fieldErrors) }),
      toast: body.toast,
    },
    { status: answer.status },
  );
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
