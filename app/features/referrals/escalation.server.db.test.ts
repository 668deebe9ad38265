import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type Actor, actorById } from "~/auth/actor.server";
import { auditEvents, facilities, messages, notificationPreferences, referrals, users } from "~/db/schema";
import { createAccount } from "../../../tests/helpers/accounts";
import { insertFacility } from "../../../tests/helpers/domain";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { escalateReferral } from "./escalation.server";
import { createReferral } from "./referral-create.server";
import { transitionReferral } from "./referral-transitions.server";
import { facilityDashboard } from "./referrals.server";
import { referralForViewer } from "./workspace.server";

/*
 * Who is told what (decision 024): a new referral reaches the facility's administrators by their chosen
 * channels (SMS only to a confirmed number) and its on-call number; an emergency not accepted in 15
 * minutes (urgent: 4 hours) is escalated once, to the facility and the system administrators, and
 * recorded in the timeline; quiet hours hold all but emergencies. No workers run here: the test
 * reads the queue as it was written.
 */

vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123456789");
vi.stubEnv("APP_URL", "http://localhost:3000");
vi.stubEnv("E2E_RELAXED_RATE_LIMITS", "1");

let h: TestDatabase;
let facility: string;
let doctor: Actor;
let admin: Actor;
let adminId: string;
let systemAdminId: string;

const VALID = {
  patient_name: "Ama Mensah",
  patient_phone: "024 123 4567",
  patient_email: "",
  patient_date_of_birth: "1990-05-01",
  chief_complaint: "Crushing chest pain",
  clinical_notes: "Secret clinical detail",
  urgency_level: "emergency",
};

async function newReferral(urgency: string) {
  const result = await createReferral(h.db, doctor, { ...VALID, facility_id: facility, urgency_level: urgency });
  return result;
}

const queued = (referralId: string) =>
  h.db
    .select({
      channel: messages.channel,
      recipient: messages.recipient,
      event: messages.event,
      userId: messages.userId,
      payload: messages.payload,
    })
    .from(messages)
    .where(eq(messages.referralId, referralId));

async function jobOf(messageId: string) {
  const rows = await h.db.execute<{ start_after: Date; priority: number }>(
    sql`select start_after, priority from pgboss.job where name = 'send-message' and data->>'messageId' = ${messageId}`,
  );
  return rows.rows[0]!;
}

beforeAll(async () => {
  h = await createTestDb({ workers: false });
  facility = await insertFacility(h.db, "escalation-hospital", "Escalation Hospital");
  await h.db.update(facilities).set({ onCallPhone: "+233205550100" }).where(eq(facilities.id, facility));
  doctor = await actorById(h.db, (await createAccount(h.db, { role: "doctor", approved: true })).id);
  adminId = (await createAccount(h.db, { role: "facility_admin", approved: true, facilityId: facility })).id;
  admin = await actorById(h.db, adminId);
  systemAdminId = (await createAccount(h.db, { role: "system_admin", approved: true })).id;
  // The facility's administrator confirmed their number; the system administrator did not.
  await h.db
    .update(users)
    .set({ confirmedPhone: "+233205550147", phoneConfirmedAt: new Date() })
    .where(eq(users.id, adminId));
});
afterAll(async () => {
  await h?.drop();
});
beforeEach(async () => {
  await h.db.delete(notificationPreferences);
});

describe("a new referral", () => {
  it("reaches the facility's administrators by email and SMS (their defaults) and the on-call number, in the referral's transaction", async () => {
    const r = await newReferral("emergency");
    const rows = await queued(r.id);
    expect(rows.map((m) => [m.channel, m.recipient]).sort()).toEqual(
      [
        ["email", expect.stringContaining("@example.test")],
        ["sms", "+233205550147"],
        ["sms", "+233205550100"],
      ].sort(),
    );
    const sms = rows.find((m) => m.recipient === "+233205550147")!;
    const text = (sms.payload as { text: string }).text;
    expect(text).toContain(r.referralNumber);
    expect(text).toContain("EMERGENCY");
    expect(text).not.toContain("Ama");
    expect(text).not.toContain("chest");
  });

  it("sends nothing by SMS to an administrator who chose email only, nor to an unconfirmed number", async () => {
    await h.db.insert(notificationPreferences).values({
      userId: adminId,
      channels: { "referral.new": ["email"] },
      quietStart: null,
      quietEnd: null,
    });
    const r = await newReferral("routine");
    const rows = await queued(r.id);
    expect(rows.filter((m) => m.userId === adminId).map((m) => m.channel)).toEqual(["email"]);
  });

  it("holds a routine referral's messages until quiet hours end; an emergency goes at once", async () => {
    // Quiet all day but a minute: whatever the time now, it is within them.
    const now = new Date();
    const minute = now.getUTCHours() * 60 + now.getUTCMinutes();
    await h.db.insert(notificationPreferences).values({
      userId: adminId,
      channels: { "referral.new": ["email", "sms"] },
      quietStart: (minute + 1439) % 1440,
      quietEnd: (minute + 2) % 1440,
    });
    const routine = await newReferral("routine");
    const held = (await queued(routine.id)).find((m) => m.recipient === "+233205550147")!;
    const heldJob = await jobOf(
      (
        await h.db
          .select({ id: messages.id })
          .from(messages)
          .where(and(eq(messages.referralId, routine.id), eq(messages.recipient, held.recipient)))
      )[0]!.id,
    );
    expect(new Date(heldJob.start_after).getTime()).toBeGreaterThan(Date.now() + 30_000);
    const emergency = await newReferral("emergency");
    const [now1] = await h.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.referralId, emergency.id), eq(messages.recipient, "+233205550147")));
    const job = await jobOf(now1!.id);
    expect(new Date(job.start_after).getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    expect(job.priority).toBe(10);
  });

  it("schedules one escalation for an emergency (15 minutes) and an urgent referral (4 hours), none for a routine one", async () => {
    const emergency = await newReferral("emergency");
    const urgent = await newReferral("urgent");
    const routine = await newReferral("routine");
    const jobs = await h.db.execute<{ key: string; start_after: Date; created_on: Date }>(
      sql`select singleton_key as key, start_after, created_on from pgboss.job where name = 'referral-escalation'`,
    );
    const of = (id: string) => jobs.rows.filter((j) => j.key === `escalation:${id}`);
    expect(of(routine.id)).toHaveLength(0);
    const [e] = of(emergency.id);
    const [u] = of(urgent.id);
    const [created] = await h.db
      .select({ at: referrals.createdAt })
      .from(referrals)
      .where(eq(referrals.id, emergency.id));
    expect(new Date(e!.start_after).getTime() - created!.at.getTime()).toBeGreaterThanOrEqual(15 * 60_000 - 1_000);
    expect(new Date(e!.start_after).getTime() - created!.at.getTime()).toBeLessThanOrEqual(15 * 60_000 + 1_000);
    const [createdU] = await h.db
      .select({ at: referrals.createdAt })
      .from(referrals)
      .where(eq(referrals.id, urgent.id));
    expect(new Date(u!.start_after).getTime() - createdU!.at.getTime()).toBeGreaterThanOrEqual(4 * 3_600_000 - 1_000);
  });
});

describe("escalation", () => {
  it("escalates a pending emergency once: the facility and the system administrators are told, the timeline shows it", async () => {
    const r = await newReferral("emergency");
    const before = (await queued(r.id)).length;
    const results = await Promise.all([escalateReferral(h.db, r.id), escalateReferral(h.db, r.id)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await escalateReferral(h.db, r.id)).toBe(false);
    const [row] = await h.db.select().from(referrals).where(eq(referrals.id, r.id));
    expect(row!.escalatedAt).toBeInstanceOf(Date);
    const audit = await h.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, r.id), eq(auditEvents.action, "referral.escalated")));
    expect(audit).toHaveLength(1);
    const escalations = (await queued(r.id)).filter((m) => m.event === "referral.escalated");
    expect(escalations.length).toBe((await queued(r.id)).length - before);
    expect(escalations.map((m) => m.userId)).toEqual(expect.arrayContaining([adminId, systemAdminId]));
    expect(escalations.map((m) => m.recipient)).toEqual(expect.arrayContaining(["+233205550147", "+233205550100"]));
    const queue = await facilityDashboard(h.db, admin);
    expect(queue.pending.rows.find((q) => q.id === r.id)?.escalated).toBe(true);
    const page = await referralForViewer(h.db, admin, r.referralNumber);
    expect(page.timeline.map((e) => e.kind)).toEqual(["created", "escalated"]);
  });

  it("leaves an accepted referral alone", async () => {
    const r = await newReferral("emergency");
    await transitionReferral(h.db, admin, r.id, "accept");
    expect(await escalateReferral(h.db, r.id)).toBe(false);
    const [row] = await h.db.select().from(referrals).where(eq(referrals.id, r.id));
    expect(row!.escalatedAt).toBeNull();
  });
});
