import { data } from "react-router";
import * as z from "zod/mini";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { actorTranslator, allowedActor } from "~/auth/context.server";
import type { ToastMessage } from "~/components/ui/toaster";
import { dbOf } from "~/db/context.server";
import {
  listApiClients,
  registerApiClientAs,
  revokeApiClient,
  setApiClientScopes,
} from "~/features/fhir/api-client-admin.server";
import { apiClientSchema, apiClientScopesSchema } from "~/features/fhir/api-client-schema";
import { ApiClientsPanel } from "~/features/fhir/components/api-clients-panel";
import { useT } from "~/i18n/react";
import { formAction, readForm } from "~/lib/form-action.server";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/api-clients";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Hospital systems",
    description:
      "Register, list and revoke the hospital systems connected through the FHIR API, and choose their scopes.",
    noindex: true,
  });

/** The FHIR API's clients (decisions 034 and 047; system administrators only). */
export async function loader({ context }: Route.LoaderArgs) {
  const actor = await allowedActor(context);
  return { actor, ...(await listApiClients(dbOf(context), actor)) };
}

const failed = (description: string): ToastMessage => ({ title: "Error", description, variant: "destructive" });
const revokeSchema = z.object({ clientId: z.string({ error: "Client not found." }) });

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await allowedActor(context);
  const db = dbOf(context);
  const form = await readForm(request);
  // The toasts with a name or an id are built here, in the administrator's language.
  const t = await actorTranslator(context);
  const intent = form.get("intent");
  if (intent === "register") {
    return formAction(form, {
      schema: apiClientSchema,
      run: (values) => registerApiClientAs(db, actor, values),
      done: ({ id }) => ({
        resetForm: true,
        clientId: id,
        toast: {
          title: "Hospital system registered",
          description: t("apiClients.registeredId", { id }),
          variant: "success",
        },
      }),
      refused: (message) => failed(message),
      extra: { intent } as { intent: string; clientId?: string },
    });
  }
  if (intent === "scopes") {
    const subject = String(form.get("clientId") ?? "");
    return formAction(form, {
      schema: apiClientScopesSchema,
      run: (values) => setApiClientScopes(db, actor, values),
      done: ({ name, scopes }) => ({
        toast: {
          title: "Scopes saved",
          description: t("apiClients.scopesSaved", { name, scopes: scopes.join(" ") }),
          variant: "success",
        },
      }),
      refused: (message) => failed(message),
      extra: { intent, subject },
    });
  }
  if (intent === "revoke") {
    return formAction(form, {
      schema: revokeSchema,
      run: ({ clientId }) => revokeApiClient(db, actor, clientId),
      done: ({ name }) => ({
        toast: {
          title: "Hospital system revoked",
          description: t("apiClients.revoked", { name }),
          variant: "success",
        },
      }),
      refused: (message) => failed(message),
      extra: { intent },
    });
  }
  return data({ ok: false, intent: null, toast: failed("Unknown action") }, { status: 400 });
}

export default function ApiClientsPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <DashboardShell title={t("Hospital systems")} actor={loaderData.actor}>
      <ApiClientsPanel
        clients={loaderData.clients}
        facilities={loaderData.facilities}
        answer={actionData as Parameters<typeof ApiClientsPanel>[0]["answer"]}
      />
    </DashboardShell>
  );
}
