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
import { seedPlatform } from "./platform-seed.ts";

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
const BUDGET_MS = 20;

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
    await migrateDatabase(handle);
    await seedPlatform(handle, { referrals: REFERRALS, users: USERS, facilities: 1000, waitlist: 10_000 });
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
