/**
 * The referral platform at scale: seeds 1,000,000 referrals, 100,000 users, 1,000 facilities,
 * 200,000 patients, the payment records of the completed referrals and 10,000 waitlist entries
 * into a throwaway PostgreSQL database, then reports the 95th-percentile time of each
 * dashboard's data loading (target: 20 ms or less), of History's queries (50 ms) and of the
 * insight overview's queries (100 ms), as the loaders call them; of the FHIR API's searches
 * (bench/fhir-scale.ts: a facility's Task search 50 ms, 100 ServiceRequests with their Tasks 100 ms); and the memory a CSV export of
 * every referral takes (target: less than 100 MB of growth).
 *
 *   npx tsx bench/referrals-seed.ts                         # PostgreSQL at 127.0.0.1:5432
 *   npx tsx bench/referrals-seed.ts --postgres URL          # another server
 * Options: --referrals N (default 1000000), --users N (default 100000), --runs N (default 200),
 * --keep (do not drop the database afterwards; its name is printed), --database NAME (measure a
 * database an earlier --keep run seeded, without seeding; it is kept), --only dashboards,history,insight,fhir
 * (a comma list of the parts to measure; their rows replace the same parts' rows of the results
 * file, the other parts' rows stay as they were).
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type Actor, actorById } from "~/auth/actor.server";
import { migrateWithJobQueue } from "~/database.server";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { listUsers } from "~/features/accounts/user-admin.server";
import { listPayments } from "~/features/payments/payments.server";
import { referralHistory } from "~/features/referrals/referral-history.server";
import {
  doctorDashboard,
  facilityDashboard,
  listAllReferrals,
  platformStats,
} from "~/features/referrals/referrals.server";
import { listWaitlist } from "~/features/waitlist/waitlist-admin.server";
import { FHIR_PAGE_BUDGET_MS, FHIR_TASK_BUDGET_MS, measureFhir } from "./fhir-scale.ts";
import {
  EXPORT_MEMORY_BUDGET_MB,
  type ExportMeasurement,
  INSIGHT_BUDGET_MS,
  measureExport,
  measureInsight,
} from "./insight-scale.ts";
import { seedPlatform } from "./platform-seed.ts";

const { values: args } = parseArgs({
  options: {
    postgres: { type: "string", default: "postgres://postgres@127.0.0.1:5432/postgres" },
    referrals: { type: "string", default: "1000000" },
    users: { type: "string", default: "100000" },
    runs: { type: "string", default: "200" },
    keep: { type: "boolean", default: false },
    database: { type: "string" },
    only: { type: "string" },
  },
});
/** The parts measured: the dashboards' data, History, insight and exports (decision 020). */
const SECTIONS = ["dashboards", "history", "insight", "fhir"] as const;
type Section = (typeof SECTIONS)[number];
const only = new Set((args.only ?? SECTIONS.join(",")).split(",") as Section[]);
for (const section of only) {
  if (!SECTIONS.includes(section)) throw new Error(`--only takes a comma list of ${SECTIONS.join(", ")}`);
}
const sectionOf = (row: { dashboard: string }): Section =>
  row.dashboard.startsWith("history")
    ? "history"
    : row.dashboard.startsWith("insight")
      ? "insight"
      : row.dashboard.startsWith("fhir")
        ? "fhir"
        : "dashboards";
const REFERRALS = Number(args.referrals);
const USERS = Number(args.users);
const RUNS = Number(args.runs);
const BUDGET_MS = 20;
/** History: p95 at most 50 ms at a million referrals. */
const HISTORY_BUDGET_MS = 50;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

type Summary = {
  dashboard: string;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  budgetMs: number;
  pass: boolean;
};

async function measure(label: string, run: (i: number) => Promise<unknown>, budgetMs = BUDGET_MS): Promise<Summary> {
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
    budgetMs,
    pass: p95 <= budgetMs,
  };
}

async function actorsOf(handle: DatabaseHandle, role: string, count: number): Promise<Actor[]> {
  const result = await handle.db.execute<{ id: string }>(
    sql`select id from users where role = ${role} and approval_status = 'approved' and is_verified order by random() limit ${count}`,
  );
  return Promise.all(result.rows.map((r) => actorById(handle.db, r.id)));
}

/** History's queries as its loader calls them: each role's first page, searches and the status filter. */
async function historyResults(db: DatabaseHandle["db"], doctors: Actor[], facilityAdmins: Actor[], systemAdmin: Actor) {
  const pick = <T>(items: T[], i: number) => items[i % items.length]!;
  const numbers = await db.execute<{ referral_number: string }>(
    sql`select referral_number from referrals order by random() limit 100`,
  );
  const statuses = ["pending", "accepted", "rejected", "completed", "cancelled"] as const;
  const run = (label: string, call: (i: number) => Promise<unknown>) => measure(label, call, HISTORY_BUDGET_MS);
  return [
    await run("history: doctor, page 1", (i) => referralHistory(db, pick(doctors, i))),
    await run("history: doctor, name search", (i) => referralHistory(db, pick(doctors, i), { q: "Patient 1" })),
    await run("history: facility admin, page 1", (i) => referralHistory(db, pick(facilityAdmins, i))),
    await run("history: facility admin, page 3", (i) => referralHistory(db, pick(facilityAdmins, i), { page: 3 })),
    await run("history: facility admin, status + name search", (i) =>
      referralHistory(db, pick(facilityAdmins, i), { q: `Patient ${100 + (i % 900)}`, status: "completed" }),
    ),
    await run("history: system admin, page 1", () => referralHistory(db, systemAdmin)),
    await run("history: system admin, name search (rare: 'Patient 1234')", (i) =>
      referralHistory(db, systemAdmin, { q: `Patient ${1000 + ((i * 37) % 9000)}` }),
    ),
    await run("history: system admin, name search (common: 'Patient 1')", (i) =>
      referralHistory(db, systemAdmin, { q: `Patient ${1 + (i % 9)}` }),
    ),
    await run("history: system admin, number search", (i) =>
      referralHistory(db, systemAdmin, { q: pick(numbers.rows, i).referral_number }),
    ),
    await run("history: system admin, status filter", (i) =>
      referralHistory(db, systemAdmin, { status: statuses[i % statuses.length] }),
    ),
    await run("history: system admin, status filter, page 10", (i) =>
      referralHistory(db, systemAdmin, { status: statuses[i % 4], page: 10 }),
    ),
  ];
}

async function main() {
  const reuse = args.database;
  const name = reuse ?? `bench_referrals_${randomBytes(4).toString("hex")}`;
  if (!reuse) {
    const admin = new pg.Client({ connectionString: args.postgres });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
  }
  const url = new URL(args.postgres);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString() });
  const results: Summary[] = [];
  let exported: ExportMeasurement | null = null;
  let size = { referrals: REFERRALS, users: USERS };
  try {
    const started = performance.now();
    // A kept database is measured as it was seeded (its migrations are those of the run that seeded it).
    if (!reuse) await migrateWithJobQueue(handle);
    if (reuse) {
      const counted = await handle.db.execute<{ referrals: string; users: string }>(
        sql`select (select count(*) from referrals) as referrals, (select count(*) from users) as users`,
      );
      size = { referrals: Number(counted.rows[0]?.referrals), users: Number(counted.rows[0]?.users) };
      await handle.db.execute(sql`vacuum (analyze) referrals`);
    } else {
      await seedPlatform(handle, { referrals: REFERRALS, users: USERS, facilities: 1000, waitlist: 10_000 });
      console.log(`seeded in ${Math.round((performance.now() - started) / 1000)} s\n`);
    }
    const doctors = await actorsOf(handle, "doctor", 100);
    const facilityAdmins = await actorsOf(handle, "facility_admin", 100);
    const [systemAdmin] = await actorsOf(handle, "system_admin", 1);
    const users = await handle.db.execute<{ id: string }>(sql`select id from users order by random() limit 100`);
    const pick = <T>(items: T[], i: number) => items[i % items.length]!;

    const db = handle.db;
    if (only.has("dashboards"))
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
    if (only.has("history")) results.push(...(await historyResults(db, doctors, facilityAdmins, systemAdmin)));
    if (only.has("insight")) {
      results.push(
        ...(await measureInsight(handle, (label, run) => measure(`insight: ${label}`, run, INSIGHT_BUDGET_MS))),
      );
      exported = await measureExport(handle);
      console.log(
        `export of every referral as CSV: ${exported.rows} rows, ${exported.megabytes} MB in ${exported.seconds} s; memory grew ${exported.rssGrowthMb} MB (RSS), target < ${EXPORT_MEMORY_BUDGET_MB} MB: ${exported.pass ? "PASS" : "FAIL"}`,
      );
    }
    if (only.has("fhir")) results.push(...(await measureFhir(handle, measure)));
    console.log(
      `data loading on PostgreSQL, ${size.referrals} referrals, ${size.users} users (${RUNS} runs each, ms):`,
    );
    console.table(results);
    const failed = results.filter((r) => !r.pass);
    console.log(
      failed.length === 0
        ? `all p95 within target (dashboards ${BUDGET_MS} ms, History ${HISTORY_BUDGET_MS} ms, insight ${INSIGHT_BUDGET_MS} ms): PASS`
        : `over target: ${failed.map((f) => f.dashboard).join("; ")}`,
    );
  } finally {
    await handle.close();
    if (!args.keep && !reuse) {
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
  // A run of some sections keeps the other sections' rows (and the export) of the last run.
  const previous = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null;
  const kept = previous ? (previous.results as Summary[]).filter((r) => !only.has(sectionOf(r))) : [];
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        referrals: size.referrals,
        users: size.users,
        runs: RUNS,
        budgetMs: BUDGET_MS,
        historyBudgetMs: HISTORY_BUDGET_MS,
        insightBudgetMs: INSIGHT_BUDGET_MS,
        fhirTaskBudgetMs: FHIR_TASK_BUDGET_MS,
        fhirPageBudgetMs: FHIR_PAGE_BUDGET_MS,
        exportMemoryBudgetMb: EXPORT_MEMORY_BUDGET_MB,
        export: exported ?? previous?.export ?? null,
        results: [...kept, ...results],
      },
      null,
      2,
    )}\n`,
  );
  console.log(`written to ${file}`);
}

await main();
