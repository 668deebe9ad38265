import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type Actor, actorById } from "~/auth/actor.server";
import { appointmentRequests, auditEvents, facilities, messages } from "~/db/schema";
import { handleWhatsAppWebhook } from "~/features/messaging/providers/delivery-reports.server";
import { createAccount } from "../../../tests/helpers/accounts";
import { insertFacility, statusOf } from "../../../tests/helpers/domain";
import { startFakeWhatsApp } from "../../../tests/helpers/fake-providers/index.ts";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { patientMove } from "./appointment-patient.server";
import { facilityMove } from "./appointment-queue.server";
import { requestAppointment } from "./appointment-request.server";
import { appointmentToken } from "./appointment-token.server";
import { clickToChatLink, proveByWhatsApp, whatsappProofCode, whatsappProofText } from "./appointment-whatsapp.server";

/*
 * The click-to-chat proof (decision 046): a patient's WhatsApp message carrying the request's code,
 * posted by Meta to /webhooks/whatsapp (Meta's documented text message payload, signed with the
 * app secret by the local fake), proves the request only when it comes from the request's own
 * number; answers to a number proven so go by WhatsApp. Nothing touches the network.
 */
const WHATSAPP = {
  WHATSAPP_TOKEN: "whatsapp-token-0123456789",
  WHATSAPP_PHONE_NUMBER_ID: "123456123",
  WHATSAPP_APP_SECRET: "app-secret-0123456789",
  WHATSAPP_VERIFY_TOKEN: "verify-token-0123456789",
  WHATSAPP_BUSINESS_NUMBER: "+233 30 212 3456",
};
function stubEnv() {
  vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123456789");
  vi.stubEnv("APP_URL", "http://localhost:3000");
  for (const [name, value] of Object.entries(WHATSAPP)) vi.stubEnv(name, value);
}
stubEnv();

const WA = { whatsappEnabled: true, WHATSAPP_APP_SECRET: WHATSAPP.WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN: "v" };
// Tuesday 2 June 2026, 09:00 in Accra.
const TUESDAY = new Date("2026-06-02T09:00:00Z");
const FORM = { name: "Ama Mensah", specialty: "Cardiology", day: "2026-06-05", part: "morning", language: "en" };

let h: TestDatabase;
let app: Server;
let webhook = "";
let fake: Awaited<ReturnType<typeof startFakeWhatsApp>>;
let admin: Actor;
let counter = 0;

beforeAll(async () => {
  h = await createTestDb({ workers: false });
  const facility = await insertFacility(h.db, "heart-clinic", "Heart Clinic");
  await h.db
    .update(facilities)
    .set({ specialties: ["Cardiology"] })
    .where(eq(facilities.id, facility));
  admin = await actorById(
    h.db,
    (await createAccount(h.db, { role: "facility_admin", approved: true, facilityId: facility })).id,
  );
  // The webhook as app/routes/webhooks/whatsapp.ts wires it, behind a real HTTP server.
  app = createServer(
    getRequestListener((request) =>
      handleWhatsAppWebhook(h.db, WA, request, async (texts) => {
        await proveByWhatsApp(h.db, texts);
      }),
    ),
  );
  await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
  webhook = `http://127.0.0.1:${(app.address() as AddressInfo).port}/webhooks/whatsapp`;
  fake = await startFakeWhatsApp(WHATSAPP.WHATSAPP_TOKEN, WHATSAPP.WHATSAPP_PHONE_NUMBER_ID);
});
afterAll(async () => {
  await fake?.close();
  await new Promise((resolve) => app?.close(resolve));
  await h?.drop();
});
beforeEach(() => {
  vi.unstubAllEnvs();
  stubEnv();
});

/** A request stored unproven now (the webhook proves with the real clock), from a new number; its id and digits. */
async function unproven(at = new Date()) {
  counter += 1;
  const digits = `23324${String(7_000_000 + counter)}`;
  const { id } = await requestAppointment(
    h.db,
    "heart-clinic",
    {
      ...FORM,
      day: new Date(at.getTime() + 3 * 86_400_000).toISOString().slice(0, 10),
      phone: `+${digits}`,
      consent: "on",
    },
    { ip: `10.9.0.${counter}`, now: at },
  );
  return { id, digits };
}
const rowOf = async (id: string) =>
  (await h.db.select().from(appointmentRequests).where(eq(appointmentRequests.id, id)))[0]!;
const messagesTo = (recipient: string) =>
  h.db
    .select({ channel: messages.channel, event: messages.event })
    .from(messages)
    .where(eq(messages.recipient, recipient));

describe("the click-to-chat link", () => {
  it("opens a chat with the business number and the request's code; none without WhatsApp or the number", () => {
    const id = "6f1c2d3e-4b5a-4c6d-8e7f-901234567890";
    const link = clickToChatLink(id, { whatsappEnabled: true, WHATSAPP_BUSINESS_NUMBER: "233302123456" });
    expect(link).toBe(`https://wa.me/233302123456?text=${encodeURIComponent(whatsappProofText(id))}`);
    expect(whatsappProofText(id)).toContain(whatsappProofCode(id));
    expect(whatsappProofCode(id)).toMatch(/^QH-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(whatsappProofCode("6f1c2d3e-4b5a-4c6d-8e7f-901234567891")).not.toBe(whatsappProofCode(id));
    expect(clickToChatLink(id, { whatsappEnabled: false, WHATSAPP_BUSINESS_NUMBER: "233302123456" })).toBeNull();
    expect(clickToChatLink(id, { whatsappEnabled: true, WHATSAPP_BUSINESS_NUMBER: undefined })).toBeNull();
    // The configured one (this file's environment).
    expect(clickToChatLink(id)).toBe(link);
  });
});

describe("a WhatsApp message from the patient", () => {
  it("proves the request its code names when it comes from the request's number, once", async () => {
    const { id, digits } = await unproven();
    const mailsBefore = (await h.db.select().from(messages).where(eq(messages.event, "appointment.requested"))).length;
    const response = await fake.fireText(webhook, WHATSAPP.WHATSAPP_APP_SECRET, digits, whatsappProofText(id));
    expect(response.status).toBe(200);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: "requested", provenBy: "whatsapp" });
    expect(row.answerDueAt).not.toBeNull();
    const [audit] = await h.db.select().from(auditEvents).where(eq(auditEvents.subjectId, id));
    expect(audit).toMatchObject({
      action: "appointment.requested",
      toStatus: "requested",
      reason: "The patient proved their number by WhatsApp",
    });
    // The facility's administrators are told, as after the SMS link.
    expect((await h.db.select().from(messages).where(eq(messages.event, "appointment.requested"))).length).toBe(
      mailsBefore + 1,
    );
    // Meta delivers again until answered: nothing more happens.
    await fake.fireText(webhook, WHATSAPP.WHATSAPP_APP_SECRET, digits, whatsappProofText(id));
    expect(await h.db.select().from(auditEvents).where(eq(auditEvents.subjectId, id))).toHaveLength(1);
    // The number got one message from us, the SMS link: the WhatsApp message sends nothing.
    expect(await messagesTo(`+${digits}`)).toEqual([{ channel: "sms", event: "appointment.prove" }]);
  });

  it("reads the code however it is typed back: lower case, spaces instead of dashes, other words around it", async () => {
    const { id, digits } = await unproven();
    const code = whatsappProofCode(id).toLowerCase().replaceAll("-", " ");
    await fake.fireText(webhook, WHATSAPP.WHATSAPP_APP_SECRET, digits, `hello, my code is ${code} thanks`);
    expect((await rowOf(id)).status).toBe("requested");
  });

  it("proves nothing from another number, with a wrong code, a wrong signature or after the proof's 24 hours", async () => {
    const { id, digits } = await unproven();
    const other = await unproven();
    // The right code from someone else's phone (the other request's number).
    await fake.fireText(webhook, WHATSAPP.WHATSAPP_APP_SECRET, other.digits, whatsappProofText(id));
    // The right number with the other request's code.
    await fake.fireText(webhook, WHATSAPP.WHATSAPP_APP_SECRET, digits, whatsappProofText(other.id));
    await fake.fireText(webhook, WHATSAPP.WHATSAPP_APP_SECRET, digits, "QH-AAAA-AAAA");
    await fake.fireText(webhook, WHATSAPP.WHATSAPP_APP_SECRET, digits, "hello");
    const forged = await fake.fireText(webhook, "not-the-app-secret-0000", digits, whatsappProofText(id));
    expect(forged.status).toBe(401);
    expect((await rowOf(id)).status).toBe("unproven");
    expect((await rowOf(other.id)).status).toBe("unproven");

    const old = await unproven(TUESDAY);
    const text = { from: old.digits, text: whatsappProofText(old.id) };
    expect(await proveByWhatsApp(h.db, [text], new Date(TUESDAY.getTime() + 25 * 3_600_000))).toBe(0);
    expect((await rowOf(old.id)).status).toBe("unproven");
    expect(await proveByWhatsApp(h.db, [text], new Date(TUESDAY.getTime() + 60_000))).toBe(1);
  });

  it("leaves the limits as they are: a fourth request of the day from a number is refused whatever WhatsApp says", async () => {
    const first = await unproven();
    for (let i = 0; i < 2; i++) {
      await requestAppointment(
        h.db,
        "heart-clinic",
        {
          ...FORM,
          day: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
          phone: `+${first.digits}`,
          consent: "on",
        },
        { ip: `10.8.0.${i}`, now: new Date() },
      );
    }
    await fake.fireText(webhook, WHATSAPP.WHATSAPP_APP_SECRET, first.digits, whatsappProofText(first.id));
    expect(
      await statusOf(
        requestAppointment(
          h.db,
          "heart-clinic",
          {
            ...FORM,
            day: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
            phone: `+${first.digits}`,
            consent: "on",
          },
          { ip: "10.8.1.1", now: new Date() },
        ),
      ),
    ).toBe(429);
  });
});

describe("the answers", () => {
  it("go by WhatsApp to a number proven by WhatsApp, by SMS to one proven by the link", async () => {
    const now = new Date();
    const slot = { slot_day: new Date(now.getTime() + 3 * 86_400_000).toISOString().slice(0, 10), slot_time: "10:30" };
    const byWhatsApp = await unproven(now);
    await fake.fireText(webhook, WHATSAPP.WHATSAPP_APP_SECRET, byWhatsApp.digits, whatsappProofText(byWhatsApp.id));
    await facilityMove(h.db, admin, byWhatsApp.id, "confirm", slot, now);
    expect(await messagesTo(`+${byWhatsApp.digits}`)).toEqual([
      { channel: "sms", event: "appointment.prove" },
      { channel: "whatsapp", event: "appointment.confirmed" },
    ]);

    const byLink = await unproven(now);
    await patientMove(h.db, appointmentToken(byLink.id), "prove", now);
    expect((await rowOf(byLink.id)).provenBy).toBe("link");
    await facilityMove(h.db, admin, byLink.id, "confirm", slot, now);
    expect(await messagesTo(`+${byLink.digits}`)).toEqual([
      { channel: "sms", event: "appointment.prove" },
      { channel: "sms", event: "appointment.confirmed" },
    ]);
  });
});
