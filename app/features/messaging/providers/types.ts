/**
 * The one small interface every SMS and WhatsApp provider speaks (decision 025). Adapters are written
 * with `fetch` against each provider's documented HTTP API; their base addresses are
 * configuration, so tests point them at a local fake (tests/helpers/fake-providers/).
 *
 * An adapter never throws for a provider's answer: it returns a typed result that says whether a
 * failure is permanent (an invalid number, a number that opted out: retrying cannot help) or
 * retryable (no credit, 5xx, a timeout, a dropped connection: the queue tries again with backoff).
 */

export const SMS_PROVIDERS = ["arkesel", "hubtel", "africastalking"] as const;
export type SmsProviderName = (typeof SMS_PROVIDERS)[number];
export type ProviderName = SmsProviderName | "whatsapp" | "outbox";
export type Channel = "sms" | "whatsapp";

/** What the product sends: a number in E.164 (+233…) and a short text with no patient or clinical content. */
export type OutboundMessage = {
  /** E.164, e.g. +233205550147. */
  to: string;
  /**
   * The SMS text (already shaped by sms-text.ts). On WhatsApp the same text is the one body
   * parameter of the configured template (WHATSAPP_TEMPLATE_NOTICE): one template, used everywhere.
   */
  text: string;
  /**
   * The message's stable key (the messages row id): sent where the provider has a field for it,
   * and the key a fake provider that honours idempotency deduplicates on.
   */
  idempotencyKey: string;
};

export type SendOptions = {
  /** Cancels the request (the worker's shutdown); a per-request timeout is added by the adapter. */
  signal?: AbortSignal;
  /** Milliseconds before the request is abandoned as a retryable timeout (default 15 s). */
  timeoutMs?: number;
};

/** Why a send failed, in words the Messages screen can show and tests can assert on. */
export type FailureCode =
  | "invalid_number"
  | "opted_out"
  | "rejected"
  | "no_credit"
  | "auth"
  /**
   * The provider refuses our configuration, not this message: an unapproved sender ID (Hubtel
   * subcode 2, Africa's Talking InvalidSenderId) or WhatsApp template (132000-132016). Every
   * message would fail alike until the operator fixes it (decision 035): kept and retried.
   */
  | "configuration"
  | "rate_limited"
  | "server_error"
  | "timeout"
  | "network"
  | "bad_response";

export type SendResult =
  | {
      ok: true;
      /** The provider's id for the message: what its delivery reports and status answers name. */
      providerId: string;
      /** Billed parts where the provider reports them (otherwise the queue counts them itself). */
      segments?: number;
    }
  | {
      ok: false;
      /** true: try again later (with backoff); false: stop now, the message is failed. */
      retryable: boolean;
      code: FailureCode;
      /** The provider's words (status, code, description): never the message text or the number. */
      error: string;
      /** The provider asked us to wait this long (Retry-After), when it said so. */
      retryAfterMs?: number;
    };

/** The states a delivery report can move a message to (the messages table's, minus queued). */
export type DeliveryStatus = "sent" | "delivered" | "failed" | "undelivered";

/** A delivery report reduced to what the messages table records. */
export type DeliveryReport = { providerId: string; status: DeliveryStatus; error?: string };

export interface MessagingProvider {
  readonly name: ProviderName;
  readonly channel: Channel;
  /** True when the provider itself refuses a second send with the same key (none of ours does today). */
  readonly honoursIdempotencyKey: boolean;
  send(message: OutboundMessage, options?: SendOptions): Promise<SendResult>;
  /**
   * Asks the provider where a message is, for providers whose delivery reports do not come by
   * webhook (or arrive late). null: the provider does not know yet (or has no such endpoint).
   */
  pollStatus?(providerId: string, options?: SendOptions): Promise<DeliveryReport | null>;
}

/** A failure helper: the one place the permanent/retryable split is written down per code. */
export function failure(
  code: FailureCode,
  error: string,
  extra: { retryAfterMs?: number } = {},
): Extract<SendResult, { ok: false }> {
  return { ok: false, retryable: RETRYABLE[code], code, error: error.slice(0, 300), ...extra };
}

const RETRYABLE: Record<FailureCode, boolean> = {
  invalid_number: false,
  opted_out: false,
  rejected: false,
  // No credit is an operator's problem that a top-up fixes: keep the message and try again later.
  no_credit: true,
  // Wrong keys are fixed by configuration; retrying with backoff keeps the message until then.
  auth: true,
  // So is an unapproved sender ID or template (decision 035): sign-in codes included, nothing is lost.
  configuration: true,
  rate_limited: true,
  server_error: true,
  timeout: true,
  network: true,
  bad_response: true,
};

/**
 * The failures only the operator can fix, every message alike: the system administrators are told
 * once (provider_alerts) and the Messages screen shows them until the provider accepts again.
 */
export const OPERATOR_FAILURES: ReadonlySet<FailureCode> = new Set(["configuration", "auth", "no_credit"]);
