import { data, Link } from "react-router";
import { dbOf } from "~/db/context.server";
import { ADMIN_MESSAGES, acceptInvitationSchema } from "~/features/accounts/administrator-schemas";
import { acceptInvitation, openInvitation } from "~/features/accounts/administrators.server";
import { AcceptInvitationForm } from "~/features/accounts/components/accept-invitation-form";
import { localeOfPath, localePath } from "~/i18n/locales";
import { useLocalePath, useT } from "~/i18n/react";
import { redirectWithToast } from "~/lib/flash.server";
import { formAction, readForm } from "~/lib/form-action.server";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/admin-invitation";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Accept your invitation",
    description: "Set up your system administrator account.",
    noindex: true,
  });

/**
 * An invited system administrator's link (decision 033). Open (sent, not expired, not used): the form;
 * otherwise 410 with what to do. Nothing about the invitation is shown to a link that is not open.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const invitation = await openInvitation(dbOf(context), params.token);
  if (!invitation) return data({ invitation: null }, { status: 410 });
  return { invitation: { email: invitation.email, fullName: invitation.fullName } };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await readForm(request);
  return formAction(form, {
    schema: acceptInvitationSchema,
    run: (values) => acceptInvitation(dbOf(context), params.token, values),
    // To sign in on the page's language: /fr/auth from a French invitation page.
    done: () =>
      redirectWithToast(localePath(localeOfPath(new URL(request.url).pathname), "/auth"), {
        title: "Your account is ready",
        description: "Sign in with your email address and the password you chose.",
        variant: "success",
      }),
    refused: (message) => ({ title: "Validation Error", description: message, variant: "destructive" }),
    hideFields: ["password", "confirmPassword"],
  });
}

export default function AdminInvitationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { invitation } = loaderData;
  const t = useT();
  const to = useLocalePath();
  return (
    <main id="main" className="container-page max-w-xl py-10">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("Your system administrator account")}</h1>
      {invitation ? (
        <AcceptInvitationForm email={invitation.email} fullName={invitation.fullName} answer={actionData} />
      ) : (
        <div className="card mt-6 p-6">
          <p role="alert">{t(ADMIN_MESSAGES.linkInvalid)}</p>
          <p className="mt-4">
            <Link to={to("/auth")} className="btn-secondary">
              {t("Back to Sign In")}
            </Link>
          </p>
        </div>
      )}
    </main>
  );
}
