// The benchmarks' databases: a throwaway PGlite directory or PostgreSQL database, migrated and
// seeded (bench/run.ts, bench/cpu.ts, bench/interaction.ts, scripts/bundle-report.ts).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { migrateWithJobQueue } from "../app/database.server.ts";
import { openDatabase } from "../app/db/client.server.ts";
import { seedContent } from "../app/db/seed.server.ts";
import { freePort, startServer, waitHealthy } from "../tests/helpers/server-process.ts";
import { BENCH_PASSWORD, BENCH_USERS, seedBenchUsers, seedPlatform } from "./platform-seed.ts";

export const postgresUrl =
  process.env.BENCH_POSTGRES_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** The data behind the HTTP benchmark's pages (the 1M-referral scale test is bench/referrals-seed.ts). */
export const HTTP_DATA = { referrals: 20_000, users: 2_000, facilities: 100, waitlist: 1_000 };

/** The app servers' secret (this process signs in users for the durability streams with it too). */
export const AUTH_SECRET = "bench-secret-".padEnd(40, "x");
/** The bootstrap administrator (BOOTSTRAP_ADMIN_*) whose session reads the signed-in page. */
export const ADMIN = { email: "bench-admin@example.org", password: "Bench-Admin-Pass-1", name: "Bench Administrator" };

/** The app server's environment on `database`: the shared secret and the bootstrap administrator. */
export function appEnv(database: BenchDb): Record<string, string> {
  return {
    ...database.env,
    AUTH_SECRET,
    BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
    BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
    BOOTSTRAP_ADMIN_NAME: ADMIN.name,
  };
}

/** Who can sign in on a benchmark database: the bootstrap administrator and seedBenchUsers' users. */
export const ACCOUNTS = {
  systemAdmin: { email: ADMIN.email, password: ADMIN.password },
  facilityAdmin: { email: BENCH_USERS.facilityAdmin.email, password: BENCH_PASSWORD },
  doctor: { email: BENCH_USERS.doctor.email, password: BENCH_PASSWORD },
} as const;
export type Account = keyof typeof ACCOUNTS;

/** Signs in through the real form (by default as the bootstrap administrator); returns the session cookie. */
export async function signIn(base: string, account: Account = "systemAdmin"): Promise<string> {
  const { email, password } = ACCOUNTS[account];
  const response = await fetch(`${base}/auth`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ email, password }),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.includes(".session_token="));
  if (!cookie) throw new Error(`sign-in as ${email} failed: HTTP ${response.status}`);
  return cookie.split(";")[0];
}

export type Kind = "pglite" | "postgres";
export type BenchDb = { kind: Kind; env: Record<string, string>; drop(): Promise<void> };

export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function adminQuery(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database, migrated and seeded with the site's content, seedBenchUsers' signed-in users
 * and, with `data`, a referral platform of that size.
 */
export async function prepareDatabase(kind: Kind, data: typeof HTTP_DATA | null): Promise<BenchDb> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-"));
  const name = `bench_${randomBytes(4).toString("hex")}`;
  const target = new URL(postgresUrl);
  target.pathname = `/${name}`;
  const url = kind === "postgres" ? target.toString() : "";
  const database: BenchDb = {
    kind,
    env: { DATA_DIR: dataDir, DATABASE_URL: url },
    drop: async () => {
      if (kind === "postgres") await adminQuery(`drop database if exists "${name}" with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    if (kind === "postgres") await adminQuery(`create database "${name}"`);
    const handle =
      kind === "postgres"
        ? await openDatabase({ kind, url })
        : await openDatabase({ kind, dataDir: path.join(dataDir, "pglite") });
    try {
      await migrateWithJobQueue(handle);
      await seedContent(handle.db);
      if (data) await seedPlatform(handle, data, () => {});
      await seedBenchUsers(handle);
    } finally {
      await handle.close();
    }
    return database;
  } catch (error) {
    await database.drop();
    throw error;
  }
}

/** A running production server (the build in BUILD_DIR) and how to stop it. */
export type Running = { port: number; base: string; pid: number | null; stop(): Promise<void> };

/** The production server on `database` (bootstrap administrator included), on a port the OS hands out. */
export async function startApp(database: BenchDb, env: Record<string, string> = {}): Promise<Running> {
  const port = await freePort();
  const server = startServer({ ...appEnv(database), PORT: String(port), LOG_LEVEL: "warn", ...env });
  await waitHealthy(port, server);
  return {
    port,
    base: `http://127.0.0.1:${port}`,
    pid: server.child.pid ?? null,
    stop: async () => {
      const { child, exited } = server;
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
