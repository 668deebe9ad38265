import { data } from "react-router";
import { SITE } from "~/content/site";
import { db } from "~/db/database.server";
import { recoveryAction } from "~/features/accounts/account-actions.server";
import { RecoveryFlow } from "~/features/accounts/components/recovery-flow";
import { pageMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Reset Your Password",
    description: `Set a new password for your ${SITE.name} account.`,
    noindex: true,
  });

/** The reset flow is a page script (enhance/pages/reset-password.ts); it draws the first screen, so its modules are preloaded. */
export const handle: RouteHandle = {};

/**
 * The reset link's tokens travel in the address fragment: the page script reads them, this
 * action checks them, and the page renders the screen its answer leads to.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const answer = await recoveryAction(await db(), form, request);
  return data(answer.body, { status: answer.status, headers: answer.headers });
}

export default function ResetPasswordPage({ actionData }: Route.ComponentProps) {
  return (
    <main id="main" className="container-page py-10 sm:py-16">
      <div className="card mx-auto max-w-md p-6 sm:p-8">
        <RecoveryFlow answer={actionData} />
      </div>
    </main>
  );
}
