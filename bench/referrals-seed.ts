/**
 * The referral platform at scale: seeds 1,000,000 referrals, 100,000 users, 1,000 facilities,
 * 200,000 patients, the payment records of the completed referrals and 10,000 waitlist entries
 * into a throwaway PostgreSQL database, then reports the 95th-percentile time of each
 * dashboard's data loading (target: 20 ms or less), as the loaders call it.
 *
 *   npx tsx bench/referrals-seed.ts                         # PostgreSQL at 127.0.0.1:5432
 *   npx tsx bench/referrals-seed.ts --postgres URL          # another server
 * Options: --referrals N (default 1000000), --users N (default 100000), --runs N (default 200),
 * --keep (do not drop the database afterwards; its name is printed).
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type Actor, actorById } from "~/auth/actor.server";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { migrateDatabase } from "~/db/migrate.server";
import { listUsers } from "~/features/accounts/user-admin.server";
import { listPayments } from "~/features/payments/payments.server";
import {
  doctorDashboard,
  facilityDashboard,
  listAllReferrals,
  platformStats,
} from "~/features/referrals/referrals.server";
import { listWaitlist } from "~/features/waitlist/waitlist-admin.server";

const { values: args } = parseArgs({
  options: {
    postgres: { type: "string", default: "postgres://postgres@127.0.0.1:5432/postgres" },
    referrals: { type: "string", default: "1000000" },
    users: { type: "string", default: "100000" },
    runs: { type: "string", default: "200" },
    keep: { type: "boolean", default: false },
  },
});
const REFERRALS = Number(args.referrals);
const USERS = Number(args.users);
const RUNS = Number(args.runs);
const FACILITIES = 1000;
const PATIENTS = Math.max(1000, Math.round(REFERRALS / 5));
const BUDGET_MS = 20;

async function step(handle: DatabaseHandle, label: string, query: ReturnType<typeof sql>): Promise<void> {
  const started = performance.now();
  await handle.db.execute(query);
  console.log(`  ${label}: ${Math.round(performance.now() - started)} ms`);
}

/** Everything in set-based SQL (generate_series): a million rows in well under a minute. */
async function seed(handle: DatabaseHandle): Promise<void> {
  await migrateDatabase(handle);
  console.log("seeding:");
  await step(
    handle,
    `${FACILITIES} facilities`,
    sql`insert into facilities (slug, name, type, location, country, address, description, image, contact)
        select 'bench-' || i, 'Bench Facility ' || i, (array['hospital','clinic','diagnostic','specialty'])[1 + i % 4],
               'Accra, Ghana', 'ghana', i || ' Ring Road, Accra', 'A facility for the benchmark', '/images/facility.jpg',
               jsonb_build_object('phones', jsonb_build_array('+233 30 000 0000'), 'email', 'f' || i || '@bench.test', 'address', 'Accra')
        from generate_series(1, ${FACILITIES}::int) i`,
  );
  // 90% doctors (80% of them verified), 9% facility administrators (approved, 9 per facility), 1% system administrators.
  await step(
    handle,
    `${USERS} users`,
    sql`insert into users (full_name, email, email_verified, role, is_verified, approval_status, facility_id, specialty, created_at)
        select 'Bench User ' || i, 'user-' || i || '@bench.test', true,
               case when i % 100 < 90 then 'doctor' when i % 100 < 99 then 'facility_admin' else 'system_admin' end,
               case when i % 100 < 90 then i % 5 <> 0 else true end,
               case when i % 100 < 90 and i % 5 = 0 then 'pending' else 'approved' end,
               case when i % 100 between 90 and 98 then (select id from facilities order by slug offset (i % ${FACILITIES}::int) limit 1) end,
               case when i % 100 < 90 then 'Cardiology' end,
               now() - (i % 730) * interval '1 day' - (i % 86400) * interval '1 second'
        from generate_series(1, ${USERS}::int) i`,
  );
  await step(
    handle,
    `${PATIENTS} patients`,
    sql`insert into patients (full_name, phone)
        select 'Patient ' || i, '+23320' || lpad(i::text, 7, '0') from generate_series(1, ${PATIENTS}::int) i`,
  );
  await step(
    handle,
    "lookup tables",
    sql`create temporary table bench_doctors as select row_number() over () as n, id from users where role = 'doctor' and is_verified;
        create temporary table bench_facilities as select row_number() over () as n, id from facilities;
        create temporary table bench_patients as select row_number() over () as n, id, phone from patients`,
  );
  // Statuses: 20% pending, 20% accepted, 10% rejected, 50% completed; created over the last two years.
  const batch = 250_000;
  for (let start = 1; start <= REFERRALS; start += batch) {
    const end = Math.min(REFERRALS, start + batch - 1);
    await step(
      handle,
      `referrals ${start}-${end}`,
      sql`with base as (
            select i, now() - ((i::bigint * 7919) % 63072000) * interval '1 second' as created,
                   case when i % 10 < 2 then 'pending' when i % 10 < 4 then 'accepted' when i % 10 < 5 then 'rejected' else 'completed' end as status,
                   1 + (i::bigint * 48271) % (select count(*) from bench_doctors) as d,
                   1 + (i::bigint * 16807) % (select count(*) from bench_facilities) as f,
                   1 + (i::bigint * 69621) % (select count(*) from bench_patients) as p
            from generate_series(${start}::int, ${end}::int) i
          )
          insert into referrals (doctor_id, facility_id, patient_id, patient_name, patient_phone, chief_complaint,
                                 clinical_notes, urgency_level, status, created_at, accepted_at, rejected_at, completed_at,
                                 rejection_reason, referral_fee, doctor_share, platform_share)
          select bd.id, bf.id, bp.id, 'Patient ' || b.p, bp.phone, 'Chest pain on exertion, referral ' || b.i,
                 'Notes for referral ' || b.i, (array['routine','urgent','emergency'])[1 + b.i % 3], b.status, b.created,
                 case when b.status in ('accepted','completed') then b.created + interval '1 hour' end,
                 case when b.status = 'rejected' then b.created + interval '2 hours' end,
                 case when b.status = 'completed' then b.created + interval '3 days' end,
                 case when b.status = 'rejected' then 'No capacity' end,
                 10000, 7000, 3000
          from base b
          join bench_doctors bd on bd.n = b.d
          join bench_facilities bf on bf.n = b.f
          join bench_patients bp on bp.n = b.p`,
    );
  }
  await step(
    handle,
    "payment records (completed referrals; older half paid)",
    sql`insert into payment_records (referral_id, doctor_id, amount_due, status, payment_method, payment_reference, paid_at, created_at)
        select id, doctor_id, doctor_share,
               case when completed_at < now() - interval '1 year' then 'paid' else 'pending' end,
               case when completed_at < now() - interval '1 year' then 'Mobile Money' end,
               case when completed_at < now() - interval '1 year' then 'MM-' || referral_number end,
               case when completed_at < now() - interval '1 year' then completed_at + interval '1 day' end,
               completed_at
        from referrals where status = 'completed'`,
  );
  await step(
    handle,
    "10000 waitlist entries",
    sql`insert into hub_waitlist (hub_id, email, user_type, full_name, country, created_at)
        select (array['cervical-cancer','prostate-cancer','diabetes-care','mental-health'])[1 + i % 4],
               'wait-' || i || '@bench.test', 'professional', 'Waiting ' || i, 'Ghana', now() - i * interval '1 hour'
        from generate_series(1, 10000) i`,
  );
  await step(handle, "vacuum (analyze)", sql`vacuum (analyze)`);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

type Summary = { dashboard: string; p50: number; p95: number; p99: number; max: number; pass: boolean };

async function measure(label: string, run: (i: number) => Promise<unknown>): Promise<Summary> {
  for (let i = 0; i < 20; i++) await run(i); // warm-up
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  const p95 = round(percentile(times, 95));
  return {
    dashboard: label,
    p50: round(percentile(times, 50)),
    p95,
    p99: round(percentile(times, 99)),
    max: round(times.at(-1)!),
    pass: p95 <= BUDGET_MS,
  };
}

async function actorsOf(handle: DatabaseHandle, role: string, count: number): Promise<Actor[]> {
  const result = await handle.db.execute<{ id: string }>(
    sql`select id from users where role = ${role} and approval_status = 'approved' and is_verified order by random() limit ${count}`,
  );
  return Promise.all(result.rows.map((r) => actorById(handle.db, r.id)));
}

async function main() {
  const name = `bench_referrals_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: args.postgres });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(args.postgres);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString() });
  const results: Summary[] = [];
  try {
    const started = performance.now();
    await seed(handle);
    console.log(`seeded in ${Math.round((performance.now() - started) / 1000)} s\n`);
    const doctors = await actorsOf(handle, "doctor", 100);
    const facilityAdmins = await actorsOf(handle, "facility_admin", 100);
    const [systemAdmin] = await actorsOf(handle, "system_admin", 1);
    const users = await handle.db.execute<{ id: string }>(sql`select id from users order by random() limit 100`);
    const pick = <T>(items: T[], i: number) => items[i % items.length]!;

    const db = handle.db;
    results.push(
      await measure("actor of a request (user + role)", (i) => actorById(db, pick(users.rows, i).id)),
      await measure("doctor: stats + first 10", (i) => doctorDashboard(db, pick(doctors, i))),
      await measure("doctor: page 2", (i) => doctorDashboard(db, pick(doctors, i), 2)),
      await measure("facility admin: counts + pending + accepted", (i) =>
        facilityDashboard(db, pick(facilityAdmins, i)),
      ),
      await measure("facility admin: pending page 5", (i) =>
        facilityDashboard(db, pick(facilityAdmins, i), { pending: 5 }),
      ),
      await measure("system admin: cards + all referrals (first 20)", () =>
        Promise.all([platformStats(db, systemAdmin), listAllReferrals(db, systemAdmin)]),
      ),
      await measure("system admin: referrals filtered by status, page 10", (i) =>
        listAllReferrals(db, systemAdmin, {
          status: (["pending", "accepted", "rejected", "completed"] as const)[i % 4],
          page: 10,
        }),
      ),
      await measure("system admin: user management (newest first)", () => listUsers(db, systemAdmin)),
      await measure("system admin: user search", (i) => listUsers(db, systemAdmin, 1, `user-${1000 + i}@`)),
      await measure("system admin: payment management (newest first)", () => listPayments(db, systemAdmin)),
      await measure("system admin: hub waitlist (newest first)", () => listWaitlist(db, systemAdmin)),
    );
    console.log(
      `dashboard data loading on PostgreSQL, ${REFERRALS} referrals, ${USERS} users (${RUNS} runs each, ms):`,
    );
    console.table(results);
    const failed = results.filter((r) => !r.pass);
    console.log(
      failed.length === 0
        ? `all p95 <= ${BUDGET_MS} ms: PASS`
        : `over ${BUDGET_MS} ms: ${failed.map((f) => f.dashboard).join("; ")}`,
    );
  } finally {
    await handle.close();
    if (!args.keep) {
      const c = new pg.Client({ connectionString: args.postgres });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    } else {
      console.log(`kept database ${name}`);
    }
  }
  mkdirSync("bench/results", { recursive: true });
  const file = "bench/results/referrals-postgres.json";
  writeFileSync(
    file,
    `${JSON.stringify({ referrals: REFERRALS, users: USERS, runs: RUNS, budgetMs: BUDGET_MS, results }, null, 2)}\n`,
  );
  console.log(`written to ${file}`);
}

await main();
