import { createHmac } from "node:crypto";
import { type FakeOptions, FakeServer, fromFixture, HANG, jsonBody } from "./server.ts";

/**
 * The WhatsApp Cloud API as documented (see app/features/messaging/providers/whatsapp.server.ts),
 * answering with Meta's documented examples (fixtures/whatsapp/): POST
 * /{version}/{phone-number-id}/messages with a Bearer token and a template message; status
 * webhooks are POSTs signed with X-Hub-Signature-256 (HMAC-SHA256 of the raw body, app secret).
 *
 * Templates are checked as Meta checks them: only a template registered under that name and
 * language and APPROVED can be sent (else 132001, or 132015 paused, 132016 disabled), with exactly
 * as many body parameters as it has placeholders (else 132000). By default the one template the
 * README tells operators to register: `referral_notice`, `en`, one body parameter.
 * Meta documents no de-duplication of sends: neither does this fake (honourIdempotency is refused).
 */
export type RegisteredTemplate = {
  name: string;
  language: string;
  bodyParameters: number;
  status?: "APPROVED" | "PENDING" | "REJECTED" | "PAUSED" | "DISABLED";
};

export const README_TEMPLATE: RegisteredTemplate = {
  name: "referral_notice",
  language: "en",
  bodyParameters: 1,
  status: "APPROVED",
};

export type FakeWhatsAppOptions = Omit<FakeOptions, "honourIdempotency"> & {
  templates?: RegisteredTemplate[];
  /** Answer an accepted send with the older shape (no message_status): both are documented. */
  acceptedWithoutStatus?: boolean;
};

export async function startFakeWhatsApp(token: string, phoneNumberId: string, options: FakeWhatsAppOptions = {}) {
  if ((options as FakeOptions).honourIdempotency) throw new Error("the Cloud API does not de-duplicate sends");
  const templates = options.templates ?? [README_TEMPLATE];
  const fake = new FakeServer(({ request, mode, accept }) => {
    if (request.headers.authorization !== `Bearer ${token}`) return fromFixture("whatsapp", "error-190-token");
    const path = /^\/v\d+\.\d\/([^/]+)\/messages$/.exec(request.path);
    if (request.method !== "POST" || !path)
      return fromFixture("whatsapp", "error-100-invalid-parameter", { details: "Unknown path components" });
    if (path[1] !== phoneNumberId)
      return fromFixture("whatsapp", "error-100-invalid-parameter", { details: "Object with ID does not exist" });
    const body = jsonBody(request);
    const template = body?.template as
      | { name?: unknown; language?: { code?: unknown }; components?: Array<{ type?: unknown; parameters?: unknown }> }
      | undefined;
    if (
      body?.messaging_product !== "whatsapp" ||
      typeof body.to !== "string" ||
      body.type !== "template" ||
      typeof template?.name !== "string" ||
      typeof template.language?.code !== "string"
    ) {
      return fromFixture("whatsapp", "error-100-invalid-parameter", { details: "Invalid parameter" });
    }
    if (mode === "hang") return HANG;
    if (mode === "server_error") return fromFixture("whatsapp", "error-131000-something-went-wrong");
    if (mode === "no_credit") return fromFixture("whatsapp", "error-131042-payment");
    const name = template.name;
    const language = template.language.code;
    const registered = templates.find((t) => t.name === name && t.language === language);
    const status = registered?.status ?? "APPROVED";
    if (!registered || status === "PENDING" || status === "REJECTED")
      return fromFixture("whatsapp", "error-132001-template-does-not-exist", { name, language });
    if (status === "PAUSED") return fromFixture("whatsapp", "error-132015-template-paused", { name });
    if (status === "DISABLED") return fromFixture("whatsapp", "error-132016-template-disabled", { name });
    const bodyComponent = (template.components ?? []).find((c) => c.type === "body");
    const parameters = Array.isArray(bodyComponent?.parameters) ? bodyComponent.parameters : [];
    if (parameters.length !== registered.bodyParameters)
      return fromFixture("whatsapp", "error-132000-parameter-count", {
        given: parameters.length,
        expected: registered.bodyParameters,
      });
    if (mode === "invalid_number" || !/^\d{9,15}$/.test(body.to))
      return fromFixture("whatsapp", "error-131026-undeliverable");
    const key = typeof body.biz_opaque_callback_data === "string" ? body.biz_opaque_callback_data : null;
    const message = accept(body.to, JSON.stringify(template), key);
    return fromFixture("whatsapp", options.acceptedWithoutStatus ? "send-accepted-without-status" : "send-accepted", {
      to: body.to,
      id: `wamid.${message.id}`,
    });
  }, options);
  return Object.assign(await fake.listen(), {
    /** A status webhook as Meta posts it, signed with the app secret (or a wrong one, to test refusals). */
    async fireStatus(
      webhookUrl: string,
      appSecret: string,
      id: string,
      status: string,
      errorCode?: number,
    ): Promise<Response> {
      const body = JSON.stringify(whatsappStatusPayload(phoneNumberId, id, status, errorCode));
      const signature = `sha256=${createHmac("sha256", appSecret).update(body).digest("hex")}`;
      return fetch(webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json", "x-hub-signature-256": signature },
        body,
      });
    },
    /**
     * A WhatsApp user's text message to the business number, as Meta posts it
     * (fixtures/whatsapp/webhook-text-message.json), signed with the app secret (or a wrong one).
     */
    async fireText(webhookUrl: string, appSecret: string, from: string, body: string): Promise<Response> {
      const payload = JSON.stringify(whatsappTextPayload(phoneNumberId, from, body));
      const signature = `sha256=${createHmac("sha256", appSecret).update(payload).digest("hex")}`;
      return fetch(webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json", "x-hub-signature-256": signature },
        body: payload,
      });
    },
  });
}

let inboundCounter = 0;

/** A text message webhook as Meta documents it (fixtures/whatsapp/webhook-text-message.json). */
export function whatsappTextPayload(phoneNumberId: string, from: string, body: string) {
  inboundCounter += 1;
  return fromFixture("whatsapp", "webhook-text-message", {
    phoneNumberId,
    from,
    body,
    id: `wamid.INBOUND${inboundCounter}`,
    timestamp: String(Math.floor(Date.now() / 1000)),
  }).body;
}

/** A status webhook as Meta documents it (fixtures/whatsapp/webhook-status.json), with an error for a failure. */
export function whatsappStatusPayload(phoneNumberId: string, id: string, status: string, errorCode?: number) {
  const payload = fromFixture("whatsapp", "webhook-status", {
    phoneNumberId,
    id,
    status,
    timestamp: String(Math.floor(Date.now() / 1000)),
  }).body as { entry: { changes: { value: { statuses: Record<string, unknown>[] } }[] }[] };
  if (errorCode) {
    const error = fromFixture("whatsapp", "webhook-status-error", { code: errorCode, title: "Message undeliverable" });
    payload.entry[0]!.changes[0]!.value.statuses[0]!.errors = [error.body];
  }
  return payload;
}
