import { dbOf } from "~/db/context.server";
import { env } from "~/env.server";
import { handleWhatsAppWebhook } from "~/features/messaging/providers/delivery-reports.server";
import type { Route } from "./+types/whatsapp";

/** WhatsApp Cloud API webhooks (issue 26): the GET verification and the signed status updates. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleWhatsAppWebhook(dbOf(context), env(), request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleWhatsAppWebhook(dbOf(context), env(), request);
}
