import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ANONYMOUS } from "~/auth/actor";
import { type Actor, actorById } from "~/auth/actor.server";
import { auditEvents, messages } from "~/db/schema";
import { systemOverview } from "~/features/insight/insight.server";
import { createReferral } from "~/features/referrals/referral-create.server";
import { referralDeliveries } from "~/features/referrals/referral-deliveries.server";
import type { JobWorkers } from "~/jobs/queue.server";
import { startJobWorkers } from "../../../server/job-workers";
import { createAccount } from "../../../tests/helpers/accounts";
import { insertFacility, refusedWith, statusOf } from "../../../tests/helpers/domain";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { waitUntil } from "../../../tests/helpers/wait";
import { maskRecipient } from "./message-labels";
import { listMessages, MESSAGES_PAGE_SIZE, messagesPerMonth, retryMessage } from "./message-log.server";
import { queueEmail, queueText } from "./messages.server";
import { recordDeliveryReport } from "./providers/delivery-reports.server";
import type { MessagingProvider, OutboundMessage } from "./providers/types";

/*
 * The Messages screen's queries and Retry (decision 024), on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL: filters and pages, masked recipients, the per-month counts of the Overview,
 * a referral's deliveries, and Retry: only a failed or undelivered message, re-queued through the
 * queue with its own id as idempotency key, audited; refused to anyone but a system administrator.
 */

let h: TestDatabase;
let systemAdmin: Actor;
let otherAdmin: Actor;
let doctor: Actor;
let facilityAdmin: Actor;
let facility: string;
const running: JobWorkers[] = [];

beforeAll(async () => {
  h = await createTestDb({ workers: false });
  facility = await insertFacility(h.db, "messages-a", "Alpha Hospital");
  const make = async (options: Parameters<typeof createAccount>[1]) =>
    actorById(h.db, (await createAccount(h.db, { approved: true, ...options })).id);
  systemAdmin = await make({ role: "system_admin", fullName: "Sam Sysadmin" });
  otherAdmin = await make({ role: "system_admin", fullName: "Sena Sysadmin" });
  doctor = await make({ role: "doctor", fullName: "Kofi Boateng" });
  facilityAdmin = await make({ role: "facility_admin", facilityId: facility, fullName: "Abena Admin" });
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((w) => w.stop(2_000)));
  await h.db.execute(sql`delete from pgboss.job`);
  await h.db.delete(messages);
  await h.db.delete(auditEvents);
});
afterAll(async () => {
  await h?.drop();
});

const row = async (id: string) => (await h.db.select().from(messages).where(eq(messages.id, id)))[0]!;
const jobsFor = async (id: string) =>
  (
    await h.db.execute<{ state: string }>(
      sql`select state from pgboss.job where name = 'send-message' and data->>'messageId' = ${id} order by created_on`,
    )
  ).rows.map((r) => r.state);

type Seed = Partial<typeof messages.$inferInsert> & Pick<typeof messages.$inferInsert, "channel" | "recipient">;
async function seed(rows: Seed[]): Promise<string[]> {
  const inserted = await h.db
    .insert(messages)
    .values(rows.map((r) => ({ event: "referral.created", payload: { text: "T" }, ...r })))
    .returning({ id: messages.id });
  return inserted.map((r) => r.id);
}

describe("masking", () => {
  it("shows a number's country code and last four digits, an address's first character and domain", () => {
    expect(maskRecipient("sms", "+233205550147")).toBe("+233 ••• •• 0147");
    expect(maskRecipient("whatsapp", "+2348031234567")).toBe("+234 ••• •• 4567");
    expect(maskRecipient("sms", "+1 415 555 0100")).toBe("+1 ••• •• 0100");
    expect(maskRecipient("email", "ama@example.com")).toBe("a•••@example.com");
    expect(maskRecipient("email", "not-an-address")).toBe("•••");
    expect(maskRecipient("sms", "123")).toBe("•••");
  });
});

describe("the Messages screen's list", () => {
  it("every message newest first, masked, filtered by status and channel on the server", async () => {
    const t = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await seed([
      { channel: "email", recipient: "ama@example.com", status: "sent", createdAt: t(5), event: "account.approved" },
      {
        channel: "sms",
        recipient: "+233205550147",
        status: "failed",
        attempts: 1,
        lastError: "invalid_number: Invalid phone number",
        createdAt: t(4),
      },
      { channel: "sms", recipient: "+233205550148", status: "delivered", segments: 2, createdAt: t(3) },
      { channel: "whatsapp", recipient: "+233205550149", status: "undelivered", segments: 1, createdAt: t(2) },
      { channel: "email", recipient: "kofi@example.com", status: "failed", createdAt: t(1), payload: null },
    ]);
    const all = await listMessages(h.db, systemAdmin, { status: null, channel: null, page: 1 });
    expect(all.hasNext).toBe(false);
    expect(all.rows.map((r) => [r.channel, r.recipient, r.status, r.canRetry])).toEqual([
      ["email", "k•••@example.com", "failed", false],
      ["whatsapp", "+233 ••• •• 0149", "undelivered", true],
      ["sms", "+233 ••• •• 0148", "delivered", false],
      ["sms", "+233 ••• •• 0147", "failed", true],
      ["email", "a•••@example.com", "sent", false],
    ]);
    expect(JSON.stringify(all)).not.toContain("205550147");
    expect(JSON.stringify(all)).not.toContain("ama@");
    expect(all.rows[3]).toMatchObject({
      attempts: 1,
      lastError: "invalid_number: Invalid phone number",
      eventLabel: "New referral",
    });
    expect(all.rows[2]!.segments).toBe(2);

    const failed = await listMessages(h.db, systemAdmin, { status: "failed", channel: null, page: 1 });
    expect(failed.rows.map((r) => r.recipient)).toEqual(["k•••@example.com", "+233 ••• •• 0147"]);
    const failedSms = await listMessages(h.db, systemAdmin, { status: "failed", channel: "sms", page: 1 });
    expect(failedSms.rows.map((r) => r.recipient)).toEqual(["+233 ••• •• 0147"]);
    const whatsapp = await listMessages(h.db, systemAdmin, { status: null, channel: "whatsapp", page: 1 });
    expect(whatsapp.rows.map((r) => r.status)).toEqual(["undelivered"]);
    expect((await listMessages(h.db, systemAdmin, { status: "queued", channel: null, page: 1 })).rows).toEqual([]);
  });

  it("pages of 50: the next page has the rest, none twice", async () => {
    await seed(
      Array.from({ length: MESSAGES_PAGE_SIZE + 3 }, (_, i) => ({
        channel: "email" as const,
        recipient: `p${i}@example.com`,
        createdAt: new Date(Date.now() - i * 1000),
      })),
    );
    const first = await listMessages(h.db, systemAdmin, { status: null, channel: null, page: 1 });
    const second = await listMessages(h.db, systemAdmin, { status: null, channel: null, page: 2 });
    expect([first.rows.length, first.hasNext, second.rows.length, second.hasNext]).toEqual([50, true, 3, false]);
    const ids = new Set([...first.rows, ...second.rows].map((r) => r.id));
    expect(ids.size).toBe(MESSAGES_PAGE_SIZE + 3);
  });

  it("only system administrators: a doctor and a facility administrator are refused (403), no one signed in 401", async () => {
    const filters = { status: null, channel: null, page: 1 };
    expect(await statusOf(listMessages(h.db, doctor, filters))).toBe(403);
    expect(await statusOf(listMessages(h.db, facilityAdmin, filters))).toBe(403);
    expect(await statusOf(listMessages(h.db, ANONYMOUS, filters))).toBe(401);
  });
});

describe("Retry", () => {
  const smsFake = () => {
    const calls: OutboundMessage[] = [];
    const provider: MessagingProvider = {
      name: "arkesel",
      channel: "sms",
      honoursIdempotencyKey: false,
      async send(message) {
        calls.push(message);
        return calls.length === 1
          ? { ok: false, retryable: false, code: "rejected", error: "Rejected by the network" }
          : { ok: true, providerId: `ark-${calls.length}`, segments: 1 };
      },
    };
    return { calls, provider };
  };

  it("a failed message is queued again through the queue, sent with the same idempotency key, and audited", async () => {
    const fake = smsFake();
    const workers = await startJobWorkers(h, {
      pollingIntervalSeconds: 0.5,
      superviseIntervalSeconds: 1,
      transports: { sms: () => fake.provider },
    });
    running.push(workers);
    const id = await h.db.transaction((tx) =>
      queueText(tx, "sms", "+233205550147", { text: "New referral REF-2026-000001" }, { event: "referral.created" }),
    );
    const failed = await waitUntil(async () => (await row(id)).status === "failed" && row(id));
    expect(failed).toMatchObject({ attempts: 1, lastError: "rejected: Rejected by the network" });

    const retried = await retryMessage(h.db, systemAdmin, id);
    expect(retried).toEqual({ id, channel: "sms", recipient: "+233 ••• •• 0147", again: false });
    const sent = await waitUntil(async () => (await row(id)).status === "sent" && row(id));
    expect(sent).toMatchObject({ attempts: 2, providerId: "ark-2", lastError: null });
    expect(fake.calls.map((c) => c.idempotencyKey)).toEqual([id, id]);
    // The row says sent from inside the job; pg-boss marks the job completed a moment after.
    await expect.poll(() => jobsFor(id), { timeout: 15_000 }).toEqual(["completed", "completed"]);
    const audit = await h.db.select().from(auditEvents).where(eq(auditEvents.subjectId, id));
    expect(audit).toMatchObject([
      {
        actorId: (systemAdmin as { id: string }).id,
        action: "message.retried",
        subjectType: "message",
        fromStatus: "failed",
        toStatus: "queued",
        reason: "SMS to +233 ••• •• 0147 (referral.created)",
      },
    ]);
  });

  it("an SMS reported undelivered keeps its text, is sent again with Retry, and drops it once delivered", async () => {
    const calls: OutboundMessage[] = [];
    const provider: MessagingProvider = {
      name: "arkesel",
      channel: "sms",
      honoursIdempotencyKey: false,
      async send(message) {
        calls.push(message);
        return { ok: true, providerId: `ark-${calls.length}`, segments: 1 };
      },
    };
    running.push(
      await startJobWorkers(h, {
        pollingIntervalSeconds: 0.5,
        superviseIntervalSeconds: 1,
        transports: { sms: () => provider },
      }),
    );
    const id = await h.db.transaction((tx) =>
      queueText(tx, "sms", "+233205550147", { text: "New referral REF-2026-000002" }, { event: "referral.created" }),
    );
    await waitUntil(async () => (await row(id)).status === "sent");
    expect((await row(id)).payload).toEqual({ text: "New referral REF-2026-000002" });
    expect(
      await recordDeliveryReport(h.db, {
        provider: "arkesel",
        providerId: "ark-1",
        status: "undelivered",
        error: "Absent subscriber",
      }),
    ).toBe(true);
    const listed = await listMessages(h.db, systemAdmin, { status: "undelivered", channel: "sms", page: 1 });
    expect(listed.rows.map((r) => [r.id, r.canRetry, r.lastError])).toEqual([[id, true, "Absent subscriber"]]);

    await retryMessage(h.db, systemAdmin, id);
    const again = await waitUntil(async () => (await row(id)).providerId === "ark-2" && row(id));
    expect(again).toMatchObject({ status: "sent", attempts: 2 });
    expect(calls.map((c) => [c.idempotencyKey, c.text])).toEqual([
      [id, "New referral REF-2026-000002"],
      [id, "New referral REF-2026-000002"],
    ]);
    await recordDeliveryReport(h.db, { provider: "arkesel", providerId: "ark-2", status: "delivered" });
    expect(await row(id)).toMatchObject({ status: "delivered", payload: null });
    expect(
      (await listMessages(h.db, systemAdmin, { status: "delivered", channel: null, page: 1 })).rows[0]!.canRetry,
    ).toBe(false);
  });

  it("a late report for the attempt a Retry superseded changes nothing; the new attempt's report is applied (issue 33, finding 6)", async () => {
    const [id] = await seed([
      {
        channel: "sms",
        recipient: "+233205550147",
        status: "undelivered",
        provider: "arkesel",
        providerId: "ark-old",
        payload: { text: "New referral REF-2026-000003" },
      },
    ]);
    await retryMessage(h.db, systemAdmin, id!);
    expect((await row(id!)).status).toBe("queued");
    // The first attempt's reports arrive late (a replay, or a provider's second word): the retry still goes out.
    for (const status of ["undelivered", "failed", "delivered", "sent"] as const) {
      expect(await recordDeliveryReport(h.db, { provider: "arkesel", providerId: "ark-old", status })).toBe(false);
    }
    expect(await row(id!)).toMatchObject({ status: "queued", payload: { text: "New referral REF-2026-000003" } });

    const calls: OutboundMessage[] = [];
    const provider: MessagingProvider = {
      name: "arkesel",
      channel: "sms",
      honoursIdempotencyKey: false,
      async send(message) {
        calls.push(message);
        return { ok: true, providerId: "ark-new", segments: 1 };
      },
    };
    running.push(
      await startJobWorkers(h, {
        pollingIntervalSeconds: 0.5,
        superviseIntervalSeconds: 1,
        transports: { sms: () => provider },
      }),
    );
    await waitUntil(async () => (await row(id!)).status === "sent");
    expect(calls).toHaveLength(1);
    expect(
      await recordDeliveryReport(h.db, { provider: "arkesel", providerId: "ark-old", status: "undelivered" }),
    ).toBe(false);
    expect(await row(id!)).toMatchObject({ status: "sent", providerId: "ark-new" });
    expect(await recordDeliveryReport(h.db, { provider: "arkesel", providerId: "ark-new", status: "delivered" })).toBe(
      true,
    );
    expect(await row(id!)).toMatchObject({ status: "delivered", payload: null });
  });

  it("writes the row and its job in one transaction: queued, with one send-message job keyed by the message", async () => {
    const [id] = await seed([{ channel: "email", recipient: "yaa@example.com", status: "undelivered" }]);
    await retryMessage(h.db, systemAdmin, id!);
    expect((await row(id!)).status).toBe("queued");
    const jobs = await h.db.execute<{ singleton_key: string; state: string }>(
      sql`select singleton_key, state from pgboss.job where name = 'send-message' and data->>'messageId' = ${id}`,
    );
    expect(jobs.rows).toEqual([{ singleton_key: id, state: "created" }]);
    // The same administrator's second post (a double tap) is answered as the first, and queues nothing more.
    expect((await retryMessage(h.db, systemAdmin, id!)).again).toBe(true);
    expect(await jobsFor(id!)).toEqual(["created"]);
    // Another administrator is told it is queued already.
    expect((await refusedWith(retryMessage(h.db, otherAdmin, id!))).status).toBe(409);
    expect(await h.db.$count(auditEvents)).toBe(1);
  });

  it("refused for any other state, with a clear message, and nothing changes", async () => {
    const [sent, delivered, queued] = await seed([
      { channel: "sms", recipient: "+233205550147", status: "sent" },
      { channel: "sms", recipient: "+233205550148", status: "delivered" },
      { channel: "email", recipient: "ama@example.com", status: "queued" },
    ]);
    expect(await refusedWith(retryMessage(h.db, systemAdmin, sent!))).toMatchObject({
      status: 409,
      message: "Only a failed or undelivered message can be sent again; this one is sent.",
    });
    expect((await refusedWith(retryMessage(h.db, systemAdmin, delivered!))).message).toBe(
      "Only a failed or undelivered message can be sent again; this one is delivered.",
    );
    expect((await refusedWith(retryMessage(h.db, systemAdmin, queued!))).message).toBe(
      "Only a failed or undelivered message can be sent again; this one is queued.",
    );
    expect((await row(sent!)).status).toBe("sent");
    expect(await jobsFor(sent!)).toEqual([]);
    expect(await h.db.$count(auditEvents)).toBe(0);
  });

  it("a message whose text was not kept cannot be sent again; a missing or malformed id is a 404", async () => {
    const [gone] = await seed([{ channel: "sms", recipient: "+233205550147", status: "undelivered", payload: null }]);
    const refusal = await refusedWith(retryMessage(h.db, systemAdmin, gone!));
    expect(refusal.status).toBe(409);
    expect(refusal.message).toContain("its content is not kept once it was handed over (an email) or delivered");
    expect((await row(gone!)).status).toBe("undelivered");
    expect(await statusOf(retryMessage(h.db, systemAdmin, "00000000-0000-4000-8000-000000000000"))).toBe(404);
    expect(await statusOf(retryMessage(h.db, systemAdmin, "not-a-message"))).toBe(404);
    expect(await statusOf(retryMessage(h.db, systemAdmin, ""))).toBe(404);
  });

  it("only system administrators: a doctor 403, a facility administrator 403, no one signed in 401; nothing changes", async () => {
    const [id] = await seed([{ channel: "sms", recipient: "+233205550147", status: "failed" }]);
    expect(await statusOf(retryMessage(h.db, doctor, id!))).toBe(403);
    expect(await statusOf(retryMessage(h.db, facilityAdmin, id!))).toBe(403);
    expect(await statusOf(retryMessage(h.db, ANONYMOUS, id!))).toBe(401);
    expect((await row(id!)).status).toBe("failed");
    expect(await jobsFor(id!)).toEqual([]);
    expect(await h.db.$count(auditEvents)).toBe(0);
  });
});

describe("the Overview's counts and a referral's deliveries", () => {
  it("messages and segments per month and channel (Ghana's months), months without any at zero", async () => {
    await seed([
      { channel: "sms", recipient: "+233205550147", segments: 2, createdAt: new Date("2026-03-10T12:00:00Z") },
      { channel: "sms", recipient: "+233205550148", segments: 1, createdAt: new Date("2026-03-31T23:30:00Z") },
      { channel: "whatsapp", recipient: "+233205550149", segments: 1, createdAt: new Date("2026-04-01T00:30:00Z") },
      { channel: "email", recipient: "ama@example.com", createdAt: new Date("2026-04-02T10:00:00Z") },
      { channel: "email", recipient: "old@example.com", createdAt: new Date("2026-01-15T10:00:00Z") },
    ]);
    const months = await messagesPerMonth(h.db, ["2026-02-01", "2026-03-01", "2026-04-01"], "2026-04-20");
    expect(months).toEqual([
      { start: "2026-02-01", messages: { email: 0, sms: 0, whatsapp: 0 }, segments: { email: 0, sms: 0, whatsapp: 0 } },
      { start: "2026-03-01", messages: { email: 0, sms: 2, whatsapp: 0 }, segments: { email: 0, sms: 3, whatsapp: 0 } },
      { start: "2026-04-01", messages: { email: 1, sms: 0, whatsapp: 1 }, segments: { email: 0, sms: 0, whatsapp: 1 } },
    ]);
    const overview = await systemOverview(h.db, systemAdmin, "12m", new Date("2026-04-20T12:00:00Z"));
    expect(overview.messaging).toHaveLength(12);
    expect(overview.messaging.at(-1)).toEqual(months[2]);
    expect(overview.messaging.find((m) => m.start === "2026-01-01")?.messages.email).toBe(1);
  });

  it("a referral's deliveries: who, how, whether it arrived; masked, without errors", async () => {
    const made = await createReferral(h.db, doctor, {
      facility_id: facility,
      patient_name: "Patient Deliveries",
      patient_phone: "0240000000",
      chief_complaint: "Chest pain",
      urgency_level: "routine",
    });
    // Only this test's messages: the referral's own notices are left out.
    await h.db.delete(messages);
    const referral = { id: made.id };
    // The notice, then (in a later transaction) the escalation.
    const ids = [
      ...(await h.db.transaction((tx) =>
        queueEmail(
          tx,
          { to: "abena@example.com", subject: "S", text: "T" },
          { event: "referral.created", referralId: referral.id, userId: (facilityAdmin as { id: string }).id },
        ),
      )),
      await h.db.transaction((tx) =>
        queueText(tx, "sms", "+233205550147", { text: "T" }, { event: "referral.escalated", referralId: referral.id }),
      ),
    ];
    await h.db
      .update(messages)
      .set({ status: "failed", lastError: "secret provider detail" })
      .where(eq(messages.id, ids[1]!));
    const deliveries = await referralDeliveries(h.db, facilityAdmin, referral.id);
    expect(deliveries.map((d) => [d.name, d.channel, d.recipient, d.eventLabel, d.status])).toEqual([
      ["Abena Admin", "email", "a•••@example.com", "New referral", "queued"],
      [null, "sms", "+233 ••• •• 0147", "Referral escalated", "failed"],
    ]);
    expect(JSON.stringify(deliveries)).not.toContain("secret provider detail");
    // The referral's doctor and system administrators see the same; anyone else gets its 404, no one signed in 401.
    expect(await referralDeliveries(h.db, doctor, referral.id)).toEqual(deliveries);
    expect(await referralDeliveries(h.db, systemAdmin, referral.id)).toEqual(deliveries);
    const stranger = await actorById(h.db, (await createAccount(h.db, { role: "doctor", approved: true })).id);
    const otherFacility = await insertFacility(h.db, "messages-b", "Beta Clinic");
    const otherFacilityAdmin = await actorById(
      h.db,
      (await createAccount(h.db, { role: "facility_admin", approved: true, facilityId: otherFacility })).id,
    );
    expect(await statusOf(referralDeliveries(h.db, stranger, referral.id))).toBe(404);
    expect(await statusOf(referralDeliveries(h.db, otherFacilityAdmin, referral.id))).toBe(404);
    expect(await statusOf(referralDeliveries(h.db, ANONYMOUS, referral.id))).toBe(401);
    expect(await statusOf(referralDeliveries(h.db, systemAdmin, "not-a-referral"))).toBe(404);
    expect(await statusOf(referralDeliveries(h.db, systemAdmin, "00000000-0000-4000-8000-000000000000"))).toBe(404);
  });
});
