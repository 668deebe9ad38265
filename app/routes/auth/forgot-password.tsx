import { data } from "react-router";
import { SITE } from "~/content/site";
import { db } from "~/db/database.server";
import { forgotPasswordAction } from "~/features/accounts/account-actions.server";
import { ForgotPasswordForm } from "~/features/accounts/components/forgot-password-form";
import { requestInfo } from "~/lib/request-context.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Forgot Password",
    description: `Request a link to set a new password for your ${SITE.name} account.`,
  });

/** No React in the browser: the form's check is a page script (enhance/pages/forgot-password.ts). */
export const handle = {};

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const answer = await forgotPasswordAction(await db(), form, { ip: requestInfo(context).ip, request });
  return data(answer.body, { status: answer.status });
}

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  return (
    <main id="main" className="container-page py-10 sm:py-16">
      <div className="card mx-auto max-w-md p-6 sm:p-8">
        <ForgotPasswordForm result={actionData} />
      </div>
    </main>
  );
}
