import { data, isRouteErrorResponse, Link } from "react-router";
import * as z from "zod/mini";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { GateScreen, refusedGateOf } from "~/auth/components/gate-screens";
import { actorTranslator, allowedActor } from "~/auth/context.server";
import type { ToastMessage } from "~/components/ui/toaster";
import { dbOf } from "~/db/context.server";
import { ConfirmSend, type SendConfirmation } from "~/features/hubs/components/confirm-send";
import { HubForm } from "~/features/hubs/components/hub-form";
import { HubLaunchForm } from "~/features/hubs/components/hub-launch-form";
import { HubNotificationProgress } from "~/features/hubs/components/hub-notification-progress";
import { HubUpdateForm } from "~/features/hubs/components/hub-update-form";
import {
  hubForEditing,
  launchHub,
  resumeHubNotification,
  sendHubUpdate,
  updateHub,
} from "~/features/hubs/hub-admin.server";
import { HUB_INTENTS, type HubAnswer } from "~/features/hubs/hub-answer";
import { HUB_FIELDS, hubLaunchSchema, hubSchema, hubUpdateSchema } from "~/features/hubs/hub-schema";
import { useT } from "~/i18n/react";
import { isNetworkFailure, keepDraftsOnNetworkFailure } from "~/lib/drafts";
import { redirectWithToast } from "~/lib/flash.server";
import { formAction, readForm } from "~/lib/form-action.server";
import { readFields } from "~/lib/form-fields";
import { ErrorScreen } from "~/shell/error-screen";
import { NotFound } from "~/shell/not-found";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/hub-editor";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Edit Hub", description: "A specialty hub and its waitlist.", noindex: true });

export async function loader({ params, context }: Route.LoaderArgs) {
  const actor = await allowedActor(context);
  return { actor, page: await hubForEditing(dbOf(context), actor, params.hubId) };
}

/** The buttons whose posts email the waitlist, by intent (the confirmation names them). */
const ACTION_LABELS = { save: "Save hub", launch: "Launch hub", update: "Send update" } as const;
/** Resume names no values of its own: which notification, checked by the domain function. */
const SCHEMAS = {
  save: hubSchema,
  launch: hubLaunchSchema,
  update: hubUpdateSchema,
  resume: z.object({ notification: z.optional(z.string()) }),
};
const failed = (description: string): ToastMessage => ({ title: "Error", description, variant: "destructive" });
const sent = (title: string, description: string): ToastMessage => ({ title, description, variant: "success" });

/**
 * Save (a coming-soon hub made live is launched: its waitlist is emailed), launch (live at an
 * address, nothing else changed), send an update to the waitlist, or resume a stopped sending.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  // The gate before the form: whatever is posted, a refused visitor gets 401 or 403.
  const actor = await allowedActor(context);
  const db = dbOf(context);
  const form = await readForm(request);
  const path = `/dashboard/system-admin/hubs/${params.hubId}`;
  const posted = form.get("intent");
  const intent = HUB_INTENTS.find((i) => i === posted);
  if (!intent) {
    return data<HubAnswer>(
      {
        intent: "save",
        result: { status: "error", error: { "": ["Unknown action"] } },
        toast: failed("Unknown action"),
      },
      { status: 400 },
    );
  }
  return formAction(form, {
    schema: SCHEMAS[intent],
    run: async (): Promise<{ confirm: SendConfirmation } | { toast: ToastMessage }> => {
      // Launch, an update, or a save that makes a coming-soon hub live emails the waitlist: first say
      // to how many people, and ask. The confirmed post carries the same fields again.
      if (intent !== "resume" && form.get("confirmed") !== "yes") {
        const current = await hubForEditing(db, actor, params.hubId);
        if (intent !== "save" || (current.hub.status === "coming-soon" && form.get("status") === "live")) {
          const fields: Record<string, string> = {};
          for (const [name, value] of form) if (typeof value === "string" && name !== "confirmed") fields[name] = value;
          const texted = current.pendingByPhone;
          return { confirm: { count: current.pending - texted, texted, fields, action: ACTION_LABELS[intent] } };
        }
      }
      if (intent === "resume") {
        await resumeHubNotification(db, actor, params.hubId, form.get("notification"));
        return { toast: sent("Sending Resumed", "The entries still Pending get the message; the progress is below.") };
      }
      if (intent === "update") {
        await sendHubUpdate(db, actor, params.hubId, readFields(form, ["subject", "message"]));
        return {
          toast: sent("Update Sending", "Every Pending entry of the waitlist gets it once; the progress is below."),
        };
      }
      const t = await actorTranslator(context);
      const result =
        intent === "launch"
          ? await launchHub(db, actor, params.hubId, readFields(form, ["external_url"]))
          : await updateHub(db, actor, params.hubId, readFields(form, HUB_FIELDS));
      return {
        toast: result.launched
          ? sent("Hub Launched", "The hub is live and its waitlist is being emailed; the progress is below.")
          : sent(
              "Hub Saved",
              // The fields' names (features/hubs/hub-admin.server.ts) are in the catalogues.
              result.changed.length
                ? t("hubs.changed", { fields: result.changed.map((name) => t(name)).join(", ") })
                : "Nothing had changed.",
            ),
      };
    },
    done: (answer) =>
      "confirm" in answer ? { confirm: answer.confirm, resetForm: false } : redirectWithToast(path, answer.toast),
    refused: failed,
    extra: { intent, confirm: undefined as SendConfirmation | undefined },
  });
}

/** In the browser: a save the network loses keeps the form and its draft (decision 027). */
const sendOrKeep = keepDraftsOnNetworkFailure({ timeoutMs: 30_000 });
export async function clientAction(args: Route.ClientActionArgs) {
  return sendOrKeep(args);
}

export default function HubEditor({ loaderData, actionData: posted, params }: Route.ComponentProps) {
  const networkFailed = isNetworkFailure(posted);
  const actionData = networkFailed ? undefined : posted;
  const { actor, page } = loaderData;
  const path = `/dashboard/system-admin/hubs/${params.hubId}`;
  const t = useT();
  return (
    <DashboardShell title={page.hub.title} actor={actor}>
      {actionData?.confirm ? <ConfirmSend path={path} confirmation={actionData.confirm} /> : null}
      <p className="mb-6 text-muted">
        {t("hubs.waitlist-counts", { pending: page.pending, notified: page.notified, patients: page.patients })} ·{" "}
        <Link to="/dashboard/system-admin/hubs" className="text-brand-700 underline">
          {t("All hubs")}
        </Link>
      </p>
      <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
        <HubForm
          path={path}
          hub={page.hub}
          answer={actionData?.intent === "save" ? actionData : undefined}
          user={actor.id}
          networkFailed={networkFailed}
        />
        <aside className="min-w-0 space-y-8">
          {page.hub.status === "coming-soon" ? (
            <HubLaunchForm
              path={path}
              pending={page.pending}
              answer={actionData?.intent === "launch" ? actionData : undefined}
            />
          ) : null}
          <HubNotificationProgress path={path} notifications={page.notifications} />
          <HubUpdateForm path={path} answer={actionData?.intent === "update" ? actionData : undefined} />
        </aside>
      </div>
    </DashboardShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // The system administrators' gated layout refused the visitor (allowedActor in the loader).
  const gate = refusedGateOf(error);
  if (gate) return <GateScreen gate={gate} />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <ErrorScreen error={error} />;
}
