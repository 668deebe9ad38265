// The `payouts` part of `npm run bench` (docs/decisions/026), on a dedicated PostgreSQL
// database (created on BENCH_POSTGRES_URL's server and dropped at the end):
//   seeding     bench/platform-seed.ts's referral platform sized so that `doctors` approved doctors
//               have completed referrals, then the ledger written from the payment records by the
//               same statements as migration 0013 (drizzle/0013_ledger_rules_and_backfill.sql: each
//               completed referral's fee, payable and revenue; each record paid before as "paid
//               outside"): about `postings` postings. Every doctor gets mobile-money payout details
//               (not on hold), so each one is owed money and eligible.
//   money page  the doctor's payouts page's data (doctorMoney, what app/routes/dashboard/doctor-payouts.tsx
//               loads: balance, the last 100 statement lines, payouts) for random doctors: p50/p95/p99.
//   run         preparePayoutRun timed (target: 5 s for 10,000 doctors), approvePayoutRun by a second
//               system administrator timed, then the app's job workers (startJobWorkers, the options
//               the server uses) send the transfers to the fake Paystack
//               (tests/helpers/fake-providers/paystack.ts, 50 ms before each answer): initiated
//               transfers counted until all are in or `transferSeconds` pass (target: all within
//               600 s), with the queue's own record of each job's run time.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type Actor, actorById } from "../app/auth/actor.server.ts";
import { migrateWithJobQueue } from "../app/database.server.ts";
import { type DatabaseHandle, openDatabase } from "../app/db/client.server.ts";
import { doctorStatement } from "../app/features/ledger/ledger.server.ts";
import { approvePayoutRun, preparePayoutRun } from "../app/features/payouts/payouts.server.ts";
import { paystackProvider } from "../app/features/payouts/paystack.server.ts";
import type { PayoutProvider } from "../app/features/payouts/provider.ts";
import { doctorMoney } from "../app/features/payouts/statement.server.ts";
import { startJobWorkers } from "../server/job-workers.ts";
import { PaystackFake } from "../tests/helpers/fake-providers/paystack.ts";
import { type Latency, latency } from "./messaging.ts";
import { seedPlatform } from "./platform-seed.ts";

export type PayoutsResult = {
  data: { doctors: number; eligibleDoctors: number; postings: number; referrals: number; seedSeconds: number };
  moneyPage: { runs: number; doctorMoney: Latency & { p99Ms: number }; monthStatement: Latency & { p99Ms: number } };
  run: {
    transfers: number;
    prepareSeconds: number;
    approveSeconds: number;
    /** Transfers the fake Paystack took (POST /transfer accepted) and when the last of them came. */
    initiated: number;
    transferSeconds: number;
    /** Whether every transfer was initiated before the window closed. */
    complete: boolean;
    windowSeconds: number;
    transfersPerSecond: number;
    /** transfers / transfersPerSecond: the whole run at the rate measured (the same as transferSeconds when complete). */
    projectedSeconds: number;
    /** The fake's latency before each answer (a transfer needs a recipient call and a transfer call). */
    providerLatencyMs: number;
    /** pg-boss's record of the completed payout-transfer jobs: how long each ran (started to completed). */
    jobRunMs: { p50: number; p95: number } | null;
    workers: { concurrency: number; pollingIntervalSeconds: number; batchSize: number };
    /** When the window closed first: the same workers polling every 0.5 s for a while, on what was left. */
    diagnosis: {
      pollingIntervalSeconds: number;
      seconds: number;
      initiated: number;
      transfersPerSecond: number;
    } | null;
  };
};

const RUNS = 200;

async function adminQuery(url: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

async function timed(run: (i: number) => Promise<unknown>, runs = RUNS): Promise<Latency & { p99Ms: number }> {
  for (let i = 0; i < 20; i++) await run(i); // warm-up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run(i);
    times.push(performance.now() - started);
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { ...latency(times), p99Ms: Math.round(sorted[Math.ceil(0.99 * sorted.length) - 1]! * 10) / 10 };
}

/** The ledger from the payment records: migration 0013's statements (with 0030's fees receivable), in one transaction (entries balance at commit). */
async function writeLedger(handle: DatabaseHandle): Promise<void> {
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`insert into ledger_accounts (kind, doctor_id, name)
      select distinct 'doctor_payable', doctor_id, 'Payable to doctor' from payment_records`);
    // A completed referral's fee is receivable from the facility (migration 0030), not cash.
    await tx.execute(sql`insert into ledger_accounts (kind, name) values ('fees_receivable', 'Referral fees receivable')
      on conflict do nothing`);
    await tx.execute(sql`insert into ledger_entries (idempotency_key, kind, memo, referral_id, payment_record_id, created_at)
      select 'referral-completed:' || pr.referral_id, 'referral_completed', 'Referral ' || r.referral_number || ' completed',
             pr.referral_id, pr.id, pr.created_at
      from payment_records pr join referrals r on r.id = pr.referral_id
      where r.referral_fee > 0
      order by pr.created_at, pr.id`);
    await tx.execute(sql`insert into ledger_postings (entry_id, account_id, amount, created_at)
      select e.id, line.account_id, line.amount, e.created_at
      from payment_records pr
      join referrals r on r.id = pr.referral_id
      join ledger_entries e on e.idempotency_key = 'referral-completed:' || pr.referral_id
      cross join lateral (values
        (1, (select id from ledger_accounts where kind = 'fees_receivable' and doctor_id is null), r.referral_fee::bigint),
        (2, (select id from ledger_accounts where doctor_id = pr.doctor_id), -pr.amount_due::bigint),
        (3, (select id from ledger_accounts where kind = 'platform_revenue' and doctor_id is null), -(r.referral_fee - pr.amount_due)::bigint)
      ) as line(n, account_id, amount)
      where line.amount <> 0
      order by pr.created_at, pr.id, line.n`);
    await tx.execute(sql`insert into ledger_entries (idempotency_key, kind, memo, referral_id, payment_record_id, actor_id, created_at)
      select 'paid-outside:' || pr.id, 'paid_outside', 'Paid outside the product: ' || pr.payment_method || ' ' || pr.payment_reference,
             pr.referral_id, pr.id, pr.paid_by, pr.paid_at
      from payment_records pr
      where pr.status = 'paid' and pr.amount_due > 0
      order by pr.paid_at, pr.id`);
    await tx.execute(sql`insert into ledger_postings (entry_id, account_id, amount, created_at)
      select e.id, line.account_id, line.amount, e.created_at
      from payment_records pr
      join ledger_entries e on e.idempotency_key = 'paid-outside:' || pr.id
      cross join lateral (values
        (1, (select id from ledger_accounts where doctor_id = pr.doctor_id), pr.amount_due::bigint),
        (2, (select id from ledger_accounts where kind = 'cash' and doctor_id is null), -pr.amount_due::bigint)
      ) as line(n, account_id, amount)
      order by pr.paid_at, pr.id, line.n`);
  });
}

async function count(handle: DatabaseHandle, query: ReturnType<typeof sql>): Promise<number> {
  const result = await handle.db.execute<{ n: string }>(query);
  return Number(result.rows[0]?.n ?? 0);
}

async function actorsOf(handle: DatabaseHandle, where: ReturnType<typeof sql>, limit: number): Promise<Actor[]> {
  const result = await handle.db.execute<{ id: string }>(
    sql`select id from users where ${where} order by random() limit ${limit}`,
  );
  return Promise.all(result.rows.map((r) => actorById(handle.db, r.id)));
}

/**
 * Runs the app's job workers (startJobWorkers, `workerOptions` over the server's defaults) against
 * the fake until it holds `total` transfers or `seconds` pass; how many it holds and how fast they came.
 */
async function sendFor(
  handle: DatabaseHandle,
  provider: PayoutProvider,
  fake: PaystackFake,
  total: number,
  seconds: number,
  workerOptions: { pollingIntervalSeconds?: number },
  log: (line: string) => void,
): Promise<{ initiated: number; complete: boolean; seconds: number; perSecond: number }> {
  const before = fake.transfers.size;
  const started = performance.now();
  const workers = await startJobWorkers(handle, { payoutProvider: provider, ...workerOptions });
  let lastAt = started;
  let seen = before;
  let nextLog = 30_000;
  try {
    const deadline = started + seconds * 1000;
    while (fake.transfers.size < total && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (fake.transfers.size !== seen) {
        seen = fake.transfers.size;
        lastAt = performance.now();
      }
      if (performance.now() - started > nextLog) {
        log(`    ${Math.round(nextLog / 1000)} s: ${fake.transfers.size} transfers initiated`);
        nextLog += 30_000;
      }
    }
  } finally {
    await workers.stop(5_000);
  }
  const initiated = fake.transfers.size;
  const complete = initiated >= total;
  const elapsed = ((complete ? lastAt : performance.now()) - started) / 1000;
  return {
    initiated,
    complete,
    seconds: Math.round(elapsed * 10) / 10,
    perSecond: (initiated - before) / elapsed,
  };
}

export async function payoutsBench(options: {
  postgresUrl: string;
  doctors: number;
  postings: number;
  transferSeconds: number;
  /** Seconds of the 0.5 s polling diagnosis (0: none). */
  diagnoseSeconds: number;
  log: (line: string) => void;
}): Promise<PayoutsResult> {
  const { log } = options;
  const name = `bench_payouts_${randomBytes(4).toString("hex")}`;
  const url = new URL(options.postgresUrl);
  url.pathname = `/${name}`;
  await adminQuery(options.postgresUrl, `create database "${name}"`);
  const handle = await openDatabase({ kind: "postgres", url: url.toString() });
  const fake = await new PaystackFake({ latencyMs: 50 }).listen();
  try {
    const seedStarted = performance.now();
    await migrateWithJobQueue(handle);
    // seedPlatform: 72% of users are approved, verified doctors (they get the referrals); half the
    // referrals are completed, and the older half of those paid: 3 postings per completed referral
    // and 2 more per paid one: a little under 4 per completed referral (3.99 in the run of 26 Nov),
    // so dividing by 3.95 lands just above `postings`.
    const completed = Math.ceil(options.postings / 3.95);
    await seedPlatform(
      handle,
      { referrals: completed * 2, users: Math.ceil(options.doctors / 0.72), facilities: 200, waitlist: 0 },
      () => {},
    );
    await writeLedger(handle);
    await handle.db.execute(sql`insert into payout_details (doctor_id, method, network, account_number, account_name, hold_until, updated_at)
      select u.id, 'mobile_money', (array['MTN','TELECEL','AT'])[1 + (row_number() over (order by u.id)) % 3],
             '024' || lpad((row_number() over (order by u.id))::text, 7, '0'), u.full_name,
             now() - interval '2 days', now() - interval '3 days'
      from users u where u.role = 'doctor' and u.approval_status = 'approved'`);
    await handle.db.execute(sql`vacuum (analyze)`);
    const seedSeconds = Math.round((performance.now() - seedStarted) / 1000);
    const postings = await count(handle, sql`select count(*) as n from ledger_postings`);
    const referrals = await count(handle, sql`select count(*) as n from referrals`);
    const doctors = await count(
      handle,
      sql`select count(*) as n from users where role = 'doctor' and approval_status = 'approved'`,
    );
    const eligibleDoctors = await count(
      handle,
      sql`select count(*) as n from (select a.doctor_id from ledger_accounts a join ledger_postings p on p.account_id = a.id
           where a.kind = 'doctor_payable' group by a.doctor_id having 0 - sum(p.amount) >= 7000) t`,
    );
    log(
      `  seeded in ${seedSeconds} s: ${referrals} referrals, ${postings} postings, ${doctors} approved doctors (${eligibleDoctors} owed at least ₵70)`,
    );

    // The doctor's money page at a million postings.
    const doctorActors = await actorsOf(
      handle,
      sql`role = 'doctor' and approval_status = 'approved' and id in (select doctor_id from ledger_accounts)`,
      100,
    );
    const month = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 7);
    const pick = (i: number) => doctorActors[i % doctorActors.length]!;
    const money = await timed((i) => doctorMoney(handle.db, pick(i)));
    const monthStatement = await timed((i) => {
      const actor = pick(i) as Actor & { id: string };
      return doctorStatement(handle.db, actor, actor.id, { month });
    });
    log(
      `  doctor's money page data (doctorMoney): p50 ${money.p50Ms} / p95 ${money.p95Ms} / p99 ${money.p99Ms} ms; a month's statement p95 ${monthStatement.p95Ms} ms`,
    );

    // The run: prepared by one system administrator, approved by another.
    const [preparer, approver] = await actorsOf(handle, sql`role = 'system_admin' and approval_status = 'approved'`, 2);
    const provider = paystackProvider({ secretKey: fake.secretKey, baseUrl: fake.url });
    let started = performance.now();
    const prepared = await preparePayoutRun(handle.db, preparer!);
    const prepareSeconds = (performance.now() - started) / 1000;
    log(`  prepared ${prepared.count} transfers (${prepared.total} pesewas) in ${prepareSeconds.toFixed(2)} s`);
    started = performance.now();
    const approved = await approvePayoutRun(handle.db, approver!, prepared.runId, provider);
    const approveSeconds = (performance.now() - started) / 1000;
    log(
      `  approved: ${approved.queued} transfers queued, ${approved.cancelled} cancelled, in ${approveSeconds.toFixed(1)} s`,
    );

    // The app's workers, as the server starts them (default options), against the fake. The
    // payout-transfer handler takes one job at a time (only send-message is a batch handler).
    const workerOptions = { concurrency: 4, pollingIntervalSeconds: 2, batchSize: 1 };
    const sent = await sendFor(handle, provider, fake, approved.queued, options.transferSeconds, {}, log);
    const { initiated, complete } = sent;
    const elapsed = sent.seconds;
    const rate = sent.perSecond;
    const jobs = await handle.db
      .execute<{ p50: string | null; p95: string | null }>(
        sql`select percentile_cont(0.5) within group (order by extract(epoch from completed_on - started_on) * 1000) as p50,
                   percentile_cont(0.95) within group (order by extract(epoch from completed_on - started_on) * 1000) as p95
              from pgboss.job where name = 'payout-transfer' and state = 'completed'`,
      )
      .then((r) => r.rows[0])
      .catch(() => undefined);
    const run = {
      transfers: approved.queued,
      prepareSeconds: Math.round(prepareSeconds * 100) / 100,
      approveSeconds: Math.round(approveSeconds * 10) / 10,
      initiated,
      transferSeconds: elapsed,
      complete,
      windowSeconds: options.transferSeconds,
      transfersPerSecond: Math.round(rate * 100) / 100,
      projectedSeconds: Math.round(approved.queued / rate),
      providerLatencyMs: fake.latencyMs,
      jobRunMs: jobs?.p50 != null ? { p50: Math.round(Number(jobs.p50)), p95: Math.round(Number(jobs.p95)) } : null,
      workers: workerOptions,
    };
    log(
      `  transfers: ${initiated} of ${approved.queued} initiated in ${run.transferSeconds} s (${run.transfersPerSecond} a second; the whole run at that rate: ${run.projectedSeconds} s); a job runs p50 ${run.jobRunMs?.p50 ?? "-"} ms`,
    );
    // Why that rate: the same workers with pg-boss's shortest polling interval (0.5 s) for a
    // minute, on the transfers still queued. Only when the window closed first.
    const diagnosis =
      complete || options.diagnoseSeconds <= 0
        ? null
        : await sendFor(
            handle,
            provider,
            fake,
            approved.queued,
            options.diagnoseSeconds,
            { pollingIntervalSeconds: 0.5 },
            log,
          ).then((d) => ({
            pollingIntervalSeconds: 0.5,
            seconds: d.seconds,
            initiated: d.initiated - initiated,
            transfersPerSecond: Math.round(((d.initiated - initiated) / d.seconds) * 100) / 100,
          }));
    if (diagnosis) {
      log(
        `  the same workers polling every 0.5 s: ${diagnosis.initiated} more in ${diagnosis.seconds} s (${diagnosis.transfersPerSecond} a second)`,
      );
    }

    return {
      data: { doctors, eligibleDoctors, postings, referrals, seedSeconds },
      moneyPage: { runs: RUNS, doctorMoney: money, monthStatement },
      run: { ...run, diagnosis },
    };
  } finally {
    await fake.close();
    await handle.close();
    await adminQuery(options.postgresUrl, `drop database if exists "${name}" with (force)`);
  }
}
