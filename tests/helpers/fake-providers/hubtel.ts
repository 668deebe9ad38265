import { type FakeOptions, FakeServer, fromFixture, HANG, jsonBody } from "./server.ts";

/**
 * Hubtel's SMS API as documented (see app/features/messaging/providers/hubtel.server.ts), answering
 * with Hubtel's documented examples (fixtures/hubtel/): POST /v1/messages/send with Basic auth and
 * `{ From, To, Content }`, GET /v1/messages/{id}. Hubtel documents no delivery-report webhook:
 * tests set a message's state with `statuses`.
 *
 * Hubtel only echoes ClientReference; it documents no de-duplication, so neither does this fake
 * (honourIdempotency is refused). "sender_refused" answers subcode 2 (an unapproved sender ID) in
 * each form the documentation leaves open: with HTTP 400 (`senderRefusal: "http-400"`, the
 * default) or inside a 200 (`"http-200"`).
 */
export type FakeHubtelOptions = Omit<FakeOptions, "honourIdempotency"> & { senderRefusal?: "http-400" | "http-200" };

export async function startFakeHubtel(clientId: string, clientSecret: string, options: FakeHubtelOptions = {}) {
  if ((options as FakeOptions).honourIdempotency) throw new Error("Hubtel documents no de-duplication of sends");
  const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
  const fake = new FakeServer(({ request, mode, accept, statuses }) => {
    if (request.headers.authorization !== expected) return fromFixture("hubtel", "401-unauthorized");
    const byId = /^\/v1\/messages\/([^/]+)$/.exec(request.path);
    if (request.method === "GET" && byId && byId[1] !== "send") {
      const id = decodeURIComponent(byId[1]);
      const known = fake.accepted.find((m) => m.id === id);
      if (!known) return fromFixture("hubtel", "404-not-found");
      return fromFixture("hubtel", "status-check", {
        id,
        content: known.text,
        status: statuses.get(id) ?? "Sent",
        to: known.to,
        from: "Qurhealth",
      });
    }
    if (request.method !== "POST" || request.path !== "/v1/messages/send")
      return fromFixture("hubtel", "404-not-found");
    const body = jsonBody(request);
    if (typeof body?.From !== "string" || typeof body.To !== "string" || typeof body.Content !== "string") {
      return {
        status: 400,
        body: { status: 7, statusDescription: "One or more parameters are not allowed in the message" },
      };
    }
    const clientReference = typeof body.ClientReference === "string" ? body.ClientReference : null;
    const senderRefused = () =>
      fromFixture(
        "hubtel",
        options.senderRefusal === "http-200" ? "status-2-invalid-sender-http-200" : "status-2-invalid-sender",
        { clientReference },
      );
    if (body.From.length > 11) return senderRefused();
    if (mode === "hang") return HANG;
    if (mode === "server_error") return fromFixture("hubtel", "500-server");
    if (mode === "sender_refused") return senderRefused();
    if (mode === "no_credit") return fromFixture("hubtel", "status-12-no-credit");
    if (mode === "invalid_number" || !/^\d{9,15}$/.test(body.To))
      return fromFixture("hubtel", "status-1-invalid-destination");
    const message = accept(body.To, body.Content, clientReference);
    return fromFixture("hubtel", "send-accepted", { id: message.id, clientReference });
  }, options);
  return fake.listen();
}
