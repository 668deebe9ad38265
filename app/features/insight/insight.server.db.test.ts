import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ANONYMOUS } from "~/auth/actor";
import { type Actor, actorById } from "~/auth/actor.server";
import { REFERRAL_STATUSES, type ReferralStatus, URGENCY_LEVELS } from "~/features/referrals/referral-status";
import { createAccount } from "../../../tests/helpers/accounts";
import { insertFacility, statusOf } from "../../../tests/helpers/domain";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { accraDay, bucketStart, bucketStarts } from "./calendar";
import { doctorInsight, facilityInsight, histogramMedian, systemOverview } from "./insight.server";

vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123456789");

/**
 * Every figure of the overview against a brute-force count of the same seeded referrals: the
 * referrals are generated here (so their truth is known), inserted and moved along with plain SQL
 * (so the rollup triggers of migration 0004 do the bookkeeping), then read back through the domain.
 */

const NOW = new Date("2026-03-02T10:00:00Z"); // a Monday in Ghana
let h: TestDatabase;
let facilities: string[];
let doctors: Actor[];
let admin: Actor;
let adminOfFirst: Actor;

type Seeded = {
  facility: number;
  doctor: number;
  urgency: (typeof URGENCY_LEVELS)[number];
  status: ReferralStatus;
  createdAt: Date;
  acceptedAt: Date | null;
  completedAt: Date | null;
};
const seeded: Seeded[] = [];

/** A deterministic generator, so a failure can be replayed. */
let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];

const bucket = (from: Date, to: Date) =>
  Math.floor(10 * Math.log(1 + Math.max(0, to.getTime() - from.getTime()) / 60_000));

beforeAll(async () => {
  h = await createTestDb();
  facilities = [
    await insertFacility(h.db, "insight-a", "Alpha Hospital"),
    await insertFacility(h.db, "insight-b", "Beta Clinic"),
    await insertFacility(h.db, "insight-c", "Gamma Centre"),
  ];
  doctors = [];
  for (const name of ["Kofi", "Ama"]) {
    doctors.push(
      await actorById(h.db, (await createAccount(h.db, { role: "doctor", approved: true, fullName: name })).id),
    );
  }
  admin = await actorById(h.db, (await createAccount(h.db, { role: "system_admin", approved: true })).id);
  adminOfFirst = await actorById(
    h.db,
    (await createAccount(h.db, { role: "facility_admin", approved: true, facilityId: facilities[0] })).id,
  );
  // Approvals in Ghana's calendar: one doctor before the 12-month window, the others this month.
  await h.db.execute(sql`update users set approved_at = '2026-03-02T08:00:00Z'`);
  await h.db.execute(
    sql`update users set approved_at = '2025-01-15T08:00:00Z' where id = ${(doctors[0] as { id: string }).id}`,
  );
  const [{ id: patientId }] = (
    await h.db.execute<{ id: string }>(
      sql`insert into patients (full_name, phone) values ('Patient', '+233200000000') returning id`,
    )
  ).rows;

  // 400 referrals over the last 14 months, some exactly on the Sunday/Monday and month boundaries.
  const edges = ["2026-03-01T23:59:59Z", "2026-03-02T00:00:00Z", "2026-01-31T23:59:59Z", "2026-02-01T00:00:00Z"];
  for (let i = 0; i < 400; i++) {
    const createdAt =
      i < edges.length ? new Date(edges[i]) : new Date(NOW.getTime() - Math.floor(random() * 420 * 86_400_000));
    seeded.push({
      facility: Math.floor(random() * 3),
      doctor: Math.floor(random() * 2),
      urgency: pick(URGENCY_LEVELS),
      status: "pending",
      createdAt,
      acceptedAt: null,
      completedAt: null,
    });
  }
  const values = seeded.map(
    (r) =>
      sql`(${(doctors[r.doctor] as { id: string }).id}::uuid, ${facilities[r.facility]}::uuid, ${patientId}::uuid, 'P', '+233200000000', 'x', ${r.urgency}, 10000, 7000, 3000, ${r.createdAt.toISOString()}::timestamptz)`,
  );
  await h.db.execute(sql`
    insert into referrals (doctor_id, facility_id, patient_id, patient_name, patient_phone, chief_complaint,
                           urgency_level, referral_fee, doctor_share, platform_share, created_at)
    values ${sql.join(values, sql`, `)}`);
  const ids = (
    await h.db.execute<{ id: string; created_at: string }>(
      sql`select id, created_at::text from referrals order by created_at, id`,
    )
  ).rows;
  // Match the inserted rows to the seeded ones by creation time (unique but for chance; sort both).
  const order = seeded.map((r, i) => ({ r, i })).sort((a, b) => a.r.createdAt.getTime() - b.r.createdAt.getTime());

  // Move them along, one UPDATE per referral (as the product does), so the update triggers run.
  for (const [position, { r }] of order.entries()) {
    const id = ids[position].id;
    const fate = random();
    if (fate < 0.15) continue;
    if (fate < 0.25) {
      r.status = "rejected";
      await h.db.execute(sql`update referrals set status = 'rejected', rejected_at = created_at + interval '2 hours',
                             rejection_reason = 'Full' where id = ${id}`);
      continue;
    }
    if (fate < 0.3) {
      r.status = "cancelled";
      await h.db.execute(sql`update referrals set status = 'cancelled', cancelled_at = created_at + interval '1 hour',
                             cancellation_reason = 'Moved' where id = ${id}`);
      continue;
    }
    // Nothing happens after NOW: a referral answered later is still pending, one completed later still accepted.
    const acceptedAt = new Date(r.createdAt.getTime() + Math.floor(random() * 4000) * 60_000);
    if (acceptedAt > NOW) continue;
    r.acceptedAt = acceptedAt;
    r.status = "accepted";
    await h.db.execute(sql`update referrals set status = 'accepted', accepted_at = ${r.acceptedAt.toISOString()}::timestamptz
                           where id = ${id}`);
    const completedAt = new Date(r.acceptedAt.getTime() + Math.floor(random() * 20_000) * 60_000);
    if (fate < 0.6 || completedAt > NOW) continue;
    r.completedAt = completedAt;
    r.status = "completed";
    await h.db.execute(sql`update referrals set status = 'completed', completed_at = ${r.completedAt.toISOString()}::timestamptz,
                           outcome_note = 'Done' where id = ${id}`);
    await h.db.execute(sql`insert into payment_records (referral_id, doctor_id, amount_due, status, payment_method, payment_reference, paid_at)
      select id, doctor_id, doctor_share,
             ${fate < 0.8 ? "paid" : "pending"}, ${fate < 0.7 ? "Mobile Money" : fate < 0.8 ? "Bank Transfer" : null},
             ${fate < 0.8 ? "REF" : null}, ${fate < 0.8 ? NOW.toISOString() : null}::timestamptz
        from referrals where id = ${id}`);
  }
}, 180_000);

afterAll(async () => {
  await h?.drop();
});

const day = (d: Date) => accraDay(d);

function countsOf(rows: Seeded[]) {
  const counts = Object.fromEntries(REFERRAL_STATUSES.map((s) => [s, 0])) as Record<ReferralStatus, number>;
  for (const r of rows) counts[r.status] += 1;
  return counts;
}

function medianOf(durations: Array<[Date, Date]>) {
  return histogramMedian(
    Object.entries(
      durations.reduce<Record<number, number>>((acc, [from, to]) => {
        const b = bucket(from, to);
        acc[b] = (acc[b] ?? 0) + 1;
        return acc;
      }, {}),
    ).map(([b, n]) => ({ bucket: Number(b), n })),
  );
}

describe("calendar buckets in Ghana", () => {
  it("starts weeks on Monday and months on the 1st", () => {
    expect(bucketStart("2026-03-01", "week")).toBe("2026-02-23");
    expect(bucketStart("2026-03-02", "week")).toBe("2026-03-02");
    expect(bucketStart("2026-03-02", "month")).toBe("2026-03-01");
    expect(bucketStarts("2026-03-02", "month", 3)).toEqual(["2026-01-01", "2026-02-01", "2026-03-01"]);
    expect(bucketStarts("2026-03-02", "week", 2)).toEqual(["2026-02-23", "2026-03-02"]);
    // 23:59:59 on Sunday in Accra is still Sunday; Accra keeps GMT all year.
    expect(accraDay(new Date("2026-03-01T23:59:59Z"))).toBe("2026-03-01");
  });
});

describe("the system administrator's overview, against a brute-force count", () => {
  for (const period of ["4w", "12w", "12m"] as const) {
    it(`${period}: volumes per bucket and status, rates and medians`, async () => {
      const overview = await systemOverview(h.db, admin, period, NOW);
      const inPeriod = seeded.filter((r) => day(r.createdAt) >= overview.from && day(r.createdAt) <= overview.today);
      expect(overview.volume.map((b) => b.start)).toEqual(
        bucketStarts("2026-03-02", overview.unit, overview.volume.length),
      );
      for (const b of overview.volume) {
        const inBucket = inPeriod.filter((r) => bucketStart(day(r.createdAt), overview.unit) === b.start);
        expect(b.counts).toEqual(countsOf(inBucket));
      }
      const all = countsOf(inPeriod);
      const accepted = all.accepted + all.completed;
      expect(overview.network.received).toBe(inPeriod.length);
      expect(overview.network.acceptanceRate).toBeCloseTo(accepted / (accepted + all.rejected), 10);
      expect(overview.network.completionRate).toBeCloseTo(all.completed / accepted, 10);
      // Medians: over the events that happened in the period (by the day of the acceptance / completion).
      const acceptedIn = seeded.filter(
        (r) => r.acceptedAt && day(r.acceptedAt) >= overview.from && day(r.acceptedAt) <= overview.today,
      );
      expect(overview.network.medianToAccept).toBe(
        medianOf(acceptedIn.map((r) => [r.createdAt, r.acceptedAt as Date])),
      );
      const completedIn = seeded.filter(
        (r) => r.completedAt && day(r.completedAt) >= overview.from && day(r.completedAt) <= overview.today,
      );
      expect(overview.network.medianToComplete).toBe(
        medianOf(completedIn.map((r) => [r.acceptedAt as Date, r.completedAt as Date])),
      );
      for (const [index, id] of facilities.entries()) {
        const row = overview.byFacility.find((f) => f.facilityId === id);
        const own = inPeriod.filter((r) => r.facility === index);
        expect(row?.received ?? 0).toBe(own.length);
        expect(row?.medianToAccept ?? null).toBe(
          medianOf(acceptedIn.filter((r) => r.facility === index).map((r) => [r.createdAt, r.acceptedAt as Date])),
        );
      }
      for (const u of overview.byUrgency) {
        expect(u.received).toBe(inPeriod.filter((r) => r.urgency === u.urgency).length);
      }
    });
  }

  it("puts a referral of Sunday 23:59:59 and one of Monday 00:00 in different weeks", async () => {
    const overview = await systemOverview(h.db, admin, "4w", NOW);
    const lastTwo = overview.volume.slice(-2).map((b) => b.start);
    expect(lastTwo).toEqual(["2026-02-23", "2026-03-02"]);
    const thisWeek = seeded.filter((r) => day(r.createdAt) >= "2026-03-02").length;
    expect(overview.volume.at(-1)?.total).toBe(thisWeek);
    expect(thisWeek).toBeGreaterThanOrEqual(1);
  });

  it("money per month of completion, payouts per method, growth and the waitlist", async () => {
    const overview = await systemOverview(h.db, admin, "12m", NOW);
    for (const m of overview.money) {
      const done = seeded.filter((r) => r.completedAt && bucketStart(day(r.completedAt), "month") === m.start);
      expect([m.completed, m.platformRevenue, m.doctorEarnings]).toEqual([
        done.length,
        done.length * 3000,
        done.length * 7000,
      ]);
    }
    const payments = (
      await h.db.execute<{ status: string; method: string | null; n: string; s: string }>(
        sql`select status, payment_method as method, count(*) as n, sum(amount_due) as s from payment_records group by 1, 2`,
      )
    ).rows;
    const paid = payments.filter((p) => p.status === "paid");
    expect(overview.payouts.paid.count).toBe(paid.reduce((n, p) => n + Number(p.n), 0));
    expect(overview.payouts.pending.amount).toBe(
      payments.filter((p) => p.status === "pending").reduce((n, p) => n + Number(p.s), 0),
    );
    expect(overview.payouts.byMethod.map((m) => m.method).sort()).toEqual(["Bank Transfer", "Mobile Money"]);
    // One doctor approved before the window (counted from the start), one doctor and one facility
    // administrator this month; system administrators are not counted.
    expect(overview.growth[0]).toEqual({ start: "2025-04-01", doctors: 1, facilityAdmins: 0 });
    expect(overview.growth.at(-2)).toEqual({ start: "2026-02-01", doctors: 1, facilityAdmins: 0 });
    expect(overview.growth.at(-1)).toEqual({ start: "2026-03-01", doctors: 2, facilityAdmins: 1 });
    expect(overview.waitlist.every((w) => w.entries === 0)).toBe(true);
  });

  it("is for approved system administrators only", async () => {
    expect(await statusOf(systemOverview(h.db, ANONYMOUS, "4w", NOW))).toBe(401);
    expect(await statusOf(systemOverview(h.db, doctors[0], "4w", NOW))).toBe(403);
    expect(await statusOf(systemOverview(h.db, adminOfFirst, "4w", NOW))).toBe(403);
  });
});

describe("a facility administrator's and a doctor's own numbers", () => {
  it("a facility administrator sees only their facility, against the network's median", async () => {
    const insight = await facilityInsight(h.db, adminOfFirst, NOW);
    const first = seeded.filter((r) => r.facility === 0);
    for (const m of insight.months) {
      const inMonth = first.filter((r) => bucketStart(day(r.createdAt), "month") === m.start);
      const c = countsOf(inMonth);
      expect(m).toEqual({
        start: m.start,
        received: inMonth.length,
        accepted: c.accepted + c.completed,
        rejected: c.rejected,
        completed: c.completed,
      });
    }
    const from = bucketStarts("2026-03-02", "month", 12)[0];
    const acceptedIn = (rows: Seeded[]) =>
      rows
        .filter((r) => r.acceptedAt && day(r.acceptedAt) >= from)
        .map((r) => [r.createdAt, r.acceptedAt as Date] as [Date, Date]);
    expect(insight.ownMedianToAccept).toBe(medianOf(acceptedIn(first)));
    expect(insight.networkMedianToAccept).toBe(medianOf(acceptedIn(seeded)));
    expect(await statusOf(facilityInsight(h.db, doctors[0], NOW))).toBe(403);
    expect(await statusOf(facilityInsight(h.db, admin, NOW))).toBe(403);
  });

  it("a doctor sees only their own referrals, earnings and payouts", async () => {
    const insight = await doctorInsight(h.db, doctors[1], NOW);
    const own = seeded.filter((r) => r.doctor === 1);
    for (const m of insight.months) {
      const inMonth = own.filter((r) => bucketStart(day(r.createdAt), "month") === m.start);
      expect([m.referrals, m.earnings]).toEqual([
        inMonth.length,
        inMonth.filter((r) => r.status === "completed").length * 7000,
      ]);
    }
    const completed = own.filter((r) => r.status === "completed").length;
    expect(insight.payouts.paid.count + insight.payouts.pending.count).toBe(completed);
    expect(await statusOf(doctorInsight(h.db, adminOfFirst, NOW))).toBe(403);
  });
});
