import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { hubNotifications, hubs, hubWaitlist, messages } from "~/db/schema";
import { seedContent } from "~/db/seed.server";
import { sendNotification } from "~/features/hubs/hub-admin.server";
import { messageT } from "~/i18n/message-text.server";
import { countSegments } from "~/lib/sms-text";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { signRemovalToken, signSmsStopToken } from "./removal-token.server";
import { checkSmsStop, stopWaitlistSms } from "./sms-stop.server";
import { waitlistSms } from "./waitlist-sms";

const SECRET = "sms-test-secret-sms-test-secret-0123456789";
vi.stubEnv("AUTH_SECRET", SECRET);
vi.stubEnv("APP_URL", "https://hubs.example.org");

const HUB = "cervical-cancer";
let h: TestDatabase;

beforeAll(async () => {
  h = await createTestDb({ workers: false });
  await seedContent(h.db);
});
afterAll(async () => {
  await h?.drop();
  vi.unstubAllEnvs();
});
beforeEach(async () => {
  await h.db.delete(messages);
  await h.db.execute(sql`delete from pgboss.job`);
  await h.db.delete(hubNotifications);
  await h.db.delete(hubWaitlist);
});

async function entry(values: Partial<typeof hubWaitlist.$inferInsert>): Promise<string> {
  const [row] = await h.db
    .insert(hubWaitlist)
    .values({ hubId: HUB, userType: "professional", ...values })
    .returning({ id: hubWaitlist.id });
  return row!.id;
}

async function notify(kind: "launch" | "update"): Promise<string> {
  const [hub] = await h.db.select({ id: hubs.id }).from(hubs).where(eq(hubs.slug, HUB));
  const [row] = await h.db
    .insert(hubNotifications)
    .values({ hubId: hub!.id, kind, subject: "News", message: "Clinics open Monday.", total: 0 })
    .returning({ id: hubNotifications.id });
  await sendNotification(h.db, row!.id);
  return row!.id;
}

async function texts() {
  return h.db
    .select({ recipient: messages.recipient, payload: messages.payload, event: messages.event })
    .from(messages)
    .where(eq(messages.channel, "sms"));
}

describe("waitlist SMS (issue 26)", () => {
  it("a launch texts the entries that agreed and have not stopped, once each, with the hub link and a stop link", async () => {
    const consented = await entry({ email: "a@example.test", phone: "+233205550147", smsConsentAt: new Date() });
    await entry({ email: "b@example.test", phone: "0205550148" }); // a phone but no consent
    await entry({
      email: "c@example.test",
      phone: "+233245550149",
      smsConsentAt: new Date(),
      smsStoppedAt: new Date(),
    });
    await entry({ email: "d@example.test" });
    await notify("launch");
    const sms = await texts();
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ recipient: "+233205550147", event: "hub.launch" });
    const text = (sms[0]!.payload as { text: string }).text;
    expect(text).toContain("https://hubs.example.org/hub/cervical-cancer");
    expect(text).toContain(`Stop: https://hubs.example.org/hub-sms/stop/${signSmsStopToken(consented, SECRET)}`);
    expect(countSegments(text)).toMatchObject({ encoding: "GSM-7" });
    expect(countSegments(text).segments).toBeLessThanOrEqual(2);
    // Every entry got its email as before.
    const [{ n }] = (
      await h.db.execute<{ n: number }>(sql`select count(*)::int as n from messages where channel = 'email'`)
    ).rows;
    expect(n).toBe(4);
    // A second run, or an update after it, texts nobody twice (the entries are Notified).
    await notify("update");
    expect(await texts()).toHaveLength(1);
    // The SMS has its own send job (its message id is the provider's idempotency key).
    const jobs = await h.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'send-message'`,
    );
    expect(jobs.rows[0]!.n).toBe(5);
  });

  it("a patient who gave only a mobile number (issue 28) is told by SMS, never emailed; the delivery names the number", async () => {
    const phoneOnly = await entry({ userType: "patient", phone: "+233245550170", smsConsentAt: new Date() });
    await entry({ userType: "patient", email: "p@example.test" });
    const id = await notify("launch");
    expect((await texts()).map((t) => t.recipient)).toEqual(["+233245550170"]);
    const emails = await h.db
      .select({ recipient: messages.recipient })
      .from(messages)
      .where(eq(messages.channel, "email"));
    expect(emails).toEqual([{ recipient: "p@example.test" }]);
    const deliveries = await h.db.execute<{ entry_id: string; email: string | null; phone: string | null }>(
      sql`select entry_id, email, phone from hub_notification_deliveries where notification_id = ${id} order by email nulls first`,
    );
    expect(deliveries.rows).toEqual([
      { entry_id: phoneOnly, email: null, phone: "+233245550170" },
      { entry_id: expect.any(String), email: "p@example.test", phone: null },
    ]);
    const [row] = await h.db.select().from(hubWaitlist).where(eq(hubWaitlist.id, phoneOnly));
    expect(row!.notified).toBe(true);
    const [notification] = await h.db.select().from(hubNotifications).where(eq(hubNotifications.id, id));
    expect(notification).toMatchObject({ sent: 2, total: 2 });
  });

  it("an update reaches consenting entries by SMS too", async () => {
    await entry({ email: "u@example.test", phone: "+233205550150", smsConsentAt: new Date() });
    await notify("update");
    const sms = await texts();
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ recipient: "+233205550150", event: "hub.update" });
  });

  it("the stop link stops them, once (the first date is kept), and nothing is texted afterwards", async () => {
    const id = await entry({ email: "s@example.test", phone: "+233205550151", smsConsentAt: new Date() });
    const token = signSmsStopToken(id, SECRET);
    expect(await checkSmsStop(h.db, token)).toEqual({
      status: "valid",
      hubTitle: expect.any(String),
      stopped: false,
    });
    const first = new Date("2026-11-20T09:00:00Z");
    expect(await stopWaitlistSms(h.db, token, first)).toEqual({ status: "stopped" });
    expect(await stopWaitlistSms(h.db, token, new Date("2026-11-21T09:00:00Z"))).toEqual({ status: "stopped" });
    const [row] = await h.db.select().from(hubWaitlist).where(eq(hubWaitlist.id, id));
    expect(row!.smsStoppedAt).toEqual(first);
    expect(await checkSmsStop(h.db, token)).toMatchObject({ status: "valid", stopped: true });
    await notify("launch");
    expect(await texts()).toHaveLength(0);
  });

  it("a wrong token (tampered, a removal link's, another secret's, garbage, a removed entry's) stops nothing", async () => {
    const id = await entry({ email: "w@example.test", phone: "+233205550152", smsConsentAt: new Date() });
    const good = signSmsStopToken(id, SECRET);
    const gone = signSmsStopToken("00000000-0000-4000-8000-000000000000", SECRET);
    const wrong: unknown[] = [
      `${good.slice(0, -2)}xx`,
      signRemovalToken(id, SECRET),
      signSmsStopToken(id, "another-secret-another-secret-0123456789"),
      gone,
      "",
      "not-a-token",
      `${"a".repeat(300)}.x`,
      undefined,
      null,
      42,
    ];
    for (const token of wrong) {
      expect(await checkSmsStop(h.db, token)).toEqual({ status: "invalid" });
      expect(await stopWaitlistSms(h.db, token)).toEqual({ status: "invalid" });
    }
    const [row] = await h.db
      .select({ stopped: hubWaitlist.smsStoppedAt })
      .from(hubWaitlist)
      .where(and(eq(hubWaitlist.id, id)));
    expect(row!.stopped).toBeNull();
  });

  it("the text stays within two GSM-7 parts with a long, typographic hub name; the links are whole", () => {
    const stop = `https://hubs.example.org/hub-sms/stop/${signSmsStopToken("00000000-0000-4000-8000-000000000000", SECRET)}`;
    const text = waitlistSms(
      messageT("en"),
      "Qurhealth",
      "Women’s “Cancer” Care – ".repeat(10),
      "update",
      "https://hubs.example.org/hub/x",
      stop,
    );
    expect(countSegments(text)).toMatchObject({ encoding: "GSM-7" });
    expect(countSegments(text).segments).toBeLessThanOrEqual(2);
    expect(text.endsWith(`https://hubs.example.org/hub/x Stop: ${stop}`)).toBe(true);
    expect(() => waitlistSms(messageT("en"), "Q", "T", "launch", "javascript:alert(1)", stop)).toThrow();
  });
});
