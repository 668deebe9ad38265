import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "~/db/schema";
import { isCrossSiteWrite } from "../../../../server/security";
import {
  startFakeAfricasTalking,
  startFakeArkesel,
  startFakeWhatsApp,
  whatsappStatusPayload,
} from "../../../../tests/helpers/fake-providers/index.ts";
import { createTestDb, type TestDatabase } from "../../../../tests/helpers/test-db";
import { handleSmsWebhook, handleWhatsAppWebhook, recordDeliveryReport } from "./delivery-reports.server.ts";
import { smsCallbackUrl } from "./index.server.ts";

const TOKEN = "sms-webhook-token-0123456789abcdef";
const WA = {
  whatsappEnabled: true,
  WHATSAPP_APP_SECRET: "app-secret-0123456789",
  WHATSAPP_VERIFY_TOKEN: "verify-token-0123456789",
};

let h: TestDatabase;
let app: Server;
let base = "";

/** The two webhook handlers behind a real HTTP server, as the providers (the fakes) call them. */
beforeAll(async () => {
  h = await createTestDb();
  app = createServer(
    getRequestListener((request) => {
      const url = new URL(request.url);
      // As app/routes.ts routes it: webhooks/sms/:provider/:token? (React Router decodes the segment).
      const sms = /^\/webhooks\/sms\/([^/]+)(?:\/([^/]*))?$/.exec(url.pathname);
      if (sms) {
        const token = sms[2] === undefined ? undefined : decodeURIComponent(sms[2]);
        return handleSmsWebhook(h.db, { SMS_WEBHOOK_TOKEN: TOKEN }, sms[1], request, token);
      }
      if (url.pathname === "/webhooks/whatsapp") return handleWhatsAppWebhook(h.db, WA, request);
      return new Response("Not Found", { status: 404 });
    }),
  );
  await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => app.close(resolve));
  await h.drop();
});

let counter = 0;
async function message(provider: string, status: "queued" | "sent" = "sent") {
  counter += 1;
  const providerId = `${provider}-msg-${counter}`;
  const [row] = await h.db
    .insert(messages)
    .values({
      channel: provider === "whatsapp" ? "whatsapp" : "sms",
      recipient: "+233205550147",
      event: "referral.created",
      status,
      provider,
      providerId,
    })
    .returning();
  return row;
}
const current = async (id: string) => (await h.db.select().from(messages).where(eq(messages.id, id)))[0];

describe("SMS delivery reports by webhook (secret token in the address)", () => {
  it("Arkesel's callback marks the message delivered; a replay changes nothing twice", async () => {
    const fake = await startFakeArkesel("ark-key-123456");
    try {
      const row = await message("arkesel");
      const callback = `${base}/webhooks/sms/arkesel?token=${TOKEN}`;
      const first = await fake.fireReport(callback, row.providerId as string, "DELIVERED");
      expect(first.status).toBe(200);
      const after = await current(row.id);
      expect(after).toMatchObject({ status: "delivered" });
      expect(after.deliveredAt).toBeInstanceOf(Date);
      const replay = await fake.fireReport(callback, row.providerId as string, "DELIVERED");
      expect(replay.status).toBe(200);
      expect(await current(row.id)).toEqual(after);
      // A late "not delivered" after delivery does not undo it either.
      await fake.fireReport(callback, row.providerId as string, "NOT_DELIVERED");
      expect((await current(row.id)).status).toBe("delivered");
    } finally {
      await fake.close();
    }
  });

  // Decision 035, point 6: how Arkesel adds sms_id and status to our address is not documented. Each
  // way a provider may do it (merging into the query, or appending "?..." or "&..." to the text)
  // must reach us with the secret intact: it is in the path, not the query.
  it.each(["merge", "append-question", "append-ampersand"] as const)(
    "Arkesel's callback to the address we give it is accepted however the report is added (%s)",
    async (adding) => {
      const fake = await startFakeArkesel("ark-key-123456");
      try {
        const row = await message("arkesel");
        const callback = smsCallbackUrl({ APP_URL: base, SMS_WEBHOOK_TOKEN: TOKEN }, "arkesel");
        expect(new URL(callback).search).toBe("");
        const response = await fake.fireReport(callback, row.providerId as string, "DELIVERED", adding);
        expect(response.status).toBe(200);
        expect((await current(row.id)).status).toBe("delivered");
      } finally {
        await fake.close();
      }
    },
  );

  it("a token in the path that is wrong, cut short or missing is refused (401)", async () => {
    const fake = await startFakeArkesel("ark-key-123456");
    try {
      const row = await message("arkesel");
      for (const callback of [
        `${base}/webhooks/sms/arkesel/wrong`,
        `${base}/webhooks/sms/arkesel/${TOKEN.slice(0, -1)}`,
        `${base}/webhooks/sms/arkesel/`,
      ]) {
        for (const adding of ["merge", "append-question", "append-ampersand"] as const) {
          expect((await fake.fireReport(callback, row.providerId as string, "DELIVERED", adding)).status).toBe(401);
        }
      }
      expect(await current(row.id)).toEqual(row);
    } finally {
      await fake.close();
    }
  });

  it("a wrong or missing token is refused (401) and changes nothing", async () => {
    const fake = await startFakeArkesel("ark-key-123456");
    try {
      const row = await message("arkesel");
      for (const callback of [
        `${base}/webhooks/sms/arkesel?token=wrong`,
        `${base}/webhooks/sms/arkesel`,
        `${base}/webhooks/sms/arkesel?token=${TOKEN.slice(0, -1)}`,
      ]) {
        expect((await fake.fireReport(callback, row.providerId as string, "DELIVERED")).status).toBe(401);
      }
      expect(await current(row.id)).toEqual(row);
      // Without a configured token nothing is ever accepted.
      const request = new Request(`${base}/webhooks/sms/arkesel?token=&sms_id=x&status=DELIVERED`);
      expect((await handleSmsWebhook(h.db, { SMS_WEBHOOK_TOKEN: undefined }, "arkesel", request)).status).toBe(401);
    } finally {
      await fake.close();
    }
  });

  it("Africa's Talking's form POST: Failed with its reason is undelivered", async () => {
    const fake = await startFakeAfricasTalking("qurhealth", "at-key-123456");
    try {
      const row = await message("africastalking");
      const response = await fake.fireReport(
        `${base}/webhooks/sms/africastalking?token=${TOKEN}`,
        row.providerId as string,
        "Failed",
        "AbsentSubscriber",
      );
      expect(response.status).toBe(200);
      expect(await current(row.id)).toMatchObject({
        status: "undelivered",
        lastError: "Africa's Talking: Failed (AbsentSubscriber)",
      });
    } finally {
      await fake.close();
    }
  });

  it("a report names a message of its own provider only; Hubtel and unknown providers have no webhook", async () => {
    const whatsapp = await message("whatsapp");
    const url = `${base}/webhooks/sms/arkesel?token=${TOKEN}&sms_id=${whatsapp.providerId}&status=DELIVERED`;
    expect((await fetch(url)).status).toBe(200);
    expect((await current(whatsapp.id)).status).toBe("sent");
    expect((await fetch(`${base}/webhooks/sms/hubtel?token=${TOKEN}`)).status).toBe(404);
    expect((await fetch(`${base}/webhooks/sms/twilio?token=${TOKEN}`)).status).toBe(404);
    expect((await fetch(`${base}/webhooks/sms/arkesel?token=${TOKEN}`)).status).toBe(400);
    expect(
      (await fetch(`${base}/webhooks/sms/africastalking?token=${TOKEN}`, { method: "POST", body: "{not json" })).status,
    ).toBe(400);
  });
});

describe("WhatsApp webhooks (X-Hub-Signature-256)", () => {
  it("answers Meta's verification challenge only with the verify token", async () => {
    const q = (token: string) =>
      `${base}/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`;
    const ok = await fetch(q(WA.WHATSAPP_VERIFY_TOKEN));
    expect([ok.status, await ok.text()]).toEqual([200, "1158201444"]);
    expect((await fetch(q("wrong"))).status).toBe(401);
  });

  it("a signed status update is applied once; a bad signature is refused (401) and changes nothing", async () => {
    const fake = await startFakeWhatsApp("wa-token-1234567890", "1234567890");
    try {
      const row = await message("whatsapp");
      const url = `${base}/webhooks/whatsapp`;
      const forged = await fake.fireStatus(url, "not-the-app-secret", row.providerId as string, "delivered");
      expect(forged.status).toBe(401);
      expect(await current(row.id)).toEqual(row);
      const unsigned = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(whatsappStatusPayload("1234567890", row.providerId as string, "delivered")),
      });
      expect(unsigned.status).toBe(401);
      expect(await current(row.id)).toEqual(row);

      expect((await fake.fireStatus(url, WA.WHATSAPP_APP_SECRET, row.providerId as string, "delivered")).status).toBe(
        200,
      );
      const delivered = await current(row.id);
      expect(delivered.status).toBe("delivered");
      // Replayed, and a late "sent": nothing changes.
      await fake.fireStatus(url, WA.WHATSAPP_APP_SECRET, row.providerId as string, "delivered");
      await fake.fireStatus(url, WA.WHATSAPP_APP_SECRET, row.providerId as string, "sent");
      expect(await current(row.id)).toEqual(delivered);

      const failed = await message("whatsapp");
      await fake.fireStatus(url, WA.WHATSAPP_APP_SECRET, failed.providerId as string, "failed", 131026);
      expect(await current(failed.id)).toMatchObject({
        status: "undelivered",
        lastError: "WhatsApp 131026 Message undeliverable",
      });
    } finally {
      await fake.close();
    }
  });

  it("answers 404 when WhatsApp is not configured", async () => {
    const response = await handleWhatsAppWebhook(
      h.db,
      { whatsappEnabled: false, WHATSAPP_APP_SECRET: undefined, WHATSAPP_VERIFY_TOKEN: undefined },
      new Request(`${base}/webhooks/whatsapp`, { method: "POST", body: "{}" }),
    );
    expect(response.status).toBe(404);
  });

  it("providers' server-to-server posts carry no Origin: the cross-site check lets them through", () => {
    const headers = new Headers({ "content-type": "application/json", "x-hub-signature-256": "sha256=00" });
    expect(isCrossSiteWrite("POST", headers, new URL(`${base}/webhooks/whatsapp`), base)).toBe(false);
  });
});

describe("recordDeliveryReport", () => {
  it("moves forward only: queued -> sent -> delivered, never back", async () => {
    const row = await message("arkesel", "queued");
    const report = { provider: "arkesel" as const, providerId: row.providerId as string };
    expect(await recordDeliveryReport(h.db, { ...report, status: "sent" })).toBe(true);
    expect(await recordDeliveryReport(h.db, { ...report, status: "sent" })).toBe(false);
    expect(await recordDeliveryReport(h.db, { ...report, status: "failed", error: "Arkesel: PROHIBITED" })).toBe(true);
    expect(await recordDeliveryReport(h.db, { ...report, status: "delivered" })).toBe(false);
    expect(await current(row.id)).toMatchObject({ status: "failed", lastError: "Arkesel: PROHIBITED" });
    expect(await recordDeliveryReport(h.db, { provider: "arkesel", providerId: "nobody", status: "delivered" })).toBe(
      false,
    );
  });
});
