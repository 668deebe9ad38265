/**
 * Africa's Talking SMS API.
 *
 * What this relies on (checked with the search tool, 25 Nov 2026):
 * - Send: POST {base}/version1/messaging (live https://api.africastalking.com, sandbox
 *   https://api.sandbox.africastalking.com), headers `apiKey: <key>` and
 *   `Accept: application/json`, form-encoded body `username`, `to` (comma-separated),
 *   `message`, `from` (registered sender ID), `bulkSMSMode` (1: the sender is billed)
 *   (docs.africastalking.com/sms/sending). Answer:
 *   `{ SMSMessageData: { Message, Recipients: [{ statusCode, number, status, cost, messageId }] } }`.
 * - Per-recipient status codes: 100 Processed, 101 Sent, 102 Queued, 401 RiskHold,
 *   402 InvalidSenderId, 403 InvalidPhoneNumber, 404 UnsupportedNumberType,
 *   405 InsufficientBalance, 406 UserInBlacklist, 407 CouldNotRoute, 409 DoNotDisturbRejection,
 *   500 InternalServerError, 501 GatewayError, 502 RejectedByGateway (the documented table, as
 *   listed by several clients, e.g. hekimapro/utils communication).
 * - Delivery reports: a callback URL registered in the dashboard receives form-encoded POSTs with
 *   `id`, `status` (Sent, Submitted, Buffered, Rejected, Success, Failed), `phoneNumber`,
 *   `networkCode` and `failureReason` (docs.africastalking.com/sms/notifications). They are not
 *   signed: the registered address carries our secret token (SMS_WEBHOOK_TOKEN).
 * - Idempotence-Key is documented for airtime and payments only, not SMS
 *   (docs.africastalking.com/idempotentrequests).
 */
import { callProvider, excerpt, failureForStatus, isFailure } from "./http.server.ts";
import {
  type DeliveryReport,
  type DeliveryStatus,
  type FailureCode,
  failure,
  type MessagingProvider,
  type OutboundMessage,
  type SendOptions,
  type SendResult,
} from "./types.ts";

export type AfricasTalkingConfig = {
  username: string;
  apiKey: string;
  sender: string;
  baseUrl: string;
};

const RECIPIENT_CODES: Record<number, FailureCode> = {
  401: "rejected",
  // InvalidSenderId: our sender ID is not approved (decision 035): every SMS alike, until it is.
  402: "configuration",
  403: "invalid_number",
  404: "invalid_number",
  405: "no_credit",
  406: "opted_out",
  407: "rejected",
  409: "opted_out",
  500: "server_error",
  501: "server_error",
  502: "rejected",
};

export function createAfricasTalkingProvider(config: AfricasTalkingConfig): MessagingProvider {
  const base = config.baseUrl.replace(/\/+$/, "");
  return {
    name: "africastalking",
    channel: "sms",
    honoursIdempotencyKey: false,
    async send(message: OutboundMessage, options?: SendOptions): Promise<SendResult> {
      const form = new URLSearchParams({
        username: config.username,
        to: message.to,
        message: message.text,
        from: config.sender,
        bulkSMSMode: "1",
      });
      const answer = await callProvider(
        `${base}/version1/messaging`,
        {
          method: "POST",
          headers: {
            apiKey: config.apiKey,
            accept: "application/json",
            "content-type": "application/x-www-form-urlencoded",
          },
          body: form.toString(),
        },
        options,
      );
      if (isFailure(answer)) return answer;
      if (answer.status === 401) return failure("auth", `Africa's Talking 401: ${excerpt(answer.text)}`);
      if (answer.status < 200 || answer.status >= 300)
        return failureForStatus(answer, `Africa's Talking: ${excerpt(answer.text)}`);
      const data = (answer.json as { SMSMessageData?: { Message?: string; Recipients?: unknown } } | null)
        ?.SMSMessageData;
      const recipients = Array.isArray(data?.Recipients) ? (data.Recipients as Array<Record<string, unknown>>) : [];
      const mine = recipients.find((r) => r.number === message.to) ?? recipients[0];
      if (!mine) {
        // Africa's Talking lists nobody when it refused the request as a whole: its Message is then
        // the status's name (an unapproved sender: "InvalidSenderId", seen in the wild), or a number
        // refused outright.
        const said = (data?.Message ?? excerpt(answer.text)).trim();
        if (said === "InvalidSenderId") return failure("configuration", "Africa's Talking 402 InvalidSenderId");
        return /InvalidPhoneNumber|invalid phone/i.test(said)
          ? failure("invalid_number", `Africa's Talking: ${said}`)
          : failure("bad_response", `Africa's Talking answered without recipients: ${said}`);
      }
      const statusCode = Number(mine.statusCode);
      if ((statusCode === 100 || statusCode === 101 || statusCode === 102) && typeof mine.messageId === "string") {
        const parts = Number(mine.messageParts);
        return {
          ok: true,
          providerId: mine.messageId,
          ...(Number.isInteger(parts) && parts > 0 ? { segments: parts } : {}),
        };
      }
      const code = RECIPIENT_CODES[statusCode] ?? "rejected";
      return failure(code, `Africa's Talking ${statusCode} ${String(mine.status ?? "")}`.trim());
    },
  };
}

/** Africa's Talking's delivery states in ours. */
export function africasTalkingStatus(
  raw: string,
  failureReason?: string | null,
): {
  status: DeliveryStatus;
  error?: string;
} | null {
  const reason = failureReason ? ` (${failureReason})` : "";
  switch (raw.trim()) {
    case "Success":
      return { status: "delivered" };
    case "Sent":
    case "Submitted":
    case "Buffered":
      return { status: "sent" };
    case "Rejected":
      return { status: "failed", error: `Africa's Talking: Rejected${reason}` };
    case "Failed":
      return { status: "undelivered", error: `Africa's Talking: Failed${reason}` };
    default:
      return null;
  }
}

/** A delivery-report POST (form fields, or the same names in JSON). null: not a delivery report. */
export function parseAfricasTalkingReport(fields: URLSearchParams | Record<string, unknown>): DeliveryReport | null {
  const get = (key: string): string | null => {
    const value = fields instanceof URLSearchParams ? fields.get(key) : fields[key];
    return typeof value === "string" && value ? value : null;
  };
  const id = get("id");
  const status = get("status");
  if (!id || !status || id.length > 200) return null;
  const mapped = africasTalkingStatus(status, get("failureReason"));
  return mapped ? { providerId: id, ...mapped } : null;
}
