/**
 * Hubtel SMS API (Ghana).
 *
 * What this relies on (checked with the search tool, 25 Nov 2026):
 * - Authentication: HTTP Basic with the API client id and secret,
 *   `Authorization: Basic base64(clientId:clientSecret)` (Hubtel business docs, "Getting started
 *   with SMS", businessdocs-developers.hubtel.com/docs/getting-started-with-sms).
 * - Send: POST {base}/v1/messages/send with JSON `{ From, To, Content }` ("Simple Messaging",
 *   .../docs/simple-messaging; the production host is smsc.hubtel.com); answer
 *   `{ rate, messageId, status: 0, networkId, clientReference, statusDescription }`. We also send
 *   `ClientReference` (our idempotency key), which Hubtel echoes back; Hubtel documents no
 *   de-duplication on it.
 * - Response codes (hubtel.readme.io/reference/response-code): 200/201 accepted; 400 with status
 *   1 invalid destination, 2 invalid sender (our configuration: retried, decision 035), 3 too long,
 *   4 not routable, 6 content rejected,
 *   7/8 bad parameters; 401 authorization failed; 402 not enough credit; 403 the recipient has
 *   not given approval; 500 and 502 server and gateway errors.
 * - Status: GET {statusBase}/v1/messages/{messageId} -> `{ messageId, status: "Delivered", … }`
 *   (".../docs/sms-status-check", host sms.hubtel.com). Hubtel documents no delivery-report
 *   webhook for this API, so Hubtel messages are followed by polling.
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

export type HubtelConfig = {
  clientId: string;
  clientSecret: string;
  sender: string;
  /** Where messages are sent (default https://smsc.hubtel.com). */
  baseUrl: string;
  /** Where their status is asked (default https://sms.hubtel.com). */
  statusBaseUrl: string;
};

export function createHubtelProvider(config: HubtelConfig): MessagingProvider {
  const base = config.baseUrl.replace(/\/+$/, "");
  const statusBase = config.statusBaseUrl.replace(/\/+$/, "");
  const authorization = `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString("base64")}`;
  const headers = { authorization, "content-type": "application/json", accept: "application/json" };
  return {
    name: "hubtel",
    channel: "sms",
    honoursIdempotencyKey: false,
    async send(message: OutboundMessage, options?: SendOptions): Promise<SendResult> {
      const answer = await callProvider(
        `${base}/v1/messages/send`,
        {
          method: "POST",
          headers,
          body: JSON.stringify({
            From: config.sender,
            To: message.to.replace(/^\+/, ""),
            Content: message.text,
            ClientReference: message.idempotencyKey,
          }),
        },
        options,
      );
      if (isFailure(answer)) return answer;
      const json = answer.json as {
        messageId?: unknown;
        status?: unknown;
        statusDescription?: unknown;
        message?: unknown;
      } | null;
      const code = typeof json?.status === "number" ? json.status : Number(json?.status ?? Number.NaN);
      const said = String(json?.statusDescription ?? json?.message ?? excerpt(answer.text));
      if (answer.status >= 200 && answer.status < 300 && (code === 0 || Number.isNaN(code))) {
        if (typeof json?.messageId === "string" && json.messageId) return { ok: true, providerId: json.messageId };
        return failure("bad_response", `Hubtel answered ${answer.status} without a messageId`);
      }
      if (answer.status === 402 || code === 12) return failure("no_credit", `Hubtel ${answer.status}/${code}: ${said}`);
      if (answer.status === 401) return failure("auth", `Hubtel 401: ${said}`);
      if (answer.status === 403) return failure("opted_out", `Hubtel 403: ${said}`);
      if (answer.status === 400 || (answer.status < 300 && !Number.isNaN(code))) {
        if (code === 1 || code === 4) return failure("invalid_number", `Hubtel status ${code}: ${said}`);
        // "Invalid Source address": the sender ID is not registered or approved (with a 400, or in a
        // 200: the documentation does not say which). Every SMS would fail alike until it is.
        if (code === 2) return failure("configuration", `Hubtel status 2: ${said}`);
        return failure("rejected", `Hubtel status ${Number.isNaN(code) ? "?" : code}: ${said}`);
      }
      return failureForStatus(answer, `Hubtel: ${said}`);
    },
    async pollStatus(providerId: string, options?: SendOptions): Promise<DeliveryReport | null> {
      const answer = await callProvider(
        `${statusBase}/v1/messages/${encodeURIComponent(providerId)}`,
        { method: "GET", headers },
        options,
      );
      if (isFailure(answer) || answer.status !== 200) return null;
      const status = (answer.json as { status?: unknown } | null)?.status;
      const mapped = typeof status === "string" ? hubtelStatus(status) : null;
      return mapped ? { providerId, ...mapped } : null;
    },
  };
}

/** Hubtel's delivery receipt words in ours (null: still on its way or unknown). */
export function hubtelStatus(raw: string): { status: DeliveryStatus; error?: string } | null {
  const value = raw.trim().toLowerCase();
  if (value === "delivered") return { status: "delivered" };
  if (value === "sent" || value === "submitted" || value === "pending" || value === "queued") return { status: "sent" };
  if (value === "undelivered" || value === "expired") return { status: "undelivered", error: `Hubtel: ${raw.trim()}` };
  if (value === "failed" || value === "rejected") return { status: "failed", error: `Hubtel: ${raw.trim()}` };
  return null;
}
