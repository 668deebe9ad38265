import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ANONYMOUS } from "~/auth/actor";
import { type Actor, actorById } from "~/auth/actor.server";
import { auditEvents, facilities, notificationPreferences, patients, paymentRecords, referrals } from "~/db/schema";
import { approveAccount } from "~/features/accounts/approval.server";
import { listUsers } from "~/features/accounts/user-admin.server";
import { listPayments, recordPayment } from "~/features/payments/payments.server";
import { listWaitlist } from "~/features/waitlist/waitlist-admin.server";
import { type Refusal, refusalOf } from "~/lib/refusal";
import { createAccount } from "../../../tests/helpers/accounts";
import { insertFacility, refusedWith } from "../../../tests/helpers/domain";
import { startMailCatcher } from "../../../tests/helpers/mail-catcher";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { createReferral } from "./referral-create.server";
import { HISTORY_PAGE_SIZE, historyFilters, referralHistory } from "./referral-history.server";
import type { Transition } from "./referral-status";
import { transitionReferral } from "./referral-transitions.server";
import { doctorDashboard, facilityDashboard, listAllReferrals, platformStats } from "./referrals.server";

vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123456789");
vi.stubEnv("APP_URL", "http://localhost:3000");
// This file's doctor makes more referrals than the hourly 50 (user-limits.server.db.test.ts tests the limit).
vi.stubEnv("E2E_RELAXED_RATE_LIMITS", "1");

let h: TestDatabase;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let facilityA: string;
let facilityB: string;

/** Every kind of actor of the permission table. */
const KINDS = [
  "anonymous",
  "unverified doctor",
  "doctor",
  "other doctor",
  "pending admin of this facility",
  "admin of this facility",
  "pending admin of another facility",
  "admin of another facility",
  "pending system admin",
  "system admin",
] as const;
type Kind = (typeof KINDS)[number];
const actors = {} as Record<Kind, Actor>;

async function actorFor(options: Parameters<typeof createAccount>[1]): Promise<Actor> {
  const account = await createAccount(h.db, options);
  return actorById(h.db, account.id);
}

/** The HTTP status a domain call refused with (200 when it succeeded). */
/** The refusal a call throws (a test fails if it does not). */
async function refusalFrom(call: Promise<unknown>): Promise<Refusal> {
  try {
    await call;
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) return refusal;
    throw error;
  }
  throw new Error("expected a refusal");
}

async function outcome(call: Promise<unknown>): Promise<number> {
  try {
    await call;
    return 200;
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return refusal.status;
  }
}

const VALID = {
  patient_name: "Ama Mensah",
  patient_phone: "024 123 4567",
  patient_email: "",
  patient_date_of_birth: "1990-05-01",
  chief_complaint: "Persistent chest pain on exertion",
  clinical_notes: "ECG attached to the paper file.",
  urgency_level: "urgent",
};

async function newReferral(overrides: Record<string, string> = {}): Promise<string> {
  const result = await createReferral(h.db, actors.doctor, { ...VALID, facility_id: facilityA, ...overrides });
  return result.id;
}

async function referralIn(status: "pending" | "accepted"): Promise<string> {
  const id = await newReferral();
  if (status === "accepted") await transitionReferral(h.db, actors["admin of this facility"], id, "accept");
  return id;
}

beforeAll(async () => {
  mail = await startMailCatcher();
  vi.stubEnv("SMTP_URL", mail.url);
  h = await createTestDb();
  facilityA = await insertFacility(h.db, "facility-a", "Alpha Hospital");
  facilityB = await insertFacility(h.db, "facility-b", "Beta Clinic");
  actors.anonymous = ANONYMOUS;
  actors["unverified doctor"] = await actorFor({ role: "doctor", approved: false });
  actors.doctor = await actorFor({
    role: "doctor",
    approved: true,
    fullName: "Dr Kofi Owusu",
    email: "kofi@example.test",
  });
  actors["other doctor"] = await actorFor({ role: "doctor", approved: true, fullName: "Dr Esi Boateng" });
  actors["pending admin of this facility"] = await actorFor({
    role: "facility_admin",
    facilityId: facilityA,
    email: "pending-a@example.test",
  });
  actors["admin of this facility"] = await actorFor({
    role: "facility_admin",
    approved: true,
    facilityId: facilityA,
    email: "admin-a@example.test",
  });
  actors["pending admin of another facility"] = await actorFor({ role: "facility_admin", facilityId: facilityB });
  actors["admin of another facility"] = await actorFor({
    role: "facility_admin",
    approved: true,
    facilityId: facilityB,
  });
  actors["pending system admin"] = await actorFor({ role: "system_admin" });
  actors["system admin"] = await actorFor({ role: "system_admin", approved: true }); // Quiet hours (by default 21:00-07:00 Accra) would hold these mails until morning: nobody here keeps any.
  await h.db.insert(notificationPreferences).values(
    Object.values(actors)
      .filter((a) => a.kind === "user")
      .map((a) => ({ userId: (a as { id: string }).id, channels: {}, quietStart: null, quietEnd: null })),
  );
});

afterAll(async () => {
  await h?.drop();
  await mail?.stop();
});

describe("creating a referral", () => {
  const expected: Record<Kind, number> = {
    anonymous: 401,
    "unverified doctor": 403,
    doctor: 200,
    "other doctor": 200,
    "pending admin of this facility": 403,
    "admin of this facility": 403,
    "pending admin of another facility": 403,
    "admin of another facility": 403,
    "pending system admin": 403,
    "system admin": 403,
  };
  it.each(KINDS)("%s", async (kind) => {
    const before = await h.db.select({ n: count() }).from(referrals);
    const status = await outcome(createReferral(h.db, actors[kind], { ...VALID, facility_id: facilityA }));
    expect(status).toBe(expected[kind]);
    const after = await h.db.select({ n: count() }).from(referrals);
    expect(after[0].n - before[0].n).toBe(status === 200 ? 1 : 0);
  });

  it("sets pending, the server's fee in pesewas and a readable unique number", async () => {
    const id = await newReferral({ urgency_level: "emergency" });
    const [row] = await h.db.select().from(referrals).where(eq(referrals.id, id));
    expect(row).toMatchObject({
      status: "pending",
      referralFee: 10_000,
      doctorShare: 7_000,
      platformShare: 3_000,
      urgencyLevel: "emergency",
      patientPhone: "+233241234567",
    });
    expect(row.referralNumber).toMatch(/^REF-\d{4}-\d{6}$/);
    const year = new Date().toLocaleString("en-GB", { timeZone: "Africa/Accra", year: "numeric" });
    expect(row.referralNumber.slice(4, 8)).toBe(year);
  });

  it("ignores a fee or status posted by the browser", async () => {
    const id = await newReferral({ referral_fee: "1", doctor_share: "1", status: "completed" });
    const [row] = await h.db.select().from(referrals).where(eq(referrals.id, id));
    expect(row.status).toBe("pending");
    expect(row.doctorShare).toBe(7_000);
  });

  it("reuses the patient with the same normalised phone, keeping each doctor's own entry", async () => {
    const first = await newReferral({ patient_phone: "0209998887", patient_name: "Yaw Darko" });
    const second = await createReferral(h.db, actors["other doctor"], {
      ...VALID,
      facility_id: facilityA,
      patient_phone: "+233 20 999 8887",
      patient_name: "Yaw D.",
    });
    const rows = await h.db.select().from(referrals).where(sql`${referrals.id} in (${first}, ${second.id})`);
    expect(new Set(rows.map((r) => r.patientId)).size).toBe(1);
    expect(rows.map((r) => r.patientName).sort()).toEqual(["Yaw D.", "Yaw Darko"]);
    const found = await h.db.select().from(patients).where(eq(patients.phone, "+233209998887"));
    expect(found).toHaveLength(1);
  });

  it("refuses bad input with the spec's messages joined by a comma, storing nothing", async () => {
    const before = await h.db.select({ n: count() }).from(referrals);
    const result = await refusalFrom(
      createReferral(h.db, actors.doctor, {
        ...VALID,
        facility_id: facilityA,
        chief_complaint: "   ",
        clinical_notes: "x".repeat(5001),
        urgency_level: "whenever",
      }),
    );
    expect(result.status).toBe(400);
    expect(result.fieldErrors).toMatchObject({
      chief_complaint: "Chief complaint is required",
      clinical_notes: "Clinical notes must be less than 5000 characters",
    });
    expect(result.message).toBe(
      "Chief complaint is required, Clinical notes must be less than 5000 characters, Please select a valid urgency level",
    );
    const tooLong = await refusalFrom(
      createReferral(h.db, actors.doctor, {
        ...VALID,
        facility_id: facilityA,
        chief_complaint: "x".repeat(501),
        patient_email: "not-an-email",
      }),
    );
    expect(tooLong.message).toBe("Invalid email address, Chief complaint must be less than 500 characters");
    const after = await h.db.select({ n: count() }).from(referrals);
    expect(after[0].n).toBe(before[0].n);
  });

  it("refuses an unknown or inactive facility as a field error", async () => {
    await h.db.update(facilities).set({ isActive: false }).where(eq(facilities.id, facilityB));
    for (const facility_id of [facilityB, "00000000-0000-4000-8000-000000000000", "nonsense"]) {
      const result = await refusalFrom(createReferral(h.db, actors.doctor, { ...VALID, facility_id }));
      expect(result).toMatchObject({ status: 400, fieldErrors: { facility_id: "Please select a facility" } });
    }
    await h.db.update(facilities).set({ isActive: true }).where(eq(facilities.id, facilityB));
  });

  it("emails the facility's approved administrators, without clinical details", async () => {
    const id = await newReferral({ chief_complaint: "Very specific complaint 4242" });
    const [row] = await h.db.select().from(referrals).where(eq(referrals.id, id));
    const message = await mail.waitFor((m) => m.subject.includes(row.referralNumber));
    expect(message.to).toEqual(["admin-a@example.test"]);
    expect(message.text).not.toContain("4242");
    expect(message.text).not.toContain("Ama Mensah");
    expect(message.text).toContain(`/referrals/${row.referralNumber}`);
  });
});

describe("transitions: every transition x every kind of actor", () => {
  const expected: Record<Kind, number> = {
    anonymous: 401,
    "unverified doctor": 403,
    doctor: 403, // the referring doctor sees it but cannot act on it
    "other doctor": 404,
    "pending admin of this facility": 403,
    "admin of this facility": 200,
    "pending admin of another facility": 403,
    "admin of another facility": 404,
    "pending system admin": 403,
    "system admin": 403, // sees everything, acts for no facility
  };
  // Cancelling is the referring doctor's: the same matrix with the doctor's column swapped.
  const cancelExpected: Record<Kind, number> = {
    ...expected,
    doctor: 200,
    "admin of this facility": 403,
  };
  const cases: Array<[Transition, Kind]> = (["accept", "reject", "complete", "cancel"] as const).flatMap((t) =>
    KINDS.map((k) => [t, k] as [Transition, Kind]),
  );
  it.each(cases)("%s by %s", async (transition, kind) => {
    const id = await referralIn(transition === "complete" ? "accepted" : "pending");
    const [before] = await h.db.select().from(referrals).where(eq(referrals.id, id));
    const status = await outcome(
      transitionReferral(h.db, actors[kind], id, transition, { reason: "No capacity", outcome: "Seen and treated" }),
    );
    expect(status).toBe((transition === "cancel" ? cancelExpected : expected)[kind]);
    const [after] = await h.db.select().from(referrals).where(eq(referrals.id, id));
    if (status !== 200) expect(after).toEqual(before);
    else
      expect(after.status).toBe(
        { accept: "accepted", reject: "rejected", complete: "completed", cancel: "cancelled" }[transition],
      );
  });

  it("a missing or malformed referral is a 404", async () => {
    const admin = actors["admin of this facility"];
    expect(await outcome(transitionReferral(h.db, admin, "00000000-0000-4000-8000-000000000000", "accept"))).toBe(404);
    expect(await outcome(transitionReferral(h.db, admin, "../etc", "accept"))).toBe(404);
  });

  it("offers each transition only from its status (409 otherwise)", async () => {
    const admin = actors["admin of this facility"];
    const pending = await referralIn("pending");
    expect(
      await outcome(transitionReferral(h.db, admin, pending, "complete", { outcome: "Treated and discharged" })),
    ).toBe(409);
    const accepted = await referralIn("accepted");
    // Accepting it again is the same person's repeat (decision 027): answered as the first, nothing changes.
    expect(await outcome(transitionReferral(h.db, admin, accepted, "accept"))).toBe(200);
    expect(await outcome(transitionReferral(h.db, admin, accepted, "reject", { reason: "x" }))).toBe(409);
  });

  it("sets the timestamps, the reason, an audit row each, and the payment record on completion", async () => {
    const admin = actors["admin of this facility"];
    const rejected = await referralIn("pending");
    await transitionReferral(h.db, admin, rejected, "reject", { reason: "  No cardiologist this week  " });
    const [r] = await h.db.select().from(referrals).where(eq(referrals.id, rejected));
    expect(r.rejectedAt).toBeInstanceOf(Date);
    expect(r.rejectionReason).toBe("No cardiologist this week");

    const done = await referralIn("accepted");
    await transitionReferral(h.db, admin, done, "complete", { outcome: "Treated and discharged" });
    const [c] = await h.db.select().from(referrals).where(eq(referrals.id, done));
    expect(c.acceptedAt).toBeInstanceOf(Date);
    expect(c.completedAt).toBeInstanceOf(Date);
    const payments = await h.db.select().from(paymentRecords).where(eq(paymentRecords.referralId, done));
    expect(payments).toMatchObject([{ status: "pending", amountDue: 7_000, doctorId: c.doctorId }]);

    const audit = await h.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectId, done))
      .orderBy(auditEvents.createdAt);
    expect(audit.map((a) => [a.fromStatus, a.toStatus, a.actorId])).toEqual([
      [null, "pending", (actors.doctor as { id: string }).id],
      ["pending", "accepted", (admin as { id: string }).id],
      ["accepted", "completed", (admin as { id: string }).id],
    ]);
    const [rejection] = await h.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, rejected), eq(auditEvents.action, "referral.rejected")));
    expect(rejection).toMatchObject({ action: "referral.rejected", reason: "No cardiologist this week" });
  });

  it("completing needs an outcome note of 1 to 5,000 characters, and keeps it", async () => {
    const admin = actors["admin of this facility"];
    const id = await referralIn("accepted");
    for (const outcomeNote of [undefined, "", "  \n ", "x".repeat(5001)]) {
      expect(await outcome(transitionReferral(h.db, admin, id, "complete", { outcome: outcomeNote }))).toBe(400);
    }
    const [unchanged] = await h.db.select().from(referrals).where(eq(referrals.id, id));
    expect(unchanged).toMatchObject({ status: "accepted", outcomeNote: null, completedAt: null });
    await transitionReferral(h.db, admin, id, "complete", { outcome: "  Stented; review in 6 weeks.  " });
    const [done] = await h.db.select().from(referrals).where(eq(referrals.id, id));
    expect(done).toMatchObject({ status: "completed", outcomeNote: "Stented; review in 6 weeks." });
  });

  it("cancelling: only a pending referral, only with a reason; the facility is emailed without the reason", async () => {
    const doctor = actors.doctor;
    const id = await referralIn("pending");
    for (const reason of [undefined, "", "   "]) {
      expect(await outcome(transitionReferral(h.db, doctor, id, "cancel", { reason }))).toBe(400);
    }
    await transitionReferral(h.db, doctor, id, "cancel", { reason: "Patient travelled abroad 8181" });
    const [row] = await h.db.select().from(referrals).where(eq(referrals.id, id));
    expect(row).toMatchObject({ status: "cancelled", cancellationReason: "Patient travelled abroad 8181" });
    const message = await mail.waitFor((m) => m.subject === `Referral ${row.referralNumber} cancelled`);
    expect(message.to).toEqual(["admin-a@example.test"]);
    expect(message.text).not.toContain("8181");
    // Nothing acts on a cancelled referral, and an accepted one cannot be cancelled.
    expect(await outcome(transitionReferral(h.db, actors["admin of this facility"], id, "accept"))).toBe(409);
    expect(await outcome(transitionReferral(h.db, doctor, id, "cancel", { reason: "again" }))).toBe(409);
    const accepted = await referralIn("accepted");
    expect(await outcome(transitionReferral(h.db, doctor, accepted, "cancel", { reason: "late" }))).toBe(409);
  });

  it("refuses a rejection without a reason (blank after trimming), changing nothing", async () => {
    const id = await referralIn("pending");
    for (const reason of [undefined, "", "   \n\t"]) {
      expect(await outcome(transitionReferral(h.db, actors["admin of this facility"], id, "reject", { reason }))).toBe(
        400,
      );
    }
    const [row] = await h.db.select().from(referrals).where(eq(referrals.id, id));
    expect(row.status).toBe("pending");
  });

  it("emails the doctor on accept, on reject and on completion: the number and a link, never the reason", async () => {
    const admin = actors["admin of this facility"];
    const id = await referralIn("accepted");
    const [row] = await h.db.select().from(referrals).where(eq(referrals.id, id));
    const accepted = await mail.waitFor((m) => m.subject === `Referral ${row.referralNumber} accepted`);
    expect(accepted.to).toEqual(["kofi@example.test"]);
    await transitionReferral(h.db, admin, id, "complete", { outcome: "Treated and discharged" });
    await mail.waitFor((m) => m.subject === `Referral ${row.referralNumber} completed`);
    const other = await referralIn("pending");
    const [o] = await h.db.select().from(referrals).where(eq(referrals.id, other));
    await transitionReferral(h.db, admin, other, "reject", { reason: "Patient should go to Korle Bu" });
    const rejected = await mail.waitFor((m) => m.subject === `Referral ${o.referralNumber} rejected`);
    expect(rejected.text).toContain(o.referralNumber);
    expect(rejected.text).toContain(`/referrals/${o.referralNumber}`);
    expect(rejected.text).not.toContain("Patient should go to Korle Bu");
    expect(rejected.text).not.toContain(VALID.chief_complaint);
  });
});

describe("concurrency", () => {
  it("accept and reject at once: exactly one wins, the other gets a 409", async () => {
    const second = await actorFor({ role: "facility_admin", approved: true, facilityId: facilityA });
    for (let round = 0; round < 5; round++) {
      const id = await referralIn("pending");
      const results = await Promise.all([
        outcome(transitionReferral(h.db, actors["admin of this facility"], id, "accept")),
        outcome(transitionReferral(h.db, second, id, "reject", { reason: "Full" })),
      ]);
      expect(results.sort()).toEqual([200, 409]);
      // The creation's row and one transition's.
      const audit = await h.db.select({ n: count() }).from(auditEvents).where(eq(auditEvents.subjectId, id));
      expect(audit[0].n).toBe(2);
    }
  });

  it("50 simultaneous Mark as Paid: one paid record, 49 refusals, one audit row", async () => {
    const id = await referralIn("accepted");
    await transitionReferral(h.db, actors["admin of this facility"], id, "complete", {
      outcome: "Treated and discharged",
    });
    const [payment] = await h.db.select().from(paymentRecords).where(eq(paymentRecords.referralId, id));
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        outcome(
          recordPayment(h.db, actors["system admin"], {
            paymentId: payment.id,
            payment_method: "Mobile Money",
            payment_reference: `MM-${i}`,
          }),
        ),
      ),
    );
    expect(results.filter((s) => s === 200)).toHaveLength(1);
    expect(results.filter((s) => s === 409)).toHaveLength(49);
    const [row] = await h.db.select().from(paymentRecords).where(eq(paymentRecords.id, payment.id));
    expect(row.status).toBe("paid");
    const audit = await h.db
      .select({ n: count() })
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, payment.id), eq(auditEvents.action, "payment.recorded")));
    expect(audit[0].n).toBe(1);
  });
});

describe("payments and approvals", () => {
  const adminOnly: Record<Kind, number> = {
    anonymous: 401,
    "unverified doctor": 403,
    doctor: 403,
    "other doctor": 403,
    "pending admin of this facility": 403,
    "admin of this facility": 403,
    "pending admin of another facility": 403,
    "admin of another facility": 403,
    "pending system admin": 403,
    "system admin": 200,
  };

  it.each(KINDS)("record-payment by %s", async (kind) => {
    const id = await referralIn("accepted");
    await transitionReferral(h.db, actors["admin of this facility"], id, "complete", {
      outcome: "Treated and discharged",
    });
    const [payment] = await h.db.select().from(paymentRecords).where(eq(paymentRecords.referralId, id));
    const status = await outcome(
      recordPayment(h.db, actors[kind], { paymentId: payment.id, payment_method: "Cash", payment_reference: "R-1" }),
    );
    expect(status).toBe(adminOnly[kind]);
    const [row] = await h.db.select().from(paymentRecords).where(eq(paymentRecords.id, payment.id));
    expect(row.status).toBe(status === 200 ? "paid" : "pending");
  });

  it("record-payment needs a method and a reference, and a payment that exists", async () => {
    const admin = actors["system admin"];
    const refusal = await refusedWith(
      recordPayment(h.db, admin, { paymentId: "x", payment_method: " ", payment_reference: "" }),
    );
    expect(refusal).toEqual({
      status: 400,
      fieldErrors: { payment_method: "Payment method is required", payment_reference: "Payment reference is required" },
      message: "Payment method is required, Payment reference is required",
    });
    const missing = { payment_method: "Cash", payment_reference: "R" };
    expect(
      await outcome(recordPayment(h.db, admin, { paymentId: "00000000-0000-4000-8000-000000000000", ...missing })),
    ).toBe(404);
    expect(await outcome(recordPayment(h.db, admin, { paymentId: "nope", ...missing }))).toBe(404);
  });

  it.each(KINDS)("approve-doctor by %s", async (kind) => {
    const target = await createAccount(h.db, { role: "doctor" });
    const status = await outcome(approveAccount(h.db, actors[kind], target.id));
    expect(status).toBe(adminOnly[kind]);
    const approved = await actorById(h.db, target.id);
    expect(approved.kind === "user" && approved.approved).toBe(status === 200);
    const audit = await h.db.select().from(auditEvents).where(eq(auditEvents.subjectId, target.id));
    expect(audit).toHaveLength(status === 200 ? 1 : 0);
  });
});

describe("reads and aggregates", () => {
  it("only the right, approved role reads each dashboard", async () => {
    const readers = {
      doctor: (a: Actor) => doctorDashboard(h.db, a),
      "facility-admin": (a: Actor) => facilityDashboard(h.db, a),
      "system-admin": (a: Actor) => Promise.all([platformStats(h.db, a), listAllReferrals(h.db, a)]),
      payments: (a: Actor) => listPayments(h.db, a),
      users: (a: Actor) => listUsers(h.db, a),
      waitlist: (a: Actor) => listWaitlist(h.db, a),
    };
    const allowed: Record<keyof typeof readers, Kind[]> = {
      doctor: ["doctor", "other doctor"],
      "facility-admin": ["admin of this facility", "admin of another facility"],
      "system-admin": ["system admin"],
      payments: ["system admin"],
      users: ["system admin"],
      waitlist: ["system admin"],
    };
    for (const [name, read] of Object.entries(readers) as Array<
      [keyof typeof readers, (a: Actor) => Promise<unknown>]
    >) {
      for (const kind of KINDS) {
        const status = await outcome(read(actors[kind]));
        const want = allowed[name].includes(kind) ? 200 : kind === "anonymous" ? 401 : 403;
        expect({ name, kind, status }).toEqual({ name, kind, status: want });
      }
    }
  });

  it("each reader sees only their own referrals; the totals are the database's", async () => {
    const fresh = await h.db.select({ status: referrals.status, n: count() }).from(referrals).groupBy(referrals.status);
    const stats = await platformStats(h.db, actors["system admin"]);
    expect(stats.totalReferrals).toBe(fresh.reduce((s, r) => s + r.n, 0));
    const completed = fresh.find((r) => r.status === "completed")?.n ?? 0;
    expect(stats.platformRevenue).toBe(completed * 3_000);

    const doctor = actors.doctor as { id: string };
    const mine = await h.db
      .select({ status: referrals.status, n: count() })
      .from(referrals)
      .where(eq(referrals.doctorId, doctor.id))
      .groupBy(referrals.status);
    const n = (s: string) => mine.find((r) => r.status === s)?.n ?? 0;
    const dash = await doctorDashboard(h.db, actors.doctor);
    expect(dash.stats).toEqual({
      total: mine.reduce((s, r) => s + r.n, 0),
      pending: n("pending"),
      accepted: n("accepted"),
      completed: n("completed"),
      earnings: n("completed") * 7_000,
    });
    expect(dash.referrals.rows).toHaveLength(10);
    expect(dash.referrals.rows.every((r) => r.doctor.id === doctor.id)).toBe(true);
    const page2 = await doctorDashboard(h.db, actors.doctor, 2);
    expect(page2.referrals.rows[0].createdAt <= dash.referrals.rows[9].createdAt).toBe(true);
    expect(page2.referrals.rows.map((r) => r.id)).not.toContain(dash.referrals.rows[0].id);

    const other = await doctorDashboard(h.db, actors["other doctor"]);
    expect(other.referrals.rows.every((r) => r.doctor.id !== doctor.id)).toBe(true);

    const b = await facilityDashboard(h.db, actors["admin of another facility"]);
    expect(b.pending.total + b.accepted.total).toBe(0);
    const a = await facilityDashboard(h.db, actors["admin of this facility"]);
    expect(a.pending.rows.every((r) => r.facility.id === facilityA && r.status === "pending")).toBe(true);
    expect(a.accepted.rows.every((r) => r.status === "accepted")).toBe(true);

    // Clinical details and the patient's email and birth date go only to the receiving facility's views.
    expect(dash.referrals.rows.every((r) => r.chiefComplaint === null && r.patient.dateOfBirth === null)).toBe(true);
    expect(a.pending.rows.every((r) => r.chiefComplaint !== null)).toBe(true);
    expect(a.pending.rows.some((r) => r.patient.dateOfBirth === "1990-05-01")).toBe(true);
    const all = await listAllReferrals(h.db, actors["system admin"]);
    expect(all.rows.every((r) => r.clinicalNotes === null && r.patient.email === null)).toBe(true);

    const rejectedOnly = await listAllReferrals(h.db, actors["system admin"], { status: "rejected" });
    expect(rejectedOnly.total).toBe(fresh.find((r) => r.status === "rejected")?.n ?? 0);
    expect(rejectedOnly.rows.every((r) => r.status === "rejected")).toBe(true);
  });

  it("Active Doctors and Pending Approvals follow the effective role and approval", async () => {
    const admin = actors["system admin"];
    const before = await platformStats(h.db, admin);
    await createAccount(h.db, { role: "doctor", approved: true });
    await createAccount(h.db, { role: "doctor", approved: false });
    // The user_roles override wins over users.role (spec section 3), both ways.
    await createAccount(h.db, { role: "doctor", approved: true, roleOverride: "facility_admin" });
    await createAccount(h.db, { role: "facility_admin", approved: true, roleOverride: "doctor" });
    await createAccount(h.db, { role: "system_admin", approved: false });
    const after = await platformStats(h.db, admin);
    expect(after.activeDoctors - before.activeDoctors).toBe(2);
    expect(after.pendingApprovals - before.pendingApprovals).toBe(2);
  });

  it("the facility's month counts cover this calendar month in Accra only", async () => {
    const admin = actors["admin of this facility"];
    const before = (await facilityDashboard(h.db, admin)).counts;
    const id = await referralIn("accepted");
    await transitionReferral(h.db, admin, id, "complete", { outcome: "Treated and discharged" });
    const after = (await facilityDashboard(h.db, admin)).counts;
    expect(after.acceptedThisMonth).toBe(before.acceptedThisMonth + 1);
    expect(after.completedThisMonth).toBe(before.completedThisMonth + 1);
    // Moved to last month: no longer counted.
    await h.db
      .update(referrals)
      .set({ acceptedAt: sql`now() - interval '40 days'`, completedAt: sql`now() - interval '40 days'` })
      .where(eq(referrals.id, id));
    const moved = (await facilityDashboard(h.db, admin)).counts;
    expect(moved.acceptedThisMonth).toBe(before.acceptedThisMonth);
    expect(moved.completedThisMonth).toBe(before.completedThisMonth);
  });
});

/** The first instant of this calendar month in Ghana (Africa/Accra), from the clock in JavaScript. */
function accraMonthStart(now = new Date()): Date {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone: "Africa/Accra", year: "numeric", month: "2-digit" })
    .formatToParts(now)
    .reduce<Record<string, string>>((all, p) => Object.assign(all, { [p.type]: p.value }), {});
  // Accra keeps UTC+0 all year: its midnight is UTC's.
  return new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1, 1));
}

describe("queues that put patients first (issue 19)", () => {
  let facilityC: string;
  let adminC: Actor;
  const ago = (minutes: number) => sql`now() - ${`${minutes} minutes`}::interval`;
  async function referralAt(urgency: string, minutesAgo: number, name = "Queue Patient"): Promise<string> {
    const result = await createReferral(h.db, actors.doctor, {
      ...VALID,
      facility_id: facilityC,
      urgency_level: urgency,
      patient_name: name,
    });
    await h.db
      .update(referrals)
      .set({ createdAt: ago(minutesAgo) })
      .where(eq(referrals.id, result.id));
    return result.id;
  }

  beforeAll(async () => {
    facilityC = await insertFacility(h.db, "facility-c", "Gamma Clinic");
    adminC = await actorFor({ role: "facility_admin", approved: true, facilityId: facilityC });
  });

  it("orders the pending queue emergency, urgent, routine, then oldest first; marks the overdue", async () => {
    const routineOld = await referralAt("routine", 60 * 24 * 30);
    const urgentNew = await referralAt("urgent", 60 * 23);
    const urgentOld = await referralAt("urgent", 60 * 25);
    const emergencyNew = await referralAt("emergency", 30);
    const emergencyOld = await referralAt("emergency", 61);
    const routineNew = await referralAt("routine", 1);
    const { pending } = await facilityDashboard(h.db, adminC);
    expect(pending.rows.map((r) => r.id)).toEqual([
      emergencyOld,
      emergencyNew,
      urgentOld,
      urgentNew,
      routineOld,
      routineNew,
    ]);
    const overdue = Object.fromEntries(pending.rows.map((r) => [r.id, r.overdue]));
    expect(overdue).toEqual({
      [emergencyOld]: true,
      [emergencyNew]: false,
      [urgentOld]: true,
      [urgentNew]: false,
      [routineOld]: false,
      [routineNew]: false,
    });
    // Once accepted, a referral is no longer waiting: not overdue.
    await transitionReferral(h.db, adminC, emergencyOld, "accept");
    const after = await facilityDashboard(h.db, adminC);
    expect(after.accepted.rows.find((r) => r.id === emergencyOld)?.overdue).toBe(false);
  });

  it("counts this month in Accra: a second before the month began is last month, a second after is this one", async () => {
    const start = accraMonthStart();
    const before = (await facilityDashboard(h.db, adminC)).counts;
    const lastMonth = await referralAt("routine", 60 * 24 * 40);
    const thisMonth = await referralAt("routine", 60 * 24 * 40);
    for (const id of [lastMonth, thisMonth]) {
      await transitionReferral(h.db, adminC, id, "accept");
      await transitionReferral(h.db, adminC, id, "complete", { outcome: "Seen and treated" });
    }
    const at = (ms: number) => new Date(start.getTime() + ms);
    await h.db
      .update(referrals)
      .set({ acceptedAt: at(-1000), completedAt: at(-1000) })
      .where(eq(referrals.id, lastMonth));
    await h.db
      .update(referrals)
      .set({ acceptedAt: at(1000), completedAt: at(1000) })
      .where(eq(referrals.id, thisMonth));
    const counts = (await facilityDashboard(h.db, adminC)).counts;
    expect(counts.acceptedThisMonth - before.acceptedThisMonth).toBe(1);
    expect(counts.completedThisMonth - before.completedThisMonth).toBe(1);
    // The database's month start is Accra's whatever the session's time zone says.
    const [row] = (
      await h.db.execute<{ start: Date | string }>(
        sql`select (date_trunc('month', now() at time zone 'Africa/Accra') at time zone 'Africa/Accra') as start`,
      )
    ).rows;
    expect(new Date(row.start).toISOString()).toBe(start.toISOString());
  });

  it("the doctor's rows carry the share and the payout: Pending, then Paid with method and date", async () => {
    const id = await referralAt("routine", 0);
    await transitionReferral(h.db, adminC, id, "accept");
    await transitionReferral(h.db, adminC, id, "complete", { outcome: "Seen and treated" });
    const rowOf = async () => (await doctorDashboard(h.db, actors.doctor)).referrals.rows.find((r) => r.id === id);
    expect((await rowOf())?.payout).toEqual({ status: "pending", method: null, paidAt: null });
    expect((await rowOf())?.doctorShare).toBe(7_000);
    const [payment] = await h.db.select().from(paymentRecords).where(eq(paymentRecords.referralId, id));
    const paid = await recordPayment(h.db, actors["system admin"], {
      paymentId: payment.id,
      payment_method: "Mobile Money",
      payment_reference: "MM-1",
    });
    expect(paid.ok).toBe(true);
    const row = await rowOf();
    expect(row?.payout?.status).toBe("paid");
    expect(row?.payout?.method).toBe("Mobile Money");
    expect(Date.parse(row?.payout?.paidAt ?? "")).toBeGreaterThan(Date.now() - 60_000);
    // A pending referral has no payout yet.
    const pendingId = await referralAt("routine", 0);
    const pendingRow = (await doctorDashboard(h.db, actors.doctor)).referrals.rows.find((r) => r.id === pendingId);
    expect(pendingRow?.status).toBe("pending");
    expect(pendingRow?.payout).toBeNull();
  });
});

describe("History (issue 19)", () => {
  let facilityD: string;
  let adminD: Actor;
  let doctorD: Actor;
  const made: Array<{ id: string; referralNumber: string; name: string }> = [];

  beforeAll(async () => {
    facilityD = await insertFacility(h.db, "facility-d", "Delta Hospital");
    adminD = await actorFor({ role: "facility_admin", approved: true, facilityId: facilityD });
    doctorD = await actorFor({ role: "doctor", approved: true, fullName: "Dr Yaa History" });
    // 23 referrals of one common name, one of a rare one, one with LIKE's wildcards in its name.
    const names = [...Array.from({ length: 23 }, () => "Kwame Common"), "Zainab Rare", "Percent 100% Sure_x"];
    for (const [i, name] of names.entries()) {
      const result = await createReferral(h.db, doctorD, {
        ...VALID,
        facility_id: facilityD,
        patient_name: name,
        patient_phone: `020 555 ${String(1000 + i)}`,
      });
      made.push({ id: result.id, referralNumber: result.referralNumber, name });
    }
    // One of each final status, and one cancelled by its doctor.
    await transitionReferral(h.db, adminD, made[0].id, "accept");
    await transitionReferral(h.db, adminD, made[0].id, "complete", { outcome: "Treated" });
    await transitionReferral(h.db, adminD, made[1].id, "reject", { reason: "No bed" });
    await transitionReferral(h.db, adminD, made[2].id, "accept");
    await transitionReferral(h.db, doctorD, made[3].id, "cancel", { reason: "Patient moved" });
  });

  it("only approved users of the three roles read History", async () => {
    const allowed: Kind[] = [
      "doctor",
      "other doctor",
      "admin of this facility",
      "admin of another facility",
      "system admin",
    ];
    for (const kind of KINDS) {
      const status = await outcome(referralHistory(h.db, actors[kind]));
      expect({ kind, status }).toEqual({
        kind,
        status: allowed.includes(kind) ? 200 : kind === "anonymous" ? 401 : 403,
      });
    }
  });

  it("each role sees its own scope in every status, newest first, in probed pages", async () => {
    const doctorPage = await referralHistory(h.db, doctorD);
    expect(doctorPage.scope).toBe("doctor");
    expect(doctorPage.rows).toHaveLength(HISTORY_PAGE_SIZE);
    expect(doctorPage.hasNext).toBe(true);
    expect(doctorPage.rows.every((r) => r.doctor.id === (doctorD as { id: string }).id)).toBe(true);
    const page2 = await referralHistory(h.db, doctorD, { page: 2 });
    expect(page2.rows).toHaveLength(made.length - HISTORY_PAGE_SIZE);
    expect(page2.hasNext).toBe(false);
    const all = [...doctorPage.rows, ...page2.rows];
    expect(new Set(all.map((r) => r.id))).toEqual(new Set(made.map((m) => m.id)));
    expect(new Set(all.map((r) => r.status))).toEqual(
      new Set(["pending", "accepted", "rejected", "completed", "cancelled"]),
    );
    const times = all.map((r) => r.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    // The doctor's rows carry the payout; nobody else's.
    expect(all.find((r) => r.id === made[0].id)?.payout?.status).toBe("pending");

    // The facility's: the same 25 (every status, merged from its per-status index), nobody else's.
    const facilityPages = [await referralHistory(h.db, adminD), await referralHistory(h.db, adminD, { page: 2 })];
    expect(facilityPages[0].scope).toBe("facility");
    const facilityRows = facilityPages.flatMap((p) => p.rows);
    expect(facilityRows.map((r) => r.id)).toEqual(all.map((r) => r.id));
    expect(facilityRows.every((r) => r.payout === null)).toBe(true);
    const otherFacility = await referralHistory(h.db, actors["admin of another facility"]);
    expect(otherFacility.rows.some((r) => r.facility.id === facilityD)).toBe(false);
    const otherDoctor = await referralHistory(h.db, actors["other doctor"]);
    expect(otherDoctor.rows.some((r) => r.doctor.id === (doctorD as { id: string }).id)).toBe(false);

    const admin = await referralHistory(h.db, actors["system admin"]);
    expect(admin.scope).toBe("all");
    expect(admin.rows.map((r) => r.id)).toEqual(all.slice(0, HISTORY_PAGE_SIZE).map((r) => r.id));
    // Summaries only: no clinical details in History.
    expect(all.every((r) => r.chiefComplaint === null && r.patient.dateOfBirth === null)).toBe(true);
  });

  it("searches by patient name or referral number, with LIKE's wildcards taken literally", async () => {
    for (const viewer of [doctorD, adminD, actors["system admin"]]) {
      // A common name (the first try's newest referrals fill the page) and a rare one (the trigram index).
      const common = await referralHistory(h.db, viewer, { q: "kwame comm" });
      expect(common.rows).toHaveLength(HISTORY_PAGE_SIZE);
      expect(common.hasNext).toBe(true);
      expect(common.rows.every((r) => r.patient.fullName === "Kwame Common")).toBe(true);
      const commonPage2 = await referralHistory(h.db, viewer, { q: "kwame comm", page: 2 });
      expect(commonPage2.rows).toHaveLength(3);
      const rare = await referralHistory(h.db, viewer, { q: "zainab" });
      expect(rare.rows.map((r) => r.patient.fullName)).toEqual(["Zainab Rare"]);
      // A whole number is that referral; part of one is a contains search.
      const target = made[5];
      const byNumber = await referralHistory(h.db, viewer, { q: target.referralNumber.toLowerCase() });
      expect(byNumber.rows.map((r) => r.id)).toEqual([target.id]);
      const partial = await referralHistory(h.db, viewer, { q: target.referralNumber.slice(-6) });
      expect(partial.rows.map((r) => r.id)).toContain(target.id);
      // % and _ are literal: "100%" finds the one name with it, "%" alone nothing else.
      expect((await referralHistory(h.db, viewer, { q: "100%" })).rows.map((r) => r.patient.fullName)).toEqual([
        "Percent 100% Sure_x",
      ]);
      expect((await referralHistory(h.db, viewer, { q: "%" })).rows).toHaveLength(1);
      expect((await referralHistory(h.db, viewer, { q: "nt_1" })).rows).toHaveLength(0);
      expect((await referralHistory(h.db, viewer, { q: "no such patient anywhere" })).rows).toHaveLength(0);
    }
  });

  it("filters by status (all five, cancelled included), with the search", async () => {
    const counts = { pending: 21, accepted: 1, rejected: 1, completed: 1, cancelled: 1 } as const;
    for (const [status, n] of Object.entries(counts) as Array<[keyof typeof counts, number]>) {
      const page = await referralHistory(h.db, adminD, { status });
      expect({ status, n: page.rows.length + (page.hasNext ? 1 : 0) }).toEqual({
        status,
        n: Math.min(n, HISTORY_PAGE_SIZE + 1),
      });
      expect(page.rows.every((r) => r.status === status)).toBe(true);
    }
    const cancelled = await referralHistory(h.db, doctorD, { status: "cancelled", q: "kwame" });
    expect(cancelled.rows.map((r) => r.id)).toEqual([made[3].id]);
    const none = await referralHistory(h.db, actors["system admin"], { status: "cancelled", q: "zainab" });
    expect(none.rows).toHaveLength(0);
  });

  it("reads its filters from the address: control characters removed, unknown status ignored", () => {
    const f = historyFilters(new URLSearchParams("q=%00Ama%07%20&status=lost&page=abc"));
    expect(f).toEqual({ page: 1, q: "Ama", status: null });
    expect(historyFilters(new URLSearchParams("status=cancelled&page=3")).status).toBe("cancelled");
    expect(historyFilters(new URLSearchParams(`q=${"x".repeat(300)}`)).q).toHaveLength(100);
  });
});
