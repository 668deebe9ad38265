import { type FakeOptions, FakeServer, HANG, jsonBody } from "./server.ts";

/**
 * Hubtel's SMS API as documented (see app/features/messaging/providers/hubtel.server.ts):
 * POST /v1/messages/send with Basic auth and `{ From, To, Content }`, GET /v1/messages/{id}.
 * Hubtel documents no delivery-report webhook: tests set a message's state with `statuses`.
 * With honourIdempotency it de-duplicates on ClientReference (Hubtel itself only echoes it).
 */
export async function startFakeHubtel(clientId: string, clientSecret: string, options: FakeOptions = {}) {
  const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
  const fake = new FakeServer(({ request, mode, accept, statuses }) => {
    if (request.headers.authorization !== expected)
      return { status: 401, body: { message: "Authorization has been denied for this request." } };
    const byId = /^\/v1\/messages\/([^/]+)$/.exec(request.path);
    if (request.method === "GET" && byId && byId[1] !== "send") {
      const id = decodeURIComponent(byId[1]);
      const known = fake.accepted.find((m) => m.id === id);
      if (!known) return { status: 404, body: { message: "The specified message was not found." } };
      return {
        status: 200,
        body: { rate: 0.03, batchId: null, messageId: id, status: statuses.get(id) ?? "Sent", to: known.to },
      };
    }
    if (request.method !== "POST" || request.path !== "/v1/messages/send")
      return { status: 404, body: { message: "Not found" } };
    const body = jsonBody(request);
    if (typeof body?.From !== "string" || typeof body.To !== "string" || typeof body.Content !== "string") {
      return {
        status: 400,
        body: { status: 7, statusDescription: "One or more parameters are not allowed in the message" },
      };
    }
    if (body.From.length > 11) return { status: 400, body: { status: 2, statusDescription: "Invalid Source address" } };
    if (mode === "hang") return HANG;
    if (mode === "server_error") return { status: 500, body: { message: "The request failed on the server." } };
    if (mode === "no_credit")
      return {
        status: 402,
        body: { status: 12, statusDescription: "Your account does not have enough messaging credit" },
      };
    if (mode === "invalid_number" || !/^\d{9,15}$/.test(body.To))
      return { status: 400, body: { status: 1, statusDescription: "Invalid Destination address" } };
    const key = typeof body.ClientReference === "string" ? body.ClientReference : null;
    const message = accept(body.To, body.Content, key);
    return {
      status: 201,
      body: {
        rate: 0.03,
        messageId: message.id,
        status: 0,
        networkId: "62001",
        clientReference: key,
        statusDescription: "request submitted successfully",
      },
    };
  }, options);
  return fake.listen();
}
