import { db } from "~/database.server";
import { receivePayoutWebhook } from "~/features/payouts/payout-webhook.server";
import { payoutProvider } from "~/features/payouts/providers.server";
import { countWebhookRefusal } from "~/lib/metrics.server";
import type { Route } from "./+types/paystack";

/** Largest webhook body read (Paystack's transfer events are a few kilobytes). */
const MAX_BODY = 256 * 1024;

/**
 * Paystack's transfer webhooks (decision 026): transfer.success, transfer.failed, transfer.reversed,
 * signed with HMAC SHA-512 of the raw body under the secret key (x-paystack-signature). A bad
 * signature answers 401 and changes nothing; a replayed or reordered event changes nothing twice.
 * Without PAYSTACK_SECRET_KEY the address does not exist (404).
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405, headers: { allow: "POST" } });
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY) return new Response("Too large", { status: 413 });
  const raw = await request.text();
  if (raw.length > MAX_BODY) return new Response("Too large", { status: 413 });
  const answer = await receivePayoutWebhook(await db(), payoutProvider(), raw, request.headers);
  if (answer.status === 401) countWebhookRefusal("paystack");
  return new Response(answer.body, { status: answer.status, headers: { "content-type": "text/plain; charset=utf-8" } });
}

export async function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { allow: "POST" } });
}
