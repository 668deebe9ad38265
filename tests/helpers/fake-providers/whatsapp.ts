import { createHmac, randomBytes } from "node:crypto";
import { type FakeOptions, FakeServer, HANG, jsonBody } from "./server.ts";

/**
 * The WhatsApp Cloud API as documented (see app/features/messaging/providers/whatsapp.server.ts):
 * POST /{version}/{phone-number-id}/messages with a Bearer token and a template message; status
 * webhooks are POSTs signed with X-Hub-Signature-256 (HMAC-SHA256 of the raw body, app secret).
 * With honourIdempotency it de-duplicates on biz_opaque_callback_data.
 */
export async function startFakeWhatsApp(token: string, phoneNumberId: string, options: FakeOptions = {}) {
  const graphError = (status: number, code: number, message: string) => ({
    status,
    body: {
      error: {
        message,
        type: "OAuthException",
        code,
        error_data: { messaging_product: "whatsapp", details: message },
        fbtrace_id: randomBytes(6).toString("hex"),
      },
    },
  });
  const fake = new FakeServer(({ request, mode, accept }) => {
    if (request.headers.authorization !== `Bearer ${token}`) return graphError(401, 190, "Invalid OAuth access token.");
    const path = /^\/v\d+\.\d\/([^/]+)\/messages$/.exec(request.path);
    if (request.method !== "POST" || !path) return graphError(404, 100, "Unknown path components");
    if (path[1] !== phoneNumberId) return graphError(400, 100, "Object with ID does not exist");
    const body = jsonBody(request);
    const template = body?.template as { name?: unknown; language?: { code?: unknown } } | undefined;
    if (
      body?.messaging_product !== "whatsapp" ||
      typeof body.to !== "string" ||
      body.type !== "template" ||
      typeof template?.name !== "string" ||
      typeof template.language?.code !== "string"
    ) {
      return graphError(400, 100, "Invalid parameter");
    }
    if (mode === "hang") return HANG;
    if (mode === "server_error") return graphError(500, 131000, "Something went wrong");
    if (mode === "no_credit") return graphError(400, 131042, "Business eligibility payment issue");
    if (mode === "invalid_number" || !/^\d{9,15}$/.test(body.to))
      return graphError(400, 131026, "Message undeliverable");
    const key = typeof body.biz_opaque_callback_data === "string" ? body.biz_opaque_callback_data : null;
    const message = accept(body.to, JSON.stringify(template), key);
    return {
      status: 200,
      body: {
        messaging_product: "whatsapp",
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id: `wamid.${message.id}` }],
      },
    };
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
  });
}

export function whatsappStatusPayload(phoneNumberId: string, id: string, status: string, errorCode?: number) {
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: "102290129340398",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "233300000000", phone_number_id: phoneNumberId },
              statuses: [
                {
                  id,
                  status,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  recipient_id: "233205550147",
                  ...(errorCode ? { errors: [{ code: errorCode, title: "Message undeliverable" }] } : {}),
                },
              ],
            },
          },
        ],
      },
    ],
  };
}
