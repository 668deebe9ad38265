import { dbOf } from "~/db/context.server";
import { env } from "~/env.server";
import { handleSmsWebhook } from "~/features/messaging/providers/delivery-reports.server";
import type { Route } from "./+types/sms";

/**
 * Delivery reports of SMS providers whose callbacks are not signed (decision 025):
 * /webhooks/sms/arkesel/{token} (a GET, as Arkesel calls) and /webhooks/sms/africastalking/{token}
 * (a form POST), the secret SMS_WEBHOOK_TOKEN in the path (decision 035; `?token=` still read).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return handleSmsWebhook(dbOf(context), env(), params.provider, request, params.token);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return handleSmsWebhook(dbOf(context), env(), params.provider, request, params.token);
}
