import { type FakeOptions, FakeServer, HANG } from "./server.ts";

/**
 * Africa's Talking's SMS API as documented (see
 * app/features/messaging/providers/africastalking.server.ts): POST /version1/messaging with the
 * `apiKey` header and a form body; delivery reports are form POSTs to the registered address.
 */
export async function startFakeAfricasTalking(username: string, apiKey: string, options: FakeOptions = {}) {
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
    const recipients = to.split(",").map((number) => {
      if (mode === "no_credit")
        return { statusCode: 405, number, status: "InsufficientBalance", cost: "0", messageId: "None" };
      if (mode === "invalid_number" || !/^\+\d{9,15}$/.test(number))
        return { statusCode: 403, number, status: "InvalidPhoneNumber", cost: "0", messageId: "None" };
      const sent = accept(number, message, null);
      return {
        statusCode: 101,
        number,
        status: "Success",
        cost: "GHS 0.0300",
        messageId: `ATXid_${sent.id}`,
        messageParts: 1,
      };
    });
    const ok = recipients.filter((r) => r.statusCode === 101).length;
    return {
      status: 201,
      body: {
        SMSMessageData: {
          Message: `Sent to ${ok}/${recipients.length} Total Cost: GHS ${(0.03 * ok).toFixed(4)}`,
          Recipients: recipients,
        },
      },
    };
  }, options);
  return Object.assign(await fake.listen(), {
    /** A delivery report as Africa's Talking posts it (form fields). */
    async fireReport(callbackUrl: string, id: string, status: string, failureReason?: string): Promise<Response> {
      const form = new URLSearchParams({ id, status, phoneNumber: "+233205550147", networkCode: "62001" });
      if (failureReason) form.set("failureReason", failureReason);
      return fetch(callbackUrl, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: form.toString(),
      });
    },
  });
}
