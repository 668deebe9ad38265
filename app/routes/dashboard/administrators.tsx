import { data } from "react-router";
import * as z from "zod/mini";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { allowedActor } from "~/auth/context.server";
import type { ToastMessage } from "~/components/ui/toaster";
import { dbOf } from "~/db/context.server";
import { adminSignInRuleSchema, inviteAdminSchema } from "~/features/accounts/administrator-schemas";
import {
  confirmInvitation,
  inviteSystemAdmin,
  listAdministrators,
  revokeInvitation,
} from "~/features/accounts/administrators.server";
import { AdminSignInRule } from "~/features/accounts/components/admin-sign-in-rule";
import { AdministratorsPanel } from "~/features/accounts/components/administrators-panel";
import { setAdminsPasswordOnly, signInPolicyOf } from "~/features/accounts/sign-in-policy.server";
import { useT } from "~/i18n/react";
import { formAction, readForm } from "~/lib/form-action.server";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/administrators";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "System administrators",
    description: "Invite system administrators and confirm each other's invitations.",
    noindex: true,
  });

/** The system administrators and their invitations (decision 033; system administrators only). */
export async function loader({ context }: Route.LoaderArgs) {
  const actor = await allowedActor(context);
  const db = dbOf(context);
  return { actor, policy: await signInPolicyOf(db), ...(await listAdministrators(db, actor)) };
}

const failed = (description: string): ToastMessage => ({ title: "Error", description, variant: "destructive" });
const invitationSchema = z.object({ invitationId: z.string({ error: "Invitation not found." }) });

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await allowedActor(context);
  const db = dbOf(context);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "invite") {
    return formAction(form, {
      schema: inviteAdminSchema,
      run: (values) => inviteSystemAdmin(db, actor, values),
      done: ({ status }) => ({
        resetForm: true,
        toast:
          status === "sent"
            ? { title: "Invitation sent", description: "The link works once, for 72 hours.", variant: "success" }
            : {
                title: "Invitation awaiting confirmation",
                description: "A second system administrator must confirm it before it is sent. They have been told.",
                variant: "success",
              },
      }),
      refused: (message) => failed(message),
      extra: { intent },
    });
  }
  if (intent === "confirm" || intent === "revoke") {
    return formAction(form, {
      schema: invitationSchema,
      run: ({ invitationId }) =>
        intent === "confirm" ? confirmInvitation(db, actor, invitationId) : revokeInvitation(db, actor, invitationId),
      done: () => ({
        toast:
          intent === "confirm"
            ? { title: "Invitation confirmed", description: "The invitation has been sent.", variant: "success" }
            : { title: "Invitation revoked", description: "Its link no longer works.", variant: "success" },
      }),
      refused: (message) => failed(message),
      extra: { intent },
    });
  }
  // A system administrator may require the password (never the phone) for system administrators (decision 042).
  if (intent === "sign-in-rule") {
    return formAction(form, {
      schema: adminSignInRuleSchema,
      run: ({ passwordOnly }) => setAdminsPasswordOnly(db, actor, passwordOnly === "on"),
      done: () => ({
        toast: { title: "Sign-in rule saved", description: "It applies from the next sign-in.", variant: "success" },
      }),
      refused: (message) => failed(message),
      extra: { intent },
    });
  }
  return data({ ok: false, intent: null, toast: failed("Unknown action") }, { status: 400 });
}

export default function AdministratorsPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <DashboardShell title={t("System administrators")} actor={loaderData.actor}>
      <div className="space-y-8">
        <AdministratorsPanel
          administrators={loaderData.administrators}
          invitations={loaderData.invitations}
          answer={actionData as Parameters<typeof AdministratorsPanel>[0]["answer"]}
        />
        <AdminSignInRule passwordOnly={loaderData.policy.adminsPasswordOnly} />
      </div>
    </DashboardShell>
  );
}
