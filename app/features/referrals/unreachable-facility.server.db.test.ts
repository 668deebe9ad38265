import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Actor, actorById } from "~/auth/actor.server";
import { facilities, messages, notificationPreferences, users } from "~/db/schema";
import { listActiveFacilityOptions } from "~/features/facilities/facilities.server";
import { createAccount } from "../../../tests/helpers/accounts";
import { insertFacility } from "../../../tests/helpers/domain";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { createReferral } from "./referral-create.server";

vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123456789");
vi.stubEnv("APP_URL", "http://localhost:3000");

/*
 * A referral to a facility with no approved administrator and no on-call
 * number reached no one there, yet the page said "The facility has been told". The form marks
 * such a facility, and the system administrators are alerted at once (whatever their quiet hours)
 * to phone it; a facility someone can be told of raises no alert.
 */

let h: TestDatabase;
let doctor: Actor;
let adminId: string;
let withAdmin: string;
let onCallOnly: string;
let nobody: string;
let pendingAdminOnly: string;

const VALID = {
  patient_name: "Ama Mensah",
  patient_phone: "024 123 4567",
  patient_email: "",
  patient_date_of_birth: "",
  chief_complaint: "Chest pain on exertion 4242",
  clinical_notes: "",
  urgency_level: "routine",
};

async function eventsOf(referralId: string) {
  return h.db
    .select({
      id: messages.id,
      event: messages.event,
      userId: messages.userId,
      channel: messages.channel,
      payload: messages.payload,
    })
    .from(messages)
    .where(eq(messages.referralId, referralId));
}

beforeAll(async () => {
  h = await createTestDb({ workers: false });
  withAdmin = await insertFacility(h.db, "with-admin", "Alpha Hospital");
  onCallOnly = await insertFacility(h.db, "on-call-only", "Beta Clinic");
  nobody = await insertFacility(h.db, "nobody-there", "Gamma Health Centre");
  pendingAdminOnly = await insertFacility(h.db, "pending-admin-only", "Delta Clinic");
  await h.db.update(facilities).set({ onCallPhone: "+233244000111" }).where(eq(facilities.id, onCallOnly));
  await createAccount(h.db, { role: "facility_admin", approved: true, facilityId: withAdmin });
  await createAccount(h.db, { role: "facility_admin", approved: false, facilityId: pendingAdminOnly });
  doctor = await actorById(h.db, (await createAccount(h.db, { role: "doctor", approved: true })).id);
  adminId = (await createAccount(h.db, { role: "system_admin", approved: true, email: "sysadmin@example.test" })).id;
  await h.db
    .update(users)
    .set({ confirmedPhone: "+233244999888", phoneConfirmedAt: new Date() })
    .where(eq(users.id, adminId));
  // Quiet hours all day long: the alert must still go at once.
  await h.db
    .insert(notificationPreferences)
    .values({ userId: adminId, channels: { "referral.unreachable": ["email", "sms"] }, quietStart: 0, quietEnd: 1439 });
});

afterAll(async () => {
  await h?.drop();
});

describe("a facility that cannot receive referrals yet", () => {
  it("is marked in the referral form's choices: no approved administrator and no on-call number", async () => {
    const options = await listActiveFacilityOptions(h.db);
    const reachable = Object.fromEntries(options.map((o) => [o.id, o.reachable]));
    expect(reachable[withAdmin]).toBe(true);
    expect(reachable[onCallOnly]).toBe(true);
    expect(reachable[nobody]).toBe(false);
    expect(reachable[pendingAdminOnly]).toBe(false);
  });

  it("alerts the system administrators at once, by email and SMS, to phone it; nothing says it was told", async () => {
    const created = await createReferral(h.db, doctor, { ...VALID, facility_id: nobody });
    const sent = await eventsOf(created.id);
    expect(sent.filter((m) => m.event === "referral.created")).toEqual([]);
    const alerts = sent.filter((m) => m.event === "referral.unreachable");
    expect(alerts.map((m) => m.channel).sort()).toEqual(["email", "sms"]);
    expect(alerts.every((m) => m.userId === adminId)).toBe(true);
    // At once, despite the quiet hours that last all day.
    for (const alert of alerts) {
      const rows = await h.db.execute<{ start_after: Date }>(
        sql`select start_after from pgboss.job where name = 'send-message' and data->>'messageId' = ${alert.id}`,
      );
      expect(new Date(rows.rows[0]!.start_after).getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    }
    const mail = JSON.stringify(alerts.find((m) => m.channel === "email")?.payload);
    expect(mail).toContain("Gamma Health Centre");
    expect(mail).toContain("+233 30 000 0000");
    expect(mail).toContain(created.referralNumber);
    expect(mail).not.toContain("4242");
    expect(mail).not.toContain("Ama Mensah");
  });

  it("raises no alert when someone at the facility is told (an administrator, or the on-call number)", async () => {
    for (const facility of [withAdmin, onCallOnly]) {
      const created = await createReferral(h.db, doctor, { ...VALID, facility_id: facility });
      const sent = await eventsOf(created.id);
      expect(sent.some((m) => m.event === "referral.created")).toBe(true);
      expect(sent.filter((m) => m.event === "referral.unreachable")).toEqual([]);
    }
  });
});
