import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ANONYMOUS } from "~/auth/actor";
import { type Actor, actorById } from "~/auth/actor.server";
import { auditEvents, paymentRecords, referrals } from "~/db/schema";
import { recordPayment } from "~/features/payments/payments.server";
import { createReferral } from "~/features/referrals/referral-create.server";
import { transitionReferral } from "~/features/referrals/referral-transitions.server";
import { createAccount } from "../../../tests/helpers/accounts";
import { insertFacility, statusOf } from "../../../tests/helpers/domain";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { paymentsCsv, referralFiltersFrom, referralsCsv, usersCsv } from "./exports.server";

vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123456789");
vi.stubEnv("APP_URL", "http://localhost:3000");
// No mail server here: messages go to a throwaway outbox.
vi.stubEnv("DATA_DIR", `/tmp/exports-test-${process.pid}`);

let h: TestDatabase;
let facilityA: string;
let facilityB: string;
const people = {} as Record<
  "doctor" | "adminA" | "adminB" | "pendingAdminA" | "systemAdmin" | "pendingSystemAdmin",
  Actor
>;

async function person(options: Parameters<typeof createAccount>[1]): Promise<Actor> {
  return actorById(h.db, (await createAccount(h.db, options)).id);
}

async function refer(facilityId: string, patientName: string, urgency = "routine"): Promise<string> {
  const result = await createReferral(h.db, people.doctor, {
    facility_id: facilityId,
    patient_name: patientName,
    patient_phone: `024${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`,
    chief_complaint: "Secret complaint 5151",
    clinical_notes: "Secret notes 6161",
    urgency_level: urgency,
  });
  return result.id;
}

async function text(file: { stream: ReadableStream<Uint8Array> }): Promise<string> {
  const bytes = await new Response(file.stream).arrayBuffer();
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
}

/** The file's rows as arrays of cells (no quoted separators in these fixtures). */
function rows(csv: string): string[][] {
  return csv
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter(Boolean)
    .map((line) => line.split(","));
}

beforeAll(async () => {
  h = await createTestDb();
  facilityA = await insertFacility(h.db, "exports-a", "Alpha Hospital");
  facilityB = await insertFacility(h.db, "exports-b", "Beta Clinic");
  people.doctor = await person({ role: "doctor", approved: true, fullName: "Kofi Boateng" });
  people.adminA = await person({ role: "facility_admin", approved: true, facilityId: facilityA });
  people.adminB = await person({ role: "facility_admin", approved: true, facilityId: facilityB });
  people.pendingAdminA = await person({ role: "facility_admin", approved: false, facilityId: facilityA });
  people.systemAdmin = await person({ role: "system_admin", approved: true });
  people.pendingSystemAdmin = await person({ role: "system_admin", approved: false });
  await refer(facilityA, "Ama Mensah", "emergency");
  await refer(facilityA, "Kwame Asante");
  const toPay = await refer(facilityA, "Esi Owusu-Ansah");
  await refer(facilityB, "Yaw Darko");
  await transitionReferral(h.db, people.adminA, toPay, "accept");
  await transitionReferral(h.db, people.adminA, toPay, "complete", { outcome: "Treated" });
}, 120_000);

afterAll(async () => {
  await h?.drop();
});

describe("who may download which file", () => {
  it("refuses the anonymous (401), doctors and pending accounts (403)", async () => {
    const filters = referralFiltersFrom(new URLSearchParams());
    expect(await statusOf(referralsCsv(h.db, ANONYMOUS, filters))).toBe(401);
    for (const actor of [people.doctor, people.pendingAdminA, people.pendingSystemAdmin]) {
      expect(await statusOf(referralsCsv(h.db, actor, filters))).toBe(403);
      expect(await statusOf(paymentsCsv(h.db, actor, null))).toBe(403);
      expect(await statusOf(usersCsv(h.db, actor))).toBe(403);
    }
    // A facility administrator exports referrals (their own), never payouts or accounts.
    expect(await statusOf(paymentsCsv(h.db, people.adminA, null))).toBe(403);
    expect(await statusOf(usersCsv(h.db, people.adminA))).toBe(403);
  });

  it("gives a facility administrator only their facility's referrals", async () => {
    const a = rows(await text(await referralsCsv(h.db, people.adminA, referralFiltersFrom(new URLSearchParams()))));
    const b = rows(await text(await referralsCsv(h.db, people.adminB, referralFiltersFrom(new URLSearchParams()))));
    const name = a[0].indexOf("patient_name");
    expect(a.slice(1).map((r) => r[name])).toEqual(["Esi Owusu-Ansah", "Kwame Asante", "Ama Mensah"]);
    expect(b.slice(1).map((r) => r[name])).toEqual(["Yaw Darko"]);
  });
});

describe("the referrals file", () => {
  it("opens with a byte-order mark and the header, newest first, without clinical text", async () => {
    const file = await referralsCsv(h.db, people.systemAdmin, referralFiltersFrom(new URLSearchParams()));
    expect(file.fileName).toMatch(/^referrals-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = new Uint8Array(await new Response(file.stream).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(csv).not.toMatch(/Secret complaint|Secret notes|Treated/);
    const table = rows(csv);
    expect(table[0].slice(0, 4)).toEqual(["referral_number", "created_at", "status", "urgency"]);
    expect(table).toHaveLength(5);
    const at = (r: string[], column: string) => r[table[0].indexOf(column)];
    const done = table.find((r) => at(r, "patient_name") === "Esi Owusu-Ansah") as string[];
    expect([at(done, "status"), at(done, "doctor_share_cedis"), at(done, "payout_status")]).toEqual([
      "completed",
      "70.00",
      "pending",
    ]);
    const emergency = table.find((r) => at(r, "patient_name") === "Ama Mensah") as string[];
    expect([at(emergency, "urgency"), at(emergency, "facility"), at(emergency, "doctor_name")]).toEqual([
      "emergency",
      "Alpha Hospital",
      "Kofi Boateng",
    ]);
    // A share exists only for a completed referral: the others' share cells are empty.
    for (const r of table.slice(1).filter((row) => at(row, "status") !== "completed")) {
      expect([at(r, "doctor_share_cedis"), at(r, "platform_share_cedis"), at(r, "fee_cedis")]).toEqual([
        "",
        "",
        "100.00",
      ]);
    }
    expect(table.slice(1).filter((row) => at(row, "status") !== "completed").length).toBeGreaterThan(0);
  });

  it("applies the History list's status and search, and audits the download with them", async () => {
    const pending = rows(
      await text(
        await referralsCsv(h.db, people.systemAdmin, referralFiltersFrom(new URLSearchParams("status=pending"))),
      ),
    );
    expect(pending).toHaveLength(4);
    const found = rows(
      await text(await referralsCsv(h.db, people.systemAdmin, referralFiltersFrom(new URLSearchParams("q=owusu")))),
    );
    expect(found.slice(1).map((r) => r[found[0].indexOf("patient_name")])).toEqual(["Esi Owusu-Ansah"]);
    // A wildcard in the search is a literal character, and an unknown status means every status.
    const literal = await referralsCsv(
      h.db,
      people.systemAdmin,
      referralFiltersFrom(new URLSearchParams("q=%25&status=nope")),
    );
    expect(rows(await text(literal))).toHaveLength(1);
    const audit = await h.db
      .select({ reason: auditEvents.reason })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, "export.downloaded"),
          eq(auditEvents.actorId, (people.systemAdmin as { id: string }).id),
        ),
      );
    expect(audit.map((a) => a.reason)).toEqual(
      expect.arrayContaining(["referrals", "referrals (status=pending)", "referrals (q=owusu)"]),
    );
  });

  it("reads in batches by keyset without losing or repeating rows created in the same millisecond", async () => {
    // 2,500 referrals whose creation times differ by microseconds: a cursor rounded to the
    // millisecond (a JavaScript Date) would skip or repeat some between batches.
    const [{ id: doctorId }] = await h.db
      .execute<{ id: string }>(sql`select id from users where full_name = 'Kofi Boateng'`)
      .then((r) => r.rows);
    const [{ patient_id }] = await h.db
      .execute<{ patient_id: string }>(sql`select patient_id from referrals limit 1`)
      .then((r) => r.rows);
    await h.db.execute(sql`
      insert into referrals (doctor_id, facility_id, patient_id, patient_name, patient_phone, chief_complaint,
                             referral_fee, doctor_share, platform_share, created_at)
      select ${doctorId}, ${facilityB}, ${patient_id}, 'Bulk ' || g, '+233240000000', 'x', 10000, 7000, 3000,
             timestamptz '2026-01-01 10:00:00.000' + (g % 7) * interval '1 microsecond'
      from generate_series(1, 2500) g`);
    const csv = await text(await referralsCsv(h.db, people.adminB, referralFiltersFrom(new URLSearchParams())));
    const names = rows(csv)
      .slice(1)
      .map((r) => r[rows(csv)[0].indexOf("patient_name")]);
    expect(names).toHaveLength(2501);
    expect(new Set(names).size).toBe(2501);
  });
});

describe("the payouts file", () => {
  it("has one row per payout with what a mobile-money bulk payout needs, filtered by status", async () => {
    const all = rows(await text(await paymentsCsv(h.db, people.systemAdmin, null)));
    expect(all[0]).toEqual([
      "doctor_name",
      "doctor_phone",
      "doctor_email",
      "amount_cedis",
      "status",
      "payment_method",
      "payment_reference",
      "referral_number",
      "due_since",
      "paid_at",
    ]);
    expect(all).toHaveLength(2);
    expect(all[1].slice(0, 5)).toEqual([
      "Kofi Boateng",
      "0241234567",
      expect.stringContaining("@"),
      "70.00",
      "pending",
    ]);
    const [payment] = await h.db.select({ id: paymentRecords.id }).from(paymentRecords);
    const paid = await recordPayment(h.db, people.systemAdmin, {
      paymentId: payment.id,
      payment_method: "Mobile Money",
      payment_reference: "MM-123",
    });
    expect(paid.ok).toBe(true);
    expect(rows(await text(await paymentsCsv(h.db, people.systemAdmin, "pending")))).toHaveLength(1);
    const done = rows(await text(await paymentsCsv(h.db, people.systemAdmin, "paid")));
    expect(done[1].slice(4, 7)).toEqual(["paid", "Mobile Money", "MM-123"]);
  });
});

describe("the accounts file", () => {
  it("lists every account with its effective role and approval", async () => {
    const table = rows(await text(await usersCsv(h.db, people.systemAdmin)));
    expect(table).toHaveLength(7);
    const at = (r: string[], column: string) => r[table[0].indexOf(column)];
    const kofi = table.find((r) => at(r, "full_name") === "Kofi Boateng") as string[];
    expect([at(kofi, "role"), at(kofi, "approval")]).toEqual(["doctor", "approved"]);
    const pending = table.filter((r) => at(r, "approval") === "pending");
    expect(pending).toHaveLength(2);
    const withFacility = table.filter((r) => at(r, "facility") === "Alpha Hospital");
    expect(withFacility).toHaveLength(2);
  });
});

describe("referrals stay untouched", () => {
  it("an export changes nothing", async () => {
    const before = await h.db.select().from(referrals).orderBy(referrals.id);
    await text(await referralsCsv(h.db, people.systemAdmin, referralFiltersFrom(new URLSearchParams())));
    expect(await h.db.select().from(referrals).orderBy(referrals.id)).toEqual(before);
  });
});
