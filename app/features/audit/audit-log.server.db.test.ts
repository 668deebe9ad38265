import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ANONYMOUS } from "~/auth/actor";
import { type Actor, actorById } from "~/auth/actor.server";
import { auditEvents, hubs, paymentRecords } from "~/db/schema";
import { hubSeedRows } from "~/db/seed.server";
import { recordPayment } from "~/features/payments/payments.server";
import { createReferral } from "~/features/referrals/referral-create.server";
import { transitionReferral } from "~/features/referrals/referral-transitions.server";
import { createAccount } from "../../../tests/helpers/accounts";
import { insertFacility, statusOf } from "../../../tests/helpers/domain";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { AUDIT_PAGE_SIZE, auditFiltersFrom, listAuditLog } from "./audit-log.server";

vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123456789");
vi.stubEnv("APP_URL", "http://localhost:3000");
vi.stubEnv("DATA_DIR", `/tmp/audit-log-test-${process.pid}`);

let h: TestDatabase;
let doctor: Actor;
let admin: Actor;
let systemAdmin: Actor;
let first: { id: string; referralNumber: string };
let second: { id: string; referralNumber: string };

const log = (query: string, actor: Actor = systemAdmin) =>
  listAuditLog(h.db, actor, auditFiltersFrom(new URLSearchParams(query)));

beforeAll(async () => {
  h = await createTestDb();
  const facility = await insertFacility(h.db, "audit-a", "Alpha Hospital");
  doctor = await actorById(
    h.db,
    (await createAccount(h.db, { role: "doctor", approved: true, fullName: "Kofi Boateng" })).id,
  );
  admin = await actorById(
    h.db,
    (
      await createAccount(h.db, {
        role: "facility_admin",
        approved: true,
        facilityId: facility,
        fullName: "Abena Admin",
      })
    ).id,
  );
  systemAdmin = await actorById(
    h.db,
    (await createAccount(h.db, { role: "system_admin", approved: true, fullName: "Sam Sysadmin" })).id,
  );
  const refer = async (name: string) => {
    const result = await createReferral(h.db, doctor, {
      facility_id: facility,
      patient_name: name,
      patient_phone: `024${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`,
      chief_complaint: "Chest pain",
      urgency_level: "routine",
    });
    return { id: result.id, referralNumber: result.referralNumber };
  };
  first = await refer("Ama Mensah");
  second = await refer("Kwame Asante");
  await transitionReferral(h.db, admin, first.id, "accept");
  await transitionReferral(h.db, admin, first.id, "complete", { outcome: "Treated" });
  await transitionReferral(h.db, admin, second.id, "reject", { reason: "No bed" });
  const [payment] = await h.db
    .select({ id: paymentRecords.id })
    .from(paymentRecords)
    .where(eq(paymentRecords.referralId, first.id));
  await recordPayment(h.db, systemAdmin, {
    paymentId: payment.id,
    payment_method: "Mobile Money",
    payment_reference: "MM-1",
  });
}, 120_000);

afterAll(async () => {
  await h?.drop();
});

describe("the audit log", () => {
  it("is for approved system administrators only", async () => {
    expect(await statusOf(log("", ANONYMOUS))).toBe(401);
    expect(await statusOf(log("", doctor))).toBe(403);
    expect(await statusOf(log("", admin))).toBe(403);
  });

  it("lists every event newest first, with who, what and about what", async () => {
    const page = await log("");
    expect(page.rows.map((r) => r.action)).toEqual([
      "payment.recorded",
      "referral.rejected",
      "referral.completed",
      "referral.accepted",
      "referral.created",
      "referral.created",
    ]);
    const [payment, rejected] = page.rows;
    expect(payment).toMatchObject({
      actor: { name: "Sam Sysadmin", role: "system_admin" },
      subject: { kind: "referral", referralNumber: first.referralNumber },
    });
    expect(rejected).toMatchObject({
      actor: { name: "Abena Admin", role: "facility_admin" },
      fromStatus: "pending",
      toStatus: "rejected",
      detail: "No bed",
      subject: { kind: "referral", referralNumber: second.referralNumber },
    });
  });

  it("filters by referral number (with its payment), by type or group, and by who acted", async () => {
    const ofFirst = await log(`referral=${first.referralNumber.toLowerCase()}`);
    expect(ofFirst.rows.map((r) => r.action)).toEqual([
      "payment.recorded",
      "referral.completed",
      "referral.accepted",
      "referral.created",
    ]);
    expect((await log("type=referral.rejected")).rows).toHaveLength(1);
    expect((await log("type=referral")).rows).toHaveLength(5);
    expect((await log("type=payment")).rows).toHaveLength(1);
    expect((await log("actor=abena")).rows.map((r) => r.action)).toEqual([
      "referral.rejected",
      "referral.completed",
      "referral.accepted",
    ]);
    // Nothing matches: an empty page, not an error; wildcards are literal.
    expect((await log("actor=%25%25")).rows).toEqual([]);
    expect((await log("referral=REF-1999-000001")).rows).toEqual([]);
    // An unknown type or a malformed date is ignored rather than refused.
    expect((await log("type=drop+table&from=2026-02-31")).rows).toHaveLength(6);
  });

  it("filters by days in Ghana, both ends included", async () => {
    // Move one event to the last second of 1 March and one to the first of 2 March (Accra is UTC+0).
    const [created] = await h.db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(eq(auditEvents.action, "referral.accepted"));
    const [rejected] = await h.db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(eq(auditEvents.action, "referral.rejected"));
    await h.db.execute(sql`update audit_events set created_at = '2026-03-01 23:59:59+00' where id = ${created.id}`);
    await h.db.execute(sql`update audit_events set created_at = '2026-03-02 00:00:00+00' where id = ${rejected.id}`);
    expect((await log("from=2026-03-01&to=2026-03-01")).rows.map((r) => r.action)).toEqual(["referral.accepted"]);
    expect((await log("from=2026-03-02&to=2026-03-02")).rows.map((r) => r.action)).toEqual(["referral.rejected"]);
    expect((await log("from=2026-03-01&to=2026-03-02")).rows).toHaveLength(2);
    expect((await log("to=2026-02-28")).rows).toEqual([]);
  });

  it("pages without counting", async () => {
    await h.db.execute(sql`
      insert into audit_events (actor_id, action, subject_type, subject_id, created_at)
      select ${(systemAdmin as { id: string }).id}, 'export.downloaded', 'user', ${(systemAdmin as { id: string }).id},
             now() - g * interval '1 second'
      from generate_series(1, ${AUDIT_PAGE_SIZE + 3}) g`);
    const one = await log("type=export");
    expect([one.rows.length, one.hasNext]).toEqual([AUDIT_PAGE_SIZE, true]);
    const two = await log("type=export&page=2");
    expect([two.rows.length, two.hasNext]).toEqual([3, false]);
    expect(new Set([...one.rows, ...two.rows].map((r) => r.id)).size).toBe(AUDIT_PAGE_SIZE + 3);
  });

  it("names the hub of a hub event (issue 28)", async () => {
    const [hub] = await h.db
      .insert(hubs)
      .values(hubSeedRows()[0]!)
      .returning({ id: hubs.id, slug: hubs.slug, title: hubs.title });
    await h.db.insert(auditEvents).values({
      actorId: (systemAdmin as { id: string }).id,
      action: "hub.launched",
      subjectType: "hub",
      subjectId: hub!.id,
      fromStatus: "coming-soon",
      toStatus: "live",
      reason: "Changed: status, address",
    });
    const [launched] = (await log("type=hub")).rows;
    expect(launched).toMatchObject({
      action: "hub.launched",
      subject: { kind: "hub", slug: hub!.slug, title: hub!.title },
    });
  });
});
