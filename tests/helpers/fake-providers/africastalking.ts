import { type FakeOptions, FakeServer, fixture, fromFixture, HANG } from "./server.ts";

/**
 * Africa's Talking's SMS API as documented (see
 * app/features/messaging/providers/africastalking.server.ts): POST /version1/messaging with the
 * `apiKey` header and a form body; delivery reports are form POSTs to the registered address.
 * Answers are Africa's Talking's documented examples (fixtures/africastalking/). An unapproved
 * sender ID ("sender_refused") is answered in both forms seen: the recipient listed with 402
 * InvalidSenderId (`senderRefusal: "recipient"`, the default), or nobody listed and the Message
 * "InvalidSenderId" (`"message"`).
 */
export type FakeAfricasTalkingOptions = FakeOptions & { senderRefusal?: "recipient" | "message" };

export async function startFakeAfricasTalking(
  username: string,
  apiKey: string,
  options: FakeAfricasTalkingOptions = {},
) {
  const fake = new FakeServer(({ request, mode, accept }) => {
    if (request.headers.apikey !== apiKey) return { status: 401, body: "The supplied authentication is invalid" };
    if (request.method !== "POST" || request.path !== "/version1/messaging") return { status: 404, body: "Not found" };
    if (!String(request.headers["content-type"]).startsWith("application/x-www-form-urlencoded"))
      return { status: 415, body: "Unsupported content type" };
    const form = new URLSearchParams(request.body);
    const to = form.get("to");
    const message = form.get("message");
    if (form.get("username") !== username || !to || !message)
      return { status: 400, body: "Request is missing required form field" };
    if (mode === "hang") return HANG;
    if (mode === "server_error") return { status: 500, body: "Internal Server Error" };
    if (mode === "sender_refused") {
      return options.senderRefusal === "message"
        ? fromFixture("africastalking", "invalid-sender-id-message")
        : fromFixture("africastalking", "invalid-sender-id-recipient", { to });
    }
    if (mode === "no_credit") return fromFixture("africastalking", "insufficient-balance", { to });
    if (mode === "invalid_number" || !/^\+\d{9,15}$/.test(to))
      return fromFixture("africastalking", "invalid-phone-number", { to });
    const sent = accept(to, message, null);
    return fromFixture("africastalking", "send-accepted", { to, id: `ATXid_${sent.id}` });
  }, options);
  return Object.assign(await fake.listen(), {
    /** A delivery report as Africa's Talking posts it (form fields). */
    async fireReport(callbackUrl: string, id: string, status: string, failureReason?: string): Promise<Response> {
      const example = fixture("africastalking", "delivery-report").body as Record<string, string>;
      const form = new URLSearchParams({ ...example, id, status, phoneNumber: "+233205550147" });
      if (failureReason) form.set("failureReason", failureReason);
      return fetch(callbackUrl, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: form.toString(),
      });
    },
  });
}
