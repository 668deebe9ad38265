import { sql } from "drizzle-orm";
import { type Actor, assertGate } from "~/auth/actor.server";
import type { Db } from "~/db/client.server";
import { listHubs } from "~/features/hubs/public.server";
import { readTrialBalance } from "~/features/ledger/public.server";
import { type MessageMonth, messagesPerMonth } from "~/features/messaging/public.server";
import {
  REFERRAL_STATUSES,
  type ReferralStatus,
  URGENCY_LEVELS,
  type UrgencyLevel,
} from "~/features/referrals/public.server";
import { refuse } from "~/lib/refusal";
import { accraDay, bucketStarts, PERIODS, type Period, type Unit } from "./calendar";

/**
 * The network's numbers (decision 020), every one an SQL aggregate: referral volumes and rates from
 * the referral_daily rollup, response times from the referral_response_daily histogram (both kept
 * by triggers, migration 0004), payouts and growth from indexed counts. Nothing loads referral
 * rows into memory. Weeks and months are Ghana's (Africa/Accra).
 */

export type StatusCounts = Record<ReferralStatus, number>;
export type VolumeBucket = { start: string; counts: StatusCounts; total: number };
export type Rates = {
  received: number;
  /** Accepted (or since completed) of those answered: accepted + completed + rejected. */
  acceptanceRate: number | null;
  /** Completed of those accepted. */
  completionRate: number | null;
  /** Medians in minutes (within about 5%: read from the histogram's buckets). */
  medianToAccept: number | null;
  medianToComplete: number | null;
};
export type FacilityRates = Rates & { facilityId: string; name: string };
export type MoneyMonth = { start: string; platformRevenue: number; doctorEarnings: number; completed: number };
export type PayoutTotals = {
  pending: { count: number; amount: number };
  paid: { count: number; amount: number };
  byMethod: Array<{ method: string; count: number; amount: number }>;
};
export type GrowthMonth = { start: string; doctors: number; facilityAdmins: number };

export type SystemOverview = {
  period: Period;
  unit: Unit;
  from: string;
  today: string;
  volume: VolumeBucket[];
  network: Rates;
  byUrgency: Array<Rates & { urgency: UrgencyLevel }>;
  byFacility: FacilityRates[];
  money: MoneyMonth[];
  payouts: PayoutTotals;
  /** The ledger's balances now (decision 026): what the network owes doctors, has handed to the payout provider, and has earned. */
  ledger: LedgerSummary;
  growth: GrowthMonth[];
  waitlist: Array<{ hubId: string; title: string; entries: number }>;
  /** Outbound messages and billed segments per month and channel, last 12 months. */
  messaging: MessageMonth[];
};

const emptyCounts = (): StatusCounts => Object.fromEntries(REFERRAL_STATUSES.map((s) => [s, 0])) as StatusCounts;

/** The median of a histogram of floor(10 * ln(1 + minutes)) buckets, as the middle of its bucket. */
export function histogramMedian(buckets: ReadonlyArray<{ bucket: number; n: number }>): number | null {
  const total = buckets.reduce((sum, b) => sum + b.n, 0);
  if (total === 0) return null;
  const sorted = [...buckets].sort((a, b) => a.bucket - b.bucket);
  let seen = 0;
  for (const { bucket, n } of sorted) {
    seen += n;
    if (seen * 2 >= total) return Math.exp((bucket + 0.5) / 10) - 1;
  }
  return null;
}

function rates(counts: StatusCounts, medianToAccept: number | null, medianToComplete: number | null): Rates {
  const accepted = counts.accepted + counts.completed;
  const answered = accepted + counts.rejected;
  const received = REFERRAL_STATUSES.reduce((sum, s) => sum + counts[s], 0);
  return {
    received,
    acceptanceRate: answered > 0 ? accepted / answered : null,
    completionRate: accepted > 0 ? counts.completed / accepted : null,
    medianToAccept,
    medianToComplete,
  };
}

type Histograms = Map<string, Array<{ bucket: number; n: number }>>;
function push(map: Histograms, key: string, bucket: number, n: number) {
  const list = map.get(key) ?? [];
  list.push({ bucket, n });
  map.set(key, list);
}
type Median = (kind: "accept" | "complete", scope: string) => number | null;
const medianOf =
  (map: Histograms): Median =>
  (kind, scope) =>
    histogramMedian(map.get(`${kind}|${scope}`) ?? []);

/** A facility's rollups by the period's unit: weeks for week periods, months for month periods. */
const FACILITY_ROLLUPS = {
  week: {
    counts: sql.raw("referral_facility_weekly"),
    responses: sql.raw("referral_response_facility_weekly"),
    key: sql.raw("week"),
  },
  month: {
    counts: sql.raw("referral_facility_monthly"),
    responses: sql.raw("referral_response_facility_monthly"),
    key: sql.raw("month"),
  },
} as const;

/** The network's response-time histograms for the period ("all", and "u:<urgency>"), by the day of the event. */
async function networkHistograms(db: Db, from: string, today: string): Promise<Median> {
  const result = await db.execute<{
    kind: "accept" | "complete";
    urgency_level: UrgencyLevel | null;
    bucket: number;
    n: string;
  }>(sql`
    select kind, urgency_level, bucket, sum(referrals) as n
      from referral_response_daily
     where day between ${from}::date and ${today}::date
     group by grouping sets ((kind, bucket), (kind, urgency_level, bucket))`);
  const map: Histograms = new Map();
  for (const r of result.rows)
    push(map, `${r.kind}|${r.urgency_level ? `u:${r.urgency_level}` : "all"}`, Number(r.bucket), Number(r.n));
  return medianOf(map);
}

/** Each facility's response-time histograms ("f:<id>") for the weeks or months of the period. */
async function facilityHistograms(
  db: Db,
  unit: Unit,
  from: string,
  today: string,
  facilityId: string | null,
): Promise<Median> {
  const rollup = FACILITY_ROLLUPS[unit];
  const result = await db.execute<{ kind: "accept" | "complete"; facility_id: string; bucket: number; n: string }>(sql`
    select kind, facility_id, bucket, sum(referrals) as n
      from ${rollup.responses}
     where ${rollup.key} between ${from}::date and ${today}::date
       ${facilityId ? sql`and facility_id = ${facilityId}` : sql``}
     group by 1, 2, 3`);
  const map: Histograms = new Map();
  for (const r of result.rows) push(map, `${r.kind}|f:${r.facility_id}`, Number(r.bucket), Number(r.n));
  return medianOf(map);
}

/** Counts per status of the network's referrals created in the period ("all" and "u:<urgency>"). */
async function networkCounts(db: Db, from: string, today: string) {
  const result = await db.execute<{ urgency_level: UrgencyLevel | null; status: ReferralStatus; n: string }>(sql`
    select urgency_level, status, sum(referrals) as n
      from referral_daily
     where day between ${from}::date and ${today}::date
     group by grouping sets ((status), (urgency_level, status))`);
  return countsByScope(result.rows.map((r) => ({ scope: r.urgency_level ? `u:${r.urgency_level}` : "all", ...r })));
}

/** Counts per status of each facility's referrals created in the weeks or months of the period ("f:<id>"). */
async function facilityCounts(db: Db, unit: Unit, from: string, today: string) {
  const rollup = FACILITY_ROLLUPS[unit];
  const result = await db.execute<{ facility_id: string; status: ReferralStatus; n: string }>(sql`
    select facility_id, status, sum(referrals) as n
      from ${rollup.counts}
     where ${rollup.key} between ${from}::date and ${today}::date
     group by 1, 2`);
  return countsByScope(result.rows.map((r) => ({ scope: `f:${r.facility_id}`, ...r })));
}

function countsByScope(rows: Array<{ scope: string; status: ReferralStatus; n: string }>) {
  const counts = new Map<string, StatusCounts>();
  for (const r of rows) {
    const entry = counts.get(r.scope) ?? emptyCounts();
    entry[r.status] = Number(r.n);
    counts.set(r.scope, entry);
  }
  return counts;
}

/** Referrals created per week or month, by current status, with empty buckets filled: the network's or one facility's. */
async function volume(db: Db, unit: Unit, starts: string[], today: string, facilityId: string | null) {
  const result = facilityId
    ? await db.execute<{ bucket: string; status: ReferralStatus; n: string }>(sql`
        select to_char(${FACILITY_ROLLUPS[unit].key}, 'YYYY-MM-DD') as bucket, status, sum(referrals) as n
          from ${FACILITY_ROLLUPS[unit].counts}
         where facility_id = ${facilityId} and ${FACILITY_ROLLUPS[unit].key} between ${starts[0]}::date and ${today}::date
         group by 1, 2`)
    : await db.execute<{ bucket: string; status: ReferralStatus; n: string }>(sql`
        select to_char(date_trunc(${unit}, day), 'YYYY-MM-DD') as bucket, status, sum(referrals) as n
          from referral_daily
         where day between ${starts[0]}::date and ${today}::date
         group by 1, 2`);
  const byStart = new Map(starts.map((start) => [start, emptyCounts()]));
  for (const r of result.rows) {
    const counts = byStart.get(r.bucket);
    if (counts) counts[r.status] = Number(r.n);
  }
  return starts.map((start) => {
    const counts = byStart.get(start) ?? emptyCounts();
    return { start, counts, total: REFERRAL_STATUSES.reduce((sum, s) => sum + counts[s], 0) };
  });
}

/** Money earned per month of completion (platform revenue and doctors' earnings), last 12 months. */
async function moneyByMonth(db: Db, today: string): Promise<MoneyMonth[]> {
  const starts = bucketStarts(today, "month", 12);
  const result = await db.execute<{ bucket: string; platform: string; doctors: string; n: string }>(sql`
    select to_char(date_trunc('month', day), 'YYYY-MM-DD') as bucket,
           sum(platform_share) as platform, sum(doctor_share) as doctors, sum(referrals) as n
      from referral_response_daily
     where kind = 'complete' and day between ${starts[0]}::date and ${today}::date
     group by 1`);
  const rows = new Map(result.rows.map((r) => [r.bucket, r]));
  return starts.map((start) => {
    const r = rows.get(start);
    return {
      start,
      platformRevenue: Number(r?.platform ?? 0),
      doctorEarnings: Number(r?.doctors ?? 0),
      completed: Number(r?.n ?? 0),
    };
  });
}

export type LedgerSummary = {
  owedToDoctors: number;
  /** Completed referrals' fees not yet collected from the facilities. */
  feesReceivable: number;
  inTransit: number;
  providerFees: number;
  platformRevenue: number;
  balanced: boolean;
};

/** The ledger's balances by kind of account (decision 026): liabilities and revenue shown positive. */
async function ledgerSummary(db: Db): Promise<LedgerSummary> {
  const trial = await readTrialBalance(db);
  const of = (kind: string) => trial.rows.find((r) => r.kind === kind)?.balance ?? 0;
  return {
    owedToDoctors: 0 - of("doctor_payable") || 0,
    feesReceivable: of("fees_receivable"),
    inTransit: 0 - of("provider_clearing") || 0,
    providerFees: of("provider_fees"),
    platformRevenue: 0 - of("platform_revenue") || 0,
    balanced: trial.total === 0,
  };
}

/** Payouts per status and method: the network's from payment_totals (kept by triggers), a doctor's from their own records. */
async function payoutTotals(db: Db, doctorId: string | null): Promise<PayoutTotals> {
  const result = await db.execute<{ status: "pending" | "paid"; method: string | null; n: string; amount: string }>(
    doctorId
      ? sql`select status, payment_method as method, count(*) as n, coalesce(sum(amount_due), 0) as amount
              from payment_records where doctor_id = ${doctorId} group by 1, 2`
      : sql`select status, nullif(method, '') as method, payouts as n, amount from payment_totals where payouts > 0`,
  );
  const totals: PayoutTotals = { pending: { count: 0, amount: 0 }, paid: { count: 0, amount: 0 }, byMethod: [] };
  for (const r of result.rows) {
    const count = Number(r.n);
    const amount = Number(r.amount);
    totals[r.status].count += count;
    totals[r.status].amount += amount;
    if (r.status === "paid" && r.method) totals.byMethod.push({ method: r.method, count, amount });
  }
  totals.byMethod.sort((a, b) => b.amount - a.amount);
  return totals;
}

/** Approved doctors and facility administrators, cumulative at the end of each of the last 12 months. */
async function growth(db: Db, today: string): Promise<GrowthMonth[]> {
  const starts = bucketStarts(today, "month", 12);
  // The effective role: a user_roles row overrides users.role (a handful of rows, hash-joined).
  const result = await db.execute<{ bucket: string | null; role: string; n: string }>(sql`
    select case when approved_at >= (${starts[0]}::date::timestamp at time zone 'Africa/Accra')
                then to_char(date_trunc('month', approved_at at time zone 'Africa/Accra'), 'YYYY-MM-DD') end as bucket,
           coalesce(ur.role, users.role) as role, count(*) as n
      from users left join user_roles ur on ur.user_id = users.id
     where approved_at is not null and (is_verified or approval_status = 'approved')
     group by 1, 2`);
  let doctors = 0;
  let facilityAdmins = 0;
  const monthly = new Map<string, { doctors: number; facilityAdmins: number }>();
  for (const r of result.rows) {
    const n = Number(r.n);
    if (r.bucket === null) {
      if (r.role === "doctor") doctors += n;
      else if (r.role === "facility_admin") facilityAdmins += n;
      continue;
    }
    const entry = monthly.get(r.bucket) ?? { doctors: 0, facilityAdmins: 0 };
    if (r.role === "doctor") entry.doctors += n;
    else if (r.role === "facility_admin") entry.facilityAdmins += n;
    monthly.set(r.bucket, entry);
  }
  return starts.map((start) => {
    const entry = monthly.get(start);
    doctors += entry?.doctors ?? 0;
    facilityAdmins += entry?.facilityAdmins ?? 0;
    return { start, doctors, facilityAdmins };
  });
}

async function waitlistPerHub(db: Db) {
  // Coming-soon hubs, with their waitlist's size (listHubs counts the entries).
  return (await listHubs(db))
    .filter((h) => h.status === "coming-soon")
    .map((h) => ({ hubId: h.id, title: h.title, entries: h.foundingMembersTaken }));
}

/** The system administrator's Overview for a period (approved system administrators only). */
export async function systemOverview(
  db: Db,
  actor: Actor,
  period: Period,
  now: Date = new Date(),
): Promise<SystemOverview> {
  assertGate(actor, "system-admin");
  const { unit, count } = PERIODS[period];
  const today = accraDay(now);
  const starts = bucketStarts(today, unit, count);
  const from = starts[0];
  const [
    network,
    perFacility,
    networkMedian,
    facilityMedian,
    names,
    vol,
    money,
    payouts,
    grown,
    waitlist,
    ledger,
    messaging,
  ] = await Promise.all([
    networkCounts(db, from, today),
    facilityCounts(db, unit, from, today),
    networkHistograms(db, from, today),
    facilityHistograms(db, unit, from, today, null),
    db.execute<{ id: string; name: string }>(sql`select id, name from facilities`),
    volume(db, unit, starts, today, null),
    moneyByMonth(db, today),
    payoutTotals(db, null),
    growth(db, today),
    waitlistPerHub(db),
    ledgerSummary(db),
    messagesPerMonth(db, bucketStarts(today, "month", 12), today),
  ]);
  const facilityNames = new Map(names.rows.map((r) => [r.id, r.name]));
  const byFacility: FacilityRates[] = [];
  for (const [scope, c] of perFacility) {
    const id = scope.slice(2);
    byFacility.push({
      facilityId: id,
      name: facilityNames.get(id) ?? "A removed facility",
      ...rates(c, facilityMedian("accept", scope), facilityMedian("complete", scope)),
    });
  }
  byFacility.sort((a, b) => b.received - a.received || a.name.localeCompare(b.name));
  return {
    period,
    unit,
    from,
    today,
    volume: vol,
    network: rates(
      network.get("all") ?? emptyCounts(),
      networkMedian("accept", "all"),
      networkMedian("complete", "all"),
    ),
    byUrgency: URGENCY_LEVELS.map((urgency) => ({
      urgency,
      ...rates(
        network.get(`u:${urgency}`) ?? emptyCounts(),
        networkMedian("accept", `u:${urgency}`),
        networkMedian("complete", `u:${urgency}`),
      ),
    })),
    byFacility,
    money,
    payouts,
    ledger,
    growth: grown,
    waitlist,
    messaging,
  };
}

export type FacilityInsight = {
  months: Array<{ start: string; received: number; accepted: number; rejected: number; completed: number }>;
  ownMedianToAccept: number | null;
  networkMedianToAccept: number | null;
};

/**
 * A facility administrator's last 12 months: referrals received per month of creation, with how
 * many were accepted (including those since completed), rejected and completed, and the
 * facility's median time to accept against the network's.
 */
export async function facilityInsight(db: Db, actor: Actor, now: Date = new Date()): Promise<FacilityInsight> {
  const admin = assertGate(actor, "facility-admin");
  if (!admin.facilityId) refuse(403, "Your account is not linked to a facility.");
  const today = accraDay(now);
  const starts = bucketStarts(today, "month", 12);
  const [vol, own, network] = await Promise.all([
    volume(db, "month", starts, today, admin.facilityId),
    facilityHistograms(db, "month", starts[0], today, admin.facilityId),
    networkHistograms(db, starts[0], today),
  ]);
  return {
    months: vol.map(({ start, counts, total }) => ({
      start,
      received: total,
      accepted: counts.accepted + counts.completed,
      rejected: counts.rejected,
      completed: counts.completed,
    })),
    ownMedianToAccept: own("accept", `f:${admin.facilityId}`),
    networkMedianToAccept: network("accept", "all"),
  };
}

export type DoctorInsight = {
  months: Array<{ start: string; referrals: number; earnings: number }>;
  payouts: PayoutTotals;
};

/**
 * A doctor's last 12 months: referrals made per month and the earnings of those completed (by the
 * month they were made), and their payouts paid and pending. Read through the doctor's own index.
 */
export async function doctorInsight(db: Db, actor: Actor, now: Date = new Date()): Promise<DoctorInsight> {
  const doctor = assertGate(actor, "doctor");
  const today = accraDay(now);
  const starts = bucketStarts(today, "month", 12);
  const [months, payouts] = await Promise.all([
    db.execute<{ bucket: string; n: string; earnings: string }>(sql`
      select to_char(date_trunc('month', created_at at time zone 'Africa/Accra'), 'YYYY-MM-DD') as bucket,
             count(*) as n,
             coalesce(sum(doctor_share) filter (where status = 'completed'), 0) as earnings
        from referrals
       where doctor_id = ${doctor.id}
         and created_at >= (${starts[0]}::date::timestamp at time zone 'Africa/Accra')
       group by 1`),
    payoutTotals(db, doctor.id),
  ]);
  const rows = new Map(months.rows.map((r) => [r.bucket, r]));
  return {
    months: starts.map((start) => ({
      start,
      referrals: Number(rows.get(start)?.n ?? 0),
      earnings: Number(rows.get(start)?.earnings ?? 0),
    })),
    payouts,
  };
}
