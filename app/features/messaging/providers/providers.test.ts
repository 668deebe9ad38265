import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeMode,
  startFakeAfricasTalking,
  startFakeArkesel,
  startFakeHubtel,
  startFakeWhatsApp,
} from "../../../../tests/helpers/fake-providers/index.ts";
import { createAfricasTalkingProvider } from "./africastalking.server.ts";
import { createArkeselProvider } from "./arkesel.server.ts";
import { createHubtelProvider } from "./hubtel.server.ts";
import type { MessagingProvider, OutboundMessage } from "./types.ts";
import { createWhatsAppProvider } from "./whatsapp.server.ts";

type Fake = Awaited<ReturnType<typeof startFakeArkesel>> | Awaited<ReturnType<typeof startFakeHubtel>>;
type Case = {
  name: string;
  start(): Promise<Fake>;
  provider(url: string, good: boolean): MessagingProvider;
  /** The auth header the provider documents, as the fake received it. */
  auth(headers: Record<string, string | string[] | undefined>): unknown;
  expectedAuth: string;
};

const message: OutboundMessage = {
  to: "+233205550147",
  text: "Qurhealth: new emergency referral REF-2026-000123. Open: https://qurhealth.example/referrals/REF-2026-000123",
  idempotencyKey: "5f0c2f7e-8c1d-4c33-9a53-0d5f4f8b9a11",
};
const TEMPLATE = { name: "referral_notice", language: "en" };

const cases: Case[] = [
  {
    name: "arkesel",
    start: () => startFakeArkesel("ark-key-123456"),
    provider: (url, good) =>
      createArkeselProvider({ apiKey: good ? "ark-key-123456" : "wrong-key", sender: "Qurhealth", baseUrl: url }),
    auth: (h) => h["api-key"],
    expectedAuth: "ark-key-123456",
  },
  {
    name: "hubtel",
    start: () => startFakeHubtel("client-id", "client-secret"),
    provider: (url, good) =>
      createHubtelProvider({
        clientId: "client-id",
        clientSecret: good ? "client-secret" : "nope",
        sender: "Qurhealth",
        baseUrl: url,
        statusBaseUrl: url,
      }),
    auth: (h) => h.authorization,
    expectedAuth: `Basic ${Buffer.from("client-id:client-secret").toString("base64")}`,
  },
  {
    name: "africastalking",
    start: () => startFakeAfricasTalking("qurhealth", "at-key-123456"),
    provider: (url, good) =>
      createAfricasTalkingProvider({
        username: "qurhealth",
        apiKey: good ? "at-key-123456" : "wrong",
        sender: "Qurhealth",
        baseUrl: url,
      }),
    auth: (h) => h.apikey,
    expectedAuth: "at-key-123456",
  },
  {
    name: "whatsapp",
    start: () => startFakeWhatsApp("wa-token-1234567890", "1234567890"),
    provider: (url, good) =>
      createWhatsAppProvider({
        token: good ? "wa-token-1234567890" : "expired",
        phoneNumberId: "1234567890",
        baseUrl: url,
        apiVersion: "v23.0",
        template: TEMPLATE,
      }),
    auth: (h) => h.authorization,
    expectedAuth: "Bearer wa-token-1234567890",
  },
];

describe.each(cases)("$name adapter against its fake", (c) => {
  let fake: Fake;
  let provider: MessagingProvider;
  beforeAll(async () => {
    fake = await c.start();
    provider = c.provider(fake.url, true);
  });
  afterAll(() => fake.close());

  const withMode = async (mode: FakeMode, timeoutMs?: number) => {
    fake.mode = mode;
    try {
      return await provider.send(message, { timeoutMs });
    } finally {
      fake.mode = "success";
    }
  };

  it("sends with the documented auth header and answers the provider's id", async () => {
    const before = fake.requests.length;
    const result = await provider.send(message);
    expect(result.ok).toBe(true);
    const request = fake.requests[before];
    expect(c.auth(request.headers)).toBe(c.expectedAuth);
    const accepted = fake.accepted.at(-1);
    expect(accepted?.to.replace(/^\+/, "")).toBe("233205550147");
    if (result.ok) expect(result.providerId).toContain(accepted?.id);
    // The text (or the template) reached the provider.
    expect(accepted?.text).toContain("REF-2026-000123");
  });

  it("no credit: retryable (a top-up fixes it), not lost", async () => {
    const result = await withMode("no_credit");
    expect(result).toMatchObject({ ok: false, code: "no_credit", retryable: true });
  });

  it("an invalid number is a permanent failure: no retry", async () => {
    const result = await withMode("invalid_number");
    expect(result).toMatchObject({ ok: false, code: "invalid_number", retryable: false });
  });

  it("a 5xx is retryable", async () => {
    const result = await withMode("server_error");
    expect(result).toMatchObject({ ok: false, code: "server_error", retryable: true });
  });

  it("a provider that never answers times out (AbortSignal.timeout), retryable", async () => {
    const started = Date.now();
    const result = await withMode("hang", 300);
    expect(result).toMatchObject({ ok: false, code: "timeout", retryable: true });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("wrong credentials are refused by the provider: an auth failure, kept for retry", async () => {
    const result = await c.provider(fake.url, false).send(message);
    const before = fake.delivered;
    expect(result).toMatchObject({ ok: false, code: "auth", retryable: true });
    expect(fake.delivered).toBe(before);
  });

  it("a provider that cannot be reached is a retryable network failure", async () => {
    const closed = await c.start();
    await closed.close();
    const result = await c.provider(closed.url, true).send(message);
    expect(result).toMatchObject({ ok: false, code: "network", retryable: true });
  });

  it("never puts the message text or the number in the error", async () => {
    for (const mode of ["no_credit", "invalid_number", "server_error"] as const) {
      const result = await withMode(mode);
      if (!result.ok) {
        expect(result.error).not.toContain("REF-2026-000123");
        expect(result.error).not.toContain("205550147");
      }
    }
  });
});

describe("polling the providers that have a status endpoint", () => {
  it("Arkesel: GET /api/v2/sms/{id} maps DELIVERED and NOT_DELIVERED", async () => {
    const fake = await startFakeArkesel("ark-key-123456");
    try {
      const provider = createArkeselProvider({ apiKey: "ark-key-123456", sender: "Qurhealth", baseUrl: fake.url });
      const sent = await provider.send(message);
      if (!sent.ok) throw new Error("send failed");
      expect(await provider.pollStatus?.(sent.providerId)).toEqual({ providerId: sent.providerId, status: "sent" });
      fake.statuses.set(sent.providerId, "DELIVERED");
      expect(await provider.pollStatus?.(sent.providerId)).toEqual({
        providerId: sent.providerId,
        status: "delivered",
      });
      fake.statuses.set(sent.providerId, "NOT_DELIVERED");
      expect(await provider.pollStatus?.(sent.providerId)).toMatchObject({ status: "undelivered" });
      expect(await provider.pollStatus?.("unknown-id")).toBeNull();
    } finally {
      await fake.close();
    }
  });

  it("Hubtel: GET /v1/messages/{id} maps Delivered, and sends ClientReference", async () => {
    const fake = await startFakeHubtel("client-id", "client-secret");
    try {
      const provider = createHubtelProvider({
        clientId: "client-id",
        clientSecret: "client-secret",
        sender: "Qurhealth",
        baseUrl: fake.url,
        statusBaseUrl: fake.url,
      });
      const sent = await provider.send(message);
      if (!sent.ok) throw new Error("send failed");
      expect(JSON.parse(fake.requests[0].body)).toEqual({
        From: "Qurhealth",
        To: "233205550147",
        Content: message.text,
        ClientReference: message.idempotencyKey,
      });
      fake.statuses.set(sent.providerId, "Delivered");
      expect(await provider.pollStatus?.(sent.providerId)).toEqual({
        providerId: sent.providerId,
        status: "delivered",
      });
    } finally {
      await fake.close();
    }
  });
});

describe("request shapes", () => {
  it("Arkesel posts JSON { sender, message, recipients[], callback_url }", async () => {
    const fake = await startFakeArkesel("ark-key-123456");
    try {
      const provider = createArkeselProvider({
        apiKey: "ark-key-123456",
        sender: "Qurhealth",
        baseUrl: fake.url,
        callbackUrl: "https://qurhealth.example/webhooks/sms/arkesel/t",
      });
      await provider.send(message);
      expect(fake.requests[0].path).toBe("/api/v2/sms/send");
      expect(JSON.parse(fake.requests[0].body)).toEqual({
        sender: "Qurhealth",
        message: message.text,
        recipients: ["233205550147"],
        callback_url: "https://qurhealth.example/webhooks/sms/arkesel/t",
      });
    } finally {
      await fake.close();
    }
  });

  it("Africa's Talking posts a form with username, to, message, from and bulkSMSMode=1", async () => {
    const fake = await startFakeAfricasTalking("qurhealth", "at-key-123456");
    try {
      const provider = createAfricasTalkingProvider({
        username: "qurhealth",
        apiKey: "at-key-123456",
        sender: "Qurhealth",
        baseUrl: fake.url,
      });
      const result = await provider.send(message);
      expect(result).toMatchObject({ ok: true, segments: 1 });
      const form = new URLSearchParams(fake.requests[0].body);
      expect(Object.fromEntries(form)).toEqual({
        username: "qurhealth",
        to: "+233205550147",
        message: message.text,
        from: "Qurhealth",
        bulkSMSMode: "1",
      });
      expect(fake.requests[0].headers.accept).toBe("application/json");
    } finally {
      await fake.close();
    }
  });

  it("WhatsApp posts a template message with the idempotency key as biz_opaque_callback_data", async () => {
    const fake = await startFakeWhatsApp("wa-token-1234567890", "1234567890");
    try {
      const provider = createWhatsAppProvider({
        token: "wa-token-1234567890",
        phoneNumberId: "1234567890",
        baseUrl: fake.url,
        apiVersion: "v23.0",
        template: TEMPLATE,
      });
      await provider.send({ ...message, text: `${message.text}\n\tsecond line` });
      expect(fake.requests[0].path).toBe("/v23.0/1234567890/messages");
      expect(JSON.parse(fake.requests[0].body)).toEqual({
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to: "233205550147",
        type: "template",
        template: {
          name: "referral_notice",
          language: { code: "en" },
          // The message's text is the template's one parameter, without the new lines and tabs Meta refuses.
          components: [{ type: "body", parameters: [{ type: "text", text: `${message.text} second line` }] }],
        },
        biz_opaque_callback_data: message.idempotencyKey,
      });
      // Nothing to say: refused before any request.
      const before = fake.requests.length;
      expect(await provider.send({ ...message, text: " \n " })).toMatchObject({ ok: false, retryable: false });
      expect(fake.requests.length).toBe(before);
    } finally {
      await fake.close();
    }
  });

  it("the fakes of Hubtel and WhatsApp, like the real APIs, hand a message on again when it is sent again", async () => {
    await expect(startFakeHubtel("id", "secret", { honourIdempotency: true } as never)).rejects.toThrow();
    await expect(startFakeWhatsApp("t", "1", { honourIdempotency: true } as never)).rejects.toThrow();
    const fake = await startFakeHubtel("client-id", "client-secret");
    try {
      const provider = createHubtelProvider({
        clientId: "client-id",
        clientSecret: "client-secret",
        sender: "Qurhealth",
        baseUrl: fake.url,
        statusBaseUrl: fake.url,
      });
      const first = await provider.send(message);
      const second = await provider.send(message);
      expect(first.ok && second.ok && first.providerId !== second.providerId).toBe(true);
      expect(fake.delivered).toBe(2);
      // Hubtel echoes our key back, and that is all it does with it.
      expect(JSON.parse(fake.requests[0]!.body).ClientReference).toBe(message.idempotencyKey);
    } finally {
      await fake.close();
    }
  });
});
