import { type FakeOptions, FakeServer, HANG, jsonBody } from "./server.ts";

/**
 * Arkesel SMS API v2 as documented (see app/features/messaging/providers/arkesel.server.ts):
 * POST /api/v2/sms/send with `api-key`, GET /api/v2/sms/{id}; delivery callbacks are GETs with
 * `sms_id` and `status` added to our callback address.
 */
export async function startFakeArkesel(apiKey: string, options: FakeOptions = {}) {
  const fake = new FakeServer(({ request, mode, accept, statuses }) => {
    if (request.headers["api-key"] !== apiKey)
      return { status: 403, body: { status: "error", message: "Invalid API key" } };
    const status = /^\/api\/v2\/sms\/([^/]+)$/.exec(request.path);
    if (request.method === "GET" && status && status[1] !== "send") {
      const id = decodeURIComponent(status[1]);
      const known = fake.accepted.find((m) => m.id === id);
      if (!known) return { status: 404, body: { status: "error", message: "SMS not found" } };
      return {
        status: 200,
        body: { status: "success", data: { ID: id, status: statuses.get(id) ?? "SUBMITTED", recipient: known.to } },
      };
    }
    if (request.method !== "POST" || request.path !== "/api/v2/sms/send")
      return { status: 404, body: { message: "Not found" } };
    const body = jsonBody(request);
    const recipients = body?.recipients;
    if (
      typeof body?.sender !== "string" ||
      body.sender.length > 11 ||
      typeof body.message !== "string" ||
      !Array.isArray(recipients) ||
      recipients.length === 0 ||
      !recipients.every((r) => typeof r === "string" && /^\d{9,15}$/.test(r))
    ) {
      return { status: 422, body: { status: "error", message: "The given data was invalid." } };
    }
    if (mode === "hang") return HANG;
    if (mode === "server_error") return { status: 500, body: { message: "Server Error" } };
    if (mode === "no_credit") return { status: 402, body: { status: "error", message: "Insufficient balance" } };
    if (mode === "invalid_number")
      return { status: 200, body: { status: "success", data: [{ "invalid numbers": recipients }] } };
    const data = (recipients as string[]).map((recipient) => {
      const message = accept(recipient, body.message as string, null);
      return { recipient, id: message.id };
    });
    return { status: 200, body: { status: "success", data } };
  }, options);
  return Object.assign(await fake.listen(), {
    /** Arkesel's delivery callback: a GET to our address with sms_id and status added. */
    async fireReport(callbackUrl: string, smsId: string, status: string): Promise<Response> {
      const url = new URL(callbackUrl);
      url.searchParams.set("sms_id", smsId);
      url.searchParams.set("status", status);
      return fetch(url);
    },
  });
}
