/**
 * WhatsApp Cloud API (Meta Graph API), utility templates.
 *
 * What this relies on (checked with the search tool, 25 Nov 2026):
 * - Send: POST {base}/{version}/{phone-number-id}/messages with `Authorization: Bearer <token>`,
 *   JSON `{ messaging_product: "whatsapp", recipient_type: "individual", to, type: "template",
 *   template: { name, language: { code }, components: [{ type: "body", parameters: [{ type:
 *   "text", text }] }] } }`; answer `{ messaging_product, contacts: [{ input, wa_id }],
 *   messages: [{ id }] }`. `biz_opaque_callback_data` (our idempotency key) comes back in status
 *   webhooks; the Cloud API documents no de-duplication of sends.
 * - Errors: `{ error: { message, type, code, error_data: { details }, fbtrace_id } }`; handle by
 *   `code` (Cloud API error codes, as reproduced by Kaleyra's and Alendei's references and
 *   niswey.com): 0/190/3/10/200-299 authorization, 4/80007/130429/131048/131056 throttling,
 *   1/2/131000/131016 service errors (retry), 131026 undeliverable, 131030 recipient not allowed,
 *   131042 business payment issue, 131047 re-engagement, 131050 user stopped marketing,
 *   132000-132016 template problems (our configuration: retried, decision 035), 100 and
 *   131008/131009 bad parameters, 368/131031 account
 *   restricted.
 * - Webhooks: a GET verification with `hub.mode=subscribe`, `hub.verify_token` and
 *   `hub.challenge` (answer the challenge when the token matches), then POSTs whose raw body is
 *   signed in `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 with the app secret>`; status
 *   updates arrive as `entry[].changes[].value.statuses[]` with `id`, `status` (sent, delivered,
 *   read, failed) and `errors[]` (the WhatsApp Node.js SDK's webhooks reference; hookdeck's
 *   WhatsApp webhook guide).
 * - Inbound messages (decision 046: a patient's click-to-chat message proves an appointment request)
 *   arrive in the same `messages` field as `entry[].changes[].value.messages[]` with `from` (the
 *   sender's WhatsApp phone number, digits without "+"), `id`, `timestamp`, `type` and, for
 *   `type: "text"`, `text.body` (Meta's text messages webhook reference,
 *   developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages/text).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { callProvider, excerpt, failureForStatus, isFailure, retryAfterMs } from "./http.server.ts";
import {
  type DeliveryReport,
  type FailureCode,
  failure,
  type MessagingProvider,
  type OutboundMessage,
  type SendOptions,
  type SendResult,
} from "./types.ts";

export type WhatsAppConfig = {
  token: string;
  phoneNumberId: string;
  /** Default https://graph.facebook.com */
  baseUrl: string;
  /** Graph API version, e.g. v23.0 */
  apiVersion: string;
  /**
   * The one approved utility template every message is sent with (WHATSAPP_TEMPLATE_NOTICE and
   * WHATSAPP_TEMPLATE_LANGUAGE): its body has one placeholder, {{1}}, filled with the message's text.
   */
  template: { name: string; language: string };
};

/**
 * A template's text parameter as Meta takes it: no new lines or tabs, no more than 4 spaces in a
 * row (Meta refuses the message otherwise), at most 1024 characters (the body's limit).
 */
export function templateParameter(text: string): string {
  return text
    .replace(/[\r\n\t]+/g, " ")
    .replace(/ {5,}/g, "    ")
    .trim()
    .slice(0, 1024);
}

export function whatsappFailureCode(code: number): FailureCode {
  if ([0, 3, 10, 190, 368, 131031].includes(code) || (code >= 200 && code <= 299)) return "auth";
  if ([4, 80007, 130429, 131048, 131056].includes(code)) return "rate_limited";
  if ([1, 2, 131000, 131016].includes(code)) return "server_error";
  if (code === 131026) return "invalid_number";
  if (code === 131050) return "opted_out";
  if (code === 131042) return "no_credit";
  // The template (132000-132016: missing, not approved, paused, disabled, its parameters not
  // those registered): our configuration, every message alike (decision 035). Kept and retried.
  if (code >= 132000 && code <= 132999) return "configuration";
  return "rejected";
}

export function createWhatsAppProvider(config: WhatsAppConfig): MessagingProvider {
  const base = config.baseUrl.replace(/\/+$/, "");
  const url = `${base}/${config.apiVersion}/${encodeURIComponent(config.phoneNumberId)}/messages`;
  return {
    name: "whatsapp",
    channel: "whatsapp",
    honoursIdempotencyKey: false,
    async send(message: OutboundMessage, options?: SendOptions): Promise<SendResult> {
      const parameter = templateParameter(message.text);
      if (!parameter) return failure("rejected", "WhatsApp: nothing to send");
      const body = {
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to: message.to.replace(/^\+/, ""),
        type: "template",
        template: {
          name: config.template.name,
          language: { code: config.template.language },
          components: [{ type: "body", parameters: [{ type: "text", text: parameter }] }],
        },
        biz_opaque_callback_data: message.idempotencyKey,
      };
      const answer = await callProvider(
        url,
        {
          method: "POST",
          headers: {
            authorization: `Bearer ${config.token}`,
            "content-type": "application/json",
            accept: "application/json",
          },
          body: JSON.stringify(body),
        },
        options,
      );
      if (isFailure(answer)) return answer;
      const json = answer.json as {
        messages?: Array<{ id?: unknown }>;
        error?: { code?: unknown; message?: unknown; error_data?: { details?: unknown } };
      } | null;
      if (answer.status >= 200 && answer.status < 300) {
        const id = json?.messages?.[0]?.id;
        if (typeof id === "string" && id) return { ok: true, providerId: id };
        return failure("bad_response", `WhatsApp answered ${answer.status} without a message id`);
      }
      const error = json?.error;
      if (error && typeof error.code === "number") {
        const details = typeof error.error_data?.details === "string" ? `: ${error.error_data.details}` : "";
        const said = `WhatsApp ${error.code} ${String(error.message ?? "")}${details}`;
        const code = whatsappFailureCode(error.code);
        return failure(code, said, code === "rate_limited" ? { retryAfterMs: retryAfterMs(answer.headers) } : {});
      }
      return failureForStatus(answer, `WhatsApp: ${excerpt(answer.text)}`);
    },
  };
}

/** X-Hub-Signature-256 over the raw body, compared in constant time. */
export function verifyWhatsAppSignature(
  rawBody: Uint8Array | string,
  header: string | null,
  appSecret: string,
): boolean {
  if (!header || !appSecret) return false;
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!match) return false;
  const expected = createHmac("sha256", appSecret).update(rawBody).digest();
  const given = Buffer.from(match[1], "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The GET verification: the challenge to echo when mode and token match, else null. */
export function whatsappChallenge(query: URLSearchParams, verifyToken: string): string | null {
  if (!verifyToken) return null;
  const mode = query.get("hub.mode");
  const token = query.get("hub.verify_token") ?? "";
  const challenge = query.get("hub.challenge");
  if (mode !== "subscribe" || !challenge || challenge.length > 200) return null;
  const a = Buffer.from(token);
  const b = Buffer.from(verifyToken);
  return a.length === b.length && timingSafeEqual(a, b) ? challenge : null;
}

/** The status updates in a (verified) webhook payload; anything else in it is ignored. */
export function parseWhatsAppStatuses(payload: unknown): DeliveryReport[] {
  const reports: DeliveryReport[] = [];
  const entries = (payload as { entry?: unknown } | null)?.entry;
  if (!Array.isArray(entries)) return reports;
  for (const entry of entries) {
    const changes = (entry as { changes?: unknown } | null)?.changes;
    if (!Array.isArray(changes)) continue;
    for (const change of changes) {
      const statuses = (change as { value?: { statuses?: unknown } } | null)?.value?.statuses;
      if (!Array.isArray(statuses)) continue;
      for (const item of statuses) {
        const report = whatsappStatus(item);
        if (report) reports.push(report);
      }
    }
  }
  return reports;
}

function whatsappStatus(item: unknown): DeliveryReport | null {
  const { id, status, errors } = (item ?? {}) as { id?: unknown; status?: unknown; errors?: unknown };
  if (typeof id !== "string" || !id || id.length > 200 || typeof status !== "string") return null;
  if (status === "sent") return { providerId: id, status: "sent" };
  if (status === "delivered" || status === "read") return { providerId: id, status: "delivered" };
  if (status !== "failed") return null;
  const first = (Array.isArray(errors) ? errors[0] : null) as { code?: unknown; title?: unknown } | null;
  const code = typeof first?.code === "number" ? first.code : null;
  const error = `WhatsApp ${code ?? "?"} ${typeof first?.title === "string" ? first.title : "failed"}`.slice(0, 300);
  // Undeliverable (not on WhatsApp, blocked, old app) and Meta's own decision not to deliver: undelivered.
  return { providerId: id, status: code === 131026 || code === 131049 ? "undelivered" : "failed", error };
}

/** A text message a WhatsApp user sent to the business number: the sender's digits and the text. */
export type InboundWhatsAppText = { id: string; from: string; text: string };

/**
 * The text messages in a (verified) webhook payload. Anything else (statuses, media, reactions,
 * a sender that is not a phone number) is ignored; a text is cut at 1,000 characters.
 */
export function parseWhatsAppInbound(payload: unknown): InboundWhatsAppText[] {
  const found: InboundWhatsAppText[] = [];
  const entries = (payload as { entry?: unknown } | null)?.entry;
  if (!Array.isArray(entries)) return found;
  for (const entry of entries) {
    const changes = (entry as { changes?: unknown } | null)?.changes;
    if (!Array.isArray(changes)) continue;
    for (const change of changes) {
      const inbound = (change as { value?: { messages?: unknown } } | null)?.value?.messages;
      if (!Array.isArray(inbound)) continue;
      for (const item of inbound) {
        const { id, from, type, text } = (item ?? {}) as {
          id?: unknown;
          from?: unknown;
          type?: unknown;
          text?: unknown;
        };
        const body = (text as { body?: unknown } | null)?.body;
        if (type !== "text" || typeof body !== "string" || typeof id !== "string" || id.length > 200) continue;
        if (typeof from !== "string" || !/^[1-9]\d{6,14}$/.test(from)) continue;
        found.push({ id, from, text: body.slice(0, 1000) });
      }
    }
  }
  return found;
}
