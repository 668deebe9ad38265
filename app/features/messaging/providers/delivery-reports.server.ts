import { timingSafeEqual } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { type MessageStatus, messages } from "~/db/schema";
import type { Env } from "~/env.server";
import { logger } from "~/lib/logger.server";
import { countMessage, countWebhookRefusal } from "~/lib/metrics.server";
import { parseAfricasTalkingReport } from "./africastalking.server.ts";
import { parseArkeselReport } from "./arkesel.server.ts";
import type { DeliveryReport, ProviderName } from "./types.ts";
import {
  type InboundWhatsAppText,
  parseWhatsAppInbound,
  parseWhatsAppStatuses,
  verifyWhatsAppSignature,
  whatsappChallenge,
} from "./whatsapp.server.ts";

/** The states a report may move a message from: forward only, and a final state is final. */
const FROM: Record<DeliveryReport["status"], MessageStatus[]> = {
  sent: ["queued"],
  delivered: ["queued", "sent"],
  failed: ["queued", "sent"],
  undelivered: ["queued", "sent"],
};

/**
 * Applies one delivery report to the message the provider named (its provider and provider id).
 * A report that would move a message backwards, or repeats one already applied (a replay), changes
 * nothing. Returns whether a row changed.
 */
export async function recordDeliveryReport(
  db: Db,
  report: DeliveryReport & { provider: ProviderName },
  now = new Date(),
): Promise<boolean> {
  const changed = await db
    .update(messages)
    .set({
      status: report.status,
      // Delivered: its text (kept for a Retry until now) is no longer needed.
      ...(report.status === "delivered" ? { deliveredAt: now, payload: null } : {}),
      ...(report.status === "sent"
        ? { sentAt: sql`coalesce(${messages.sentAt}, ${now.toISOString()}::timestamptz)` }
        : {}),
      ...(report.error ? { lastError: report.error.slice(0, 300) } : {}),
    })
    .where(
      and(
        eq(messages.provider, report.provider),
        eq(messages.providerId, report.providerId),
        inArray(messages.status, FROM[report.status]),
      ),
    )
    .returning({ id: messages.id, channel: messages.channel });
  const [row] = changed;
  if (row && report.status !== "sent") countMessage(row.channel, report.provider, report.status);
  return changed.length > 0;
}

const TEXT = { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" };
const answer = (status: number, body: string) => new Response(body, { status, headers: TEXT });

function sameSecret(given: string | null, expected: string | undefined): boolean {
  if (!given || !expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The SMS providers whose delivery reports come by webhook (Hubtel's are polled). */
const SMS_WEBHOOK_PROVIDERS = new Set(["arkesel", "africastalking"]);

async function formOrJson(request: Request): Promise<Record<string, unknown> | URLSearchParams | null> {
  const type = request.headers.get("content-type")?.toLowerCase() ?? "";
  const text = await request.text();
  if (!text) return null;
  if (type.startsWith("application/json")) {
    try {
      const value = JSON.parse(text) as unknown;
      return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }
  return new URLSearchParams(text);
}

/**
 * The secret and the report's fields of a callback, however the provider added its fields to the
 * address we gave it: merged into the query, or appended to its text after "?" or "&" (decision 035).
 * The token is the path's last segment (`/webhooks/sms/{provider}/{token}`); what was appended to
 * it after a "&" or "?" is read as fields. An address with `?token=` (registered before) is read
 * the same way: a "?" appended after the token is cut off and read as fields.
 */
export function callbackAddress(
  url: URL,
  pathToken: string | undefined,
): { token: string | null; query: URLSearchParams } {
  const query = new URLSearchParams(url.search);
  const split = (value: string) => {
    const at = value.search(/[?&]/);
    if (at < 0) return value;
    for (const [k, v] of new URLSearchParams(value.slice(at + 1))) if (!query.has(k)) query.append(k, v);
    return value.slice(0, at);
  };
  if (pathToken !== undefined) return { token: split(pathToken) || null, query };
  const legacy = query.get("token");
  return { token: legacy === null ? null : split(legacy) || null, query };
}

/**
 * /webhooks/sms/{provider}/{token} (or, as registered before decision 035, ?token=…): the delivery
 * reports of providers that sign nothing. A wrong or missing token is refused (401) before the
 * body is read, and changes nothing.
 */
export async function handleSmsWebhook(
  db: Db,
  config: Pick<Env, "SMS_WEBHOOK_TOKEN">,
  provider: string | undefined,
  request: Request,
  pathToken?: string,
): Promise<Response> {
  if (!provider || !SMS_WEBHOOK_PROVIDERS.has(provider)) return answer(404, "Not Found");
  const url = new URL(request.url);
  const { token, query } = callbackAddress(url, pathToken);
  if (!sameSecret(token, config.SMS_WEBHOOK_TOKEN)) {
    countWebhookRefusal(provider);
    return answer(401, "Unauthorized");
  }
  const body = request.method === "POST" ? await formOrJson(request) : null;
  let report: DeliveryReport | null = null;
  if (provider === "arkesel") {
    const fields = body instanceof URLSearchParams ? Object.fromEntries(body) : body;
    report = parseArkeselReport(query, fields);
  } else {
    report = body ? parseAfricasTalkingReport(body) : null;
  }
  if (!report) return answer(400, "Not a delivery report");
  const changed = await recordDeliveryReport(db, { ...report, provider: provider as ProviderName });
  logger.info({ provider, status: report.status, changed }, "delivery report");
  return answer(200, "OK");
}

/**
 * /webhooks/whatsapp: Meta's GET verification (hub.verify_token) and the signed POSTs
 * (X-Hub-Signature-256 over the raw body with the app secret). Anything unsigned or wrongly
 * signed is refused (401) and changes nothing. The text messages people send to the business
 * number go to `onTexts` (the appointment requests' click-to-chat proof, decision 046), only once the
 * signature is checked.
 */
export async function handleWhatsAppWebhook(
  db: Db,
  config: Pick<Env, "whatsappEnabled" | "WHATSAPP_APP_SECRET" | "WHATSAPP_VERIFY_TOKEN">,
  request: Request,
  onTexts?: (texts: InboundWhatsAppText[]) => Promise<void>,
): Promise<Response> {
  if (!config.whatsappEnabled) return answer(404, "Not Found");
  if (request.method === "GET" || request.method === "HEAD") {
    const challenge = whatsappChallenge(new URL(request.url).searchParams, config.WHATSAPP_VERIFY_TOKEN ?? "");
    return challenge === null ? answer(401, "Unauthorized") : answer(200, challenge);
  }
  if (request.method !== "POST") return answer(405, "Method Not Allowed");
  const raw = new Uint8Array(await request.arrayBuffer());
  if (!verifyWhatsAppSignature(raw, request.headers.get("x-hub-signature-256"), config.WHATSAPP_APP_SECRET ?? "")) {
    countWebhookRefusal("whatsapp");
    return answer(401, "Unauthorized");
  }
  let payload: unknown;
  try {
    payload = JSON.parse(new TextDecoder().decode(raw));
  } catch {
    return answer(400, "Bad Request");
  }
  let changed = 0;
  for (const report of parseWhatsAppStatuses(payload)) {
    if (await recordDeliveryReport(db, { ...report, provider: "whatsapp" })) changed += 1;
  }
  if (changed) logger.info({ changed }, "WhatsApp status updates");
  const texts = parseWhatsAppInbound(payload);
  if (texts.length > 0 && onTexts) await onTexts(texts);
  return answer(200, "OK");
}
