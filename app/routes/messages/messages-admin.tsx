import { data, useLocation, useNavigation } from "react-router";
import * as z from "zod/mini";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { actorTranslator, allowedActor } from "~/auth/context.server";
import { FormNotice } from "~/components/forms/form-parts";
import { Pagination } from "~/components/ui/pagination";
import type { ToastMessage } from "~/components/ui/toaster";
import { dbOf } from "~/db/context.server";
import { MessageFilters } from "~/features/messaging/components/message-filters";
import { MessageTable } from "~/features/messaging/components/message-table";
import { ProviderAlerts } from "~/features/messaging/components/provider-alerts";
import { isMessageChannel, isMessageStatus } from "~/features/messaging/message-labels";
import { listMessages, listProviderAlerts, retryMessage } from "~/features/messaging/message-log.server";
import { useT } from "~/i18n/react";
import { formAction, readForm } from "~/lib/form-action.server";
import { pageFrom } from "~/lib/paging";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/messages-admin";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Messages",
    description: "Every outbound email, SMS and WhatsApp message and whether it arrived.",
    noindex: true,
  });

const PATH = "/dashboard/system-admin/messages";

function filtersFrom(url: URL) {
  const params = url.searchParams;
  const status = params.get("status");
  const channel = params.get("channel");
  return {
    status: isMessageStatus(status) ? status : null,
    channel: isMessageChannel(channel) ? channel : null,
    page: pageFrom(params.get("page")),
  };
}

/** Every outbound message, filtered by status and channel, paged (approved system administrators; the gate screens others). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await allowedActor(context);
  const filters = filtersFrom(new URL(request.url));
  const db = dbOf(context);
  return {
    actor,
    filters,
    messages: await listMessages(db, actor, filters),
    alerts: await listProviderAlerts(db, actor),
  };
}

const retrySchema = z.object({ messageId: z.optional(z.string()) });
const failed = (description: string): ToastMessage => ({ title: "Error", description, variant: "destructive" });

/** Retry: a failed or undelivered message queued again (the domain function checks who may, and which may). */
export async function action({ request, context }: Route.ActionArgs) {
  // The gate before the form: whatever is posted, a refused visitor gets 401 or 403.
  const actor = await allowedActor(context);
  const db = dbOf(context);
  const form = await readForm(request);
  if (form.get("intent") !== "retry") {
    return data({ ok: false, toast: failed("Unknown action") }, { status: 400 });
  }
  const t = await actorTranslator(context);
  return formAction(form, {
    schema: retrySchema,
    run: async ({ messageId }) => retryMessage(db, actor, messageId ?? ""),
    done: (retried) => ({
      toast: {
        title: "Message Queued Again",
        description: t(retried.again ? "messages.retry-already-queued" : "messages.retry-queued", {
          channel: retried.channel,
          recipient: retried.recipient,
        }),
        variant: "success",
      },
    }),
    refused: (message) => failed(message),
  });
}

export default function MessagesAdmin({ loaderData, actionData }: Route.ComponentProps) {
  const { actor, filters, messages, alerts } = loaderData;
  const { search } = useLocation();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === PATH;
  const t = useT();
  return (
    <DashboardShell title={t("Messages")} actor={actor}>
      <FormNotice answer={actionData} />
      <p className="mb-6 max-w-2xl text-muted">
        {t(
          "Every email, SMS and WhatsApp message the network sends, newest first (Ghana time): who it went to (masked), what caused it, and whether it arrived. A failed or undelivered message can be sent again.",
        )}
      </p>
      <ProviderAlerts alerts={alerts} />
      <MessageFilters path={PATH} status={filters.status} channel={filters.channel} loading={loading} />
      <div aria-busy={loading || undefined} className={loading ? "opacity-60" : undefined}>
        <MessageTable
          rows={messages.rows}
          action={`${PATH}${search}`}
          filtered={Boolean(filters.status || filters.channel)}
        />
        <Pagination page={messages.page} hasNext={messages.hasNext} label={t("Messages pages")} />
      </div>
    </DashboardShell>
  );
}
