/**
 * Arkesel SMS API v2 (first choice: Ghanaian, GHS billing, direct routes to MTN, Telecel and AT).
 *
 * What this relies on (checked with the search tool, 25 Nov 2026):
 * - Send: POST {base}/api/v2/sms/send, header `api-key: <key>`, JSON
 *   `{ sender, message, recipients: ["233…"], callback_url? }`; answer
 *   `{ status: "success", data: [{ recipient, id }, …, { "invalid numbers": [ … ] }] }`
 *   (Arkesel's v2 examples as reproduced in the aglili/arkesel README and the
 *   kalourmade/arkesel-sdk models.ts, sms.ts).
 * - Errors by HTTP status: 402 insufficient balance, 403 bad or missing api-key (or an inactive
 *   gateway), 422 a payload Arkesel refuses (kalourmade/arkesel-sdk errorMapping.ts).
 * - Status: GET {base}/api/v2/sms/{id} -> `{ data: { ID, status, … } }` with status one of
 *   DELIVERED, SUBMITTED, QUEUED, PROHIBITED, NOT_DELIVERED, EXPIRED (same SDK, models.ts).
 * - Delivery callback: Arkesel calls `callback_url` with `sms_id` and `status` as query
 *   parameters and signs nothing (kalourmade/arkesel-sdk docs/node.md, deliveryCallback.ts): our
 *   callback address carries a secret token (SMS_WEBHOOK_TOKEN) that the route checks.
 * - No idempotency key is documented for sending.
 */
import { callProvider, excerpt, failureForStatus, isFailure } from "./http.server.ts";
import {
  type DeliveryReport,
  type DeliveryStatus,
  failure,
  type MessagingProvider,
  type OutboundMessage,
  type SendOptions,
  type SendResult,
} from "./types.ts";

export type ArkeselConfig = {
  apiKey: string;
  sender: string;
  baseUrl: string;
  /** Our delivery-report address with its secret token; omitted when unset. */
  callbackUrl?: string;
};

/** Arkesel writes numbers without the plus: 233205550147. */
export function arkeselNumber(e164: string): string {
  return e164.replace(/^\+/, "");
}

export function createArkeselProvider(config: ArkeselConfig): MessagingProvider {
  const base = config.baseUrl.replace(/\/+$/, "");
  const headers = { "api-key": config.apiKey, "content-type": "application/json", accept: "application/json" };
  return {
    name: "arkesel",
    channel: "sms",
    honoursIdempotencyKey: false,
    async send(message: OutboundMessage, options?: SendOptions): Promise<SendResult> {
      const recipient = arkeselNumber(message.to);
      const body: Record<string, unknown> = { sender: config.sender, message: message.text, recipients: [recipient] };
      if (config.callbackUrl) body.callback_url = config.callbackUrl;
      const answer = await callProvider(
        `${base}/api/v2/sms/send`,
        { method: "POST", headers, body: JSON.stringify(body) },
        options,
      );
      if (isFailure(answer)) return answer;
      const json = answer.json as { status?: string; message?: string; data?: unknown } | null;
      const said = json?.message ?? excerpt(answer.text);
      if (answer.status === 402) return failure("no_credit", `Arkesel 402: ${said}`);
      if (answer.status === 403 || answer.status === 401) return failure("auth", `Arkesel ${answer.status}: ${said}`);
      if (answer.status === 422) {
        return /number|recipient|phone/i.test(said)
          ? failure("invalid_number", `Arkesel 422: ${said}`)
          : failure("rejected", `Arkesel 422: ${said}`);
      }
      if (answer.status < 200 || answer.status >= 300) return failureForStatus(answer, `Arkesel: ${said}`);
      const entries = Array.isArray(json?.data) ? (json.data as Array<Record<string, unknown>>) : [];
      const accepted = entries.find((e) => typeof e.id === "string" && String(e.recipient) === recipient);
      if (accepted) return { ok: true, providerId: accepted.id as string };
      const invalid = entries.flatMap((e) => (Array.isArray(e["invalid numbers"]) ? e["invalid numbers"] : []));
      if (invalid.map(String).includes(recipient)) return failure("invalid_number", "Arkesel: invalid number");
      return failure("bad_response", `Arkesel answered ${answer.status} without an id: ${excerpt(answer.text)}`);
    },
    async pollStatus(providerId: string, options?: SendOptions): Promise<DeliveryReport | null> {
      const answer = await callProvider(
        `${base}/api/v2/sms/${encodeURIComponent(providerId)}`,
        { method: "GET", headers },
        options,
      );
      if (isFailure(answer) || answer.status !== 200) return null;
      const status = (answer.json as { data?: { status?: unknown } } | null)?.data?.status;
      const mapped = typeof status === "string" ? arkeselStatus(status) : null;
      return mapped ? { providerId, ...mapped } : null;
    },
  };
}

/** Arkesel's delivery states in ours (null: not a state we know). */
export function arkeselStatus(raw: string): { status: DeliveryStatus; error?: string } | null {
  switch (raw.trim().toUpperCase()) {
    case "DELIVERED":
      return { status: "delivered" };
    case "SUBMITTED":
    case "QUEUED":
    case "SENT":
      return { status: "sent" };
    case "NOT_DELIVERED":
    case "UNDELIVERED":
      return { status: "undelivered", error: "Arkesel: NOT_DELIVERED" };
    case "EXPIRED":
      return { status: "undelivered", error: "Arkesel: EXPIRED" };
    case "PROHIBITED":
    case "REJECTED":
    case "FAILED":
      return { status: "failed", error: `Arkesel: ${raw.trim().toUpperCase()}` };
    default:
      return null;
  }
}

/**
 * Arkesel's delivery callback (query parameters `sms_id` and `status`; a form or JSON body with
 * the same names is read too). null: not a delivery report.
 */
export function parseArkeselReport(
  query: URLSearchParams,
  body: Record<string, unknown> | null,
): DeliveryReport | null {
  const id = query.get("sms_id") ?? stringField(body, "sms_id") ?? stringField(body, "id");
  const status = query.get("status") ?? stringField(body, "status");
  if (!id || !status || id.length > 200) return null;
  const mapped = arkeselStatus(status);
  return mapped ? { providerId: id, ...mapped } : null;
}

function stringField(body: Record<string, unknown> | null, key: string): string | null {
  const value = body?.[key];
  return typeof value === "string" && value ? value : null;
}
