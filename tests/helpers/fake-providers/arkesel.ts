import { type FakeOptions, FakeServer, fixture, fromFixture, HANG, jsonBody } from "./server.ts";

/**
 * Arkesel SMS API v2 as documented (see app/features/messaging/providers/arkesel.server.ts),
 * answering with the documented examples (fixtures/arkesel/): POST /api/v2/sms/send with `api-key`,
 * GET /api/v2/sms/{id}; delivery callbacks are GETs with `sms_id` and `status` added to our
 * callback address, in each way the documentation leaves open (`fireReport`'s `adding`).
 */
export async function startFakeArkesel(apiKey: string, options: FakeOptions = {}) {
  const fake = new FakeServer(({ request, mode, accept, statuses }) => {
    if (request.headers["api-key"] !== apiKey) return fromFixture("arkesel", "403-invalid-key");
    const status = /^\/api\/v2\/sms\/([^/]+)$/.exec(request.path);
    if (request.method === "GET" && status && status[1] !== "send") {
      const id = decodeURIComponent(status[1]);
      const known = fake.accepted.find((m) => m.id === id);
      if (!known) return { status: 404, body: { status: "error", message: "SMS not found" } };
      return fromFixture("arkesel", "sms-details", {
        id,
        status: statuses.get(id) ?? "SUBMITTED",
        to: known.to,
        message: known.text,
      });
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
      recipients.length !== 1 ||
      !recipients.every((r) => typeof r === "string" && /^\d{9,15}$/.test(r))
    ) {
      return fromFixture("arkesel", "422-invalid-data");
    }
    const to = recipients[0] as string;
    if (mode === "hang") return HANG;
    if (mode === "server_error") return { status: 500, body: { message: "Server Error" } };
    if (mode === "no_credit") return fromFixture("arkesel", "402-insufficient-balance");
    if (mode === "invalid_number") return fromFixture("arkesel", "send-invalid-numbers", { to });
    const message = accept(to, body.message as string, null);
    return fromFixture("arkesel", "send-accepted", { to, id: message.id });
  }, options);
  return Object.assign(await fake.listen(), {
    /**
     * Arkesel's delivery callback: a GET to our address with sms_id and status added, merged into
     * its query (`merge`), or appended to its text after "?" (`append-question`, as a provider that
     * assumes no query does) or "&" (`append-ampersand`, as one that assumes a query).
     */
    async fireReport(
      callbackUrl: string,
      smsId: string,
      status: string,
      adding: "merge" | "append-question" | "append-ampersand" = "merge",
    ): Promise<Response> {
      const fields = fixture("arkesel", "delivery-callback").body as Record<string, string>;
      const report = new URLSearchParams(Object.keys(fields).map((k) => [k, k === "sms_id" ? smsId : status]));
      if (adding === "merge") {
        const url = new URL(callbackUrl);
        for (const [k, v] of report) url.searchParams.set(k, v);
        return fetch(url);
      }
      return fetch(`${callbackUrl}${adding === "append-question" ? "?" : "&"}${report}`);
    },
  });
}
