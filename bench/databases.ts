// The benchmarks' databases: a throwaway PGlite directory or PostgreSQL database, migrated and
// seeded (bench/run.ts, bench/cpu.ts).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "../app/db/client.server.ts";
import { migrateDatabase } from "../app/db/migrate.server.ts";
import { seedContent } from "../app/db/seed.server.ts";
import { seedPlatform } from "./platform-seed.ts";

export const postgresUrl =
  process.env.BENCH_POSTGRES_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** The data behind the HTTP benchmark's pages (the 1M-referral scale test is bench/referrals-seed.ts). */
export const HTTP_DATA = { referrals: 20_000, users: 2_000, facilities: 100, waitlist: 1_000 };

/** The servers and the floor share one secret: the floor checks the app's session cookie. */
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

/** Signs in as the bootstrap administrator through the real form; returns the session cookie. */
export async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/auth`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.includes(".session_token="));
  if (!cookie) throw new Error(`sign-in failed: HTTP ${response.status}`);
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

/** A fresh database, migrated and seeded with the site's content and, with `data`, a referral platform. */
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
      await migrateDatabase(handle);
      await seedContent(handle.db);
      if (data) await seedPlatform(handle, data, () => {});
    } finally {
      await handle.close();
    }
    return database;
  } catch (error) {
    await database.drop();
    throw error;
  }
}
