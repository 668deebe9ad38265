import { dbOf } from "~/db/context.server";
import { env } from "~/env.server";
import { proveByWhatsApp } from "~/features/appointments/appointment-whatsapp.server";
import { handleWhatsAppWebhook } from "~/features/messaging/providers/delivery-reports.server";
import type { Route } from "./+types/whatsapp";

/**
 * WhatsApp Cloud API webhooks (decision 025): the GET verification and the signed status updates; the
 * text messages people send the business number may prove an appointment request (decision 046).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleWhatsAppWebhook(dbOf(context), env(), request);
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = dbOf(context);
  return handleWhatsAppWebhook(db, env(), request, async (texts) => {
    await proveByWhatsApp(db, texts);
  });
}
