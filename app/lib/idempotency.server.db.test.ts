import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Actor, actorById } from "~/auth/actor.server";
import { auditEvents, contactMessages, idempotencyKeys, paymentRecords, referrals } from "~/db/schema";
import { recordPayment } from "~/features/payments/payments.server";
import { createReferral } from "~/features/referrals/referral-create.server";
import { transitionReferral } from "~/features/referrals/referral-transitions.server";
import { createAccount } from "../../tests/helpers/accounts";
import { insertFacility, statusOf } from "../../tests/helpers/domain";
import { createTestDb, type TestDatabase } from "../../tests/helpers/test-db";
import { KEY_RETENTION_HOURS, keptKeyCount, once, onceOutside, sweepIdempotencyKeys } from "./idempotency.server";

vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123456789");
vi.stubEnv("APP_URL", "http://localhost:3000");
vi.stubEnv("E2E_RELAXED_RATE_LIMITS", "1");

let h: TestDatabase;
let doctor: Actor;
let facilityId: string;

beforeAll(async () => {
  h = await createTestDb();
  facilityId = await insertFacility(h.db, "korle-bu-once", "Korle Bu Once");
  doctor = await actorById(h.db, (await createAccount(h.db, { role: "doctor", approved: true })).id);
});
afterAll(async () => {
  await h.drop();
});

const key = () => `test.${crypto.randomUUID()}`;

/** A create through `once`: one contact message, answered with a toast and its id. */
function sendMessage(k: string, scope = "anonymous") {
  return once(
    h.db,
    { scope, key: k, form: "contact" },
    async (tx) => {
      const [row] = await tx
        .insert(contactMessages)
        .values({ name: "Ama", email: "ama@example.test", subject: "general", message: `for ${k}` })
        .returning({ id: contactMessages.id });
      return row.id;
    },
    (id) => ({ status: 200, recordId: id, body: { sent: true }, toast: { title: "Message Sent" } }),
  );
}

async function messagesFor(k: string): Promise<number> {
  const [row] = await h.db
    .select({ n: count() })
    .from(contactMessages)
    .where(eq(contactMessages.message, `for ${k}`));
  return row.n;
}

const REFERRAL = {
  patient_name: "Ama Mensah",
  patient_phone: "024 123 4567",
  patient_email: "",
  patient_date_of_birth: "1990-05-01",
  chief_complaint: "Persistent chest pain on exertion",
  clinical_notes: "",
  urgency_level: "urgent",
};

describe("once (issue 29): one submission, one record", () => {
  it("creates on the first post and answers a repeat exactly as the first, creating nothing", async () => {
    const k = key();
    const first = await sendMessage(k);
    const second = await sendMessage(k);
    expect(first.replayed).toBe(false);
    expect(second.replayed).toBe(true);
    expect(second.answer).toEqual(first.answer);
    expect(await messagesFor(k)).toBe(1);
  });

  it("keeps keys per scope: the same key from another user is another post", async () => {
    const k = key();
    await sendMessage(k, "user-a");
    const other = await sendMessage(k, "user-b");
    expect(other.replayed).toBe(false);
    expect(await messagesFor(k)).toBe(2);
  });

  it("gives the key back when nothing was created (a refused input), so the corrected form can use it", async () => {
    const k = key();
    const refused = await once(
      h.db,
      { scope: "anonymous", key: k, form: "contact" },
      async () => "invalid" as const,
      () => null,
    );
    expect(refused).toEqual({ replayed: false, value: "invalid", answer: null });
    expect(await sendMessage(k)).toMatchObject({ replayed: false });
    expect(await messagesFor(k)).toBe(1);
  });

  it("rolls the create and the key back together when the create throws", async () => {
    const k = key();
    await expect(
      once(
        h.db,
        { scope: "anonymous", key: k, form: "contact" },
        async (tx) => {
          await tx
            .insert(contactMessages)
            .values({ name: "Ama", email: "ama@example.test", subject: "general", message: `for ${k}` });
          throw new Error("the server fell over");
        },
        () => ({ status: 200 }),
      ),
    ).rejects.toThrow("the server fell over");
    expect(await messagesFor(k)).toBe(0);
    expect(await sendMessage(k)).toMatchObject({ replayed: false });
  });

  it("refuses a key sent to another form (409) rather than answering with that form's answer", async () => {
    const k = key();
    await sendMessage(k);
    const other = once(
      h.db,
      { scope: "anonymous", key: k, form: "waitlist" },
      async () => 1,
      () => ({ status: 200 }),
    );
    expect(await statusOf(other)).toBe(409);
  });

  it("runs as before without a well-formed key (a post from an old page, a script)", async () => {
    for (const k of [null, "", "short", "x".repeat(200), "<script>alert(1)</script>-xxxxxxxxxx"]) {
      const outcome = await once(
        h.db,
        { scope: "anonymous", key: k, form: "contact" },
        async () => 1,
        () => ({ status: 200 }),
      );
      expect(outcome.replayed).toBe(false);
    }
    expect(await keptKeyCount(h.db, "anonymous")).toBeGreaterThan(0);
  });

  it("50 posts at the same moment with one key create one record, and all answer alike", async () => {
    const k = key();
    const outcomes = await Promise.all(Array.from({ length: 50 }, () => sendMessage(k)));
    expect(await messagesFor(k)).toBe(1);
    expect(outcomes.filter((o) => !o.replayed)).toHaveLength(1);
    const ids = new Set(outcomes.map((o) => o.answer?.recordId));
    expect(ids.size).toBe(1);
  });

  it("50 concurrent referral posts with one key: one referral, one number in every answer", async () => {
    const k = key();
    const [{ n: before }] = await h.db.select({ n: count() }).from(referrals);
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, () =>
        once(
          h.db,
          { scope: doctor.kind === "user" ? doctor.id : "", key: k, form: "referral.create" },
          (tx) => createReferral(tx, doctor, { ...REFERRAL, facility_id: facilityId }),
          (r) => ({ status: 302, location: "/dashboard/doctor", recordId: r.referralNumber }),
        ),
      ),
    );
    const [{ n: after }] = await h.db.select({ n: count() }).from(referrals);
    expect(after - before).toBe(1);
    expect(new Set(outcomes.map((o) => o.answer?.recordId)).size).toBe(1);
    expect(outcomes[0].answer?.recordId).toMatch(/^REF-\d{4}-\d{6}$/);
  });

  it("sweeps keys older than the retention (8 days: longer than a 7-day draft) and keeps younger ones", async () => {
    expect(KEY_RETENTION_HOURS).toBeGreaterThanOrEqual(24 * 7);
    const old = key();
    const young = key();
    await sendMessage(old, "sweep");
    await sendMessage(young, "sweep");
    await h.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '9 days'` })
      .where(eq(idempotencyKeys.key, old));
    await sweepIdempotencyKeys(h.db);
    expect(await keptKeyCount(h.db, "sweep")).toBe(1);
    expect(await sendMessage(young, "sweep")).toMatchObject({ replayed: true });
  });
});

describe("onceOutside (registration: a create outside our transaction)", () => {
  it("runs the create once for concurrent posts; the others wait and get its answer", async () => {
    const k = key();
    let runs = 0;
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () =>
        onceOutside(
          h.db,
          { scope: "anonymous", key: k, form: "register" },
          async () => {
            runs += 1;
            await new Promise((r) => setTimeout(r, 50));
            return "registered";
          },
          () => ({ status: 200, body: { status: "registered" } }),
        ),
      ),
    );
    expect(runs).toBe(1);
    expect(outcomes.every((o) => (o.answer?.body as { status?: string } | undefined)?.status === "registered")).toBe(
      true,
    );
  });

  it("gives the key back when the create is refused or throws", async () => {
    const k = key();
    const ref = { scope: "anonymous", key: k, form: "register" };
    await expect(
      onceOutside(
        h.db,
        ref,
        async () => Promise.reject(new Error("down")),
        () => null,
      ),
    ).rejects.toThrow();
    expect(
      await onceOutside(
        h.db,
        ref,
        async () => "invalid",
        () => null,
      ),
    ).toMatchObject({ answer: null });
    expect(
      await onceOutside(
        h.db,
        ref,
        async () => "ok",
        () => ({ status: 200 }),
      ),
    ).toMatchObject({
      replayed: false,
    });
  });
});

describe("repeated transitions (issue 29): the same person's repeat answers as the first", () => {
  it("a second Accept by the same administrator succeeds without changing anything; another's is a 409", async () => {
    const admin = await actorById(
      h.db,
      (await createAccount(h.db, { role: "facility_admin", approved: true, facilityId })).id,
    );
    const other = await actorById(
      h.db,
      (await createAccount(h.db, { role: "facility_admin", approved: true, facilityId })).id,
    );
    const created = await createReferral(h.db, doctor, { ...REFERRAL, facility_id: facilityId });
    const first = await transitionReferral(h.db, admin, created.id, "accept");
    const again = await transitionReferral(h.db, admin, created.id, "accept");
    expect(again).toEqual(first);
    expect(await statusOf(transitionReferral(h.db, other, created.id, "accept"))).toBe(409);
  });

  it("a repeated Mark as Paid with the same reference answers as the first; another administrator's is a 409", async () => {
    const admin = await actorById(
      h.db,
      (await createAccount(h.db, { role: "facility_admin", approved: true, facilityId })).id,
    );
    const sysadmin = await actorById(h.db, (await createAccount(h.db, { role: "system_admin", approved: true })).id);
    const other = await actorById(h.db, (await createAccount(h.db, { role: "system_admin", approved: true })).id);
    const created = await createReferral(h.db, doctor, { ...REFERRAL, facility_id: facilityId });
    await transitionReferral(h.db, admin, created.id, "accept");
    await transitionReferral(h.db, admin, created.id, "complete", { outcome: "Treated and discharged" });
    const [payment] = await h.db
      .select({ id: paymentRecords.id })
      .from(paymentRecords)
      .where(eq(paymentRecords.referralId, created.id));
    const pay = { paymentId: payment.id, payment_method: "Mobile Money", payment_reference: "MM-REPEAT-1" };
    expect(await statusOf(recordPayment(h.db, sysadmin, pay))).toBe(200);
    expect(await statusOf(recordPayment(h.db, sysadmin, pay))).toBe(200);
    expect(await statusOf(recordPayment(h.db, sysadmin, { ...pay, payment_reference: "MM-OTHER" }))).toBe(409);
    expect(await statusOf(recordPayment(h.db, other, pay))).toBe(409);
    const [row] = await h.db
      .select({ n: count() })
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, payment.id), eq(auditEvents.action, "payment.recorded")));
    expect(row.n).toBe(1);
  });

  it("a repeated Reject answers as the first only with the same reason; other words are a 409", async () => {
    const admin = await actorById(
      h.db,
      (await createAccount(h.db, { role: "facility_admin", approved: true, facilityId })).id,
    );
    const created = await createReferral(h.db, doctor, { ...REFERRAL, facility_id: facilityId });
    const reason = "No cardiology bed this week";
    await transitionReferral(h.db, admin, created.id, "reject", { reason });
    expect(await statusOf(transitionReferral(h.db, admin, created.id, "reject", { reason }))).toBe(200);
    expect(await statusOf(transitionReferral(h.db, admin, created.id, "reject", { reason: "Full" }))).toBe(409);
    const [row] = await h.db
      .select({ n: count() })
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, created.id), eq(auditEvents.action, "referral.rejected")));
    expect(row.n).toBe(1);
  });
});
