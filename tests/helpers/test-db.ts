import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { migrateWithJobQueue } from "~/database.server";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { installJobQueue, type JobWorkers, type RetrySettings } from "~/jobs/queue.server";
import { startJobWorkers } from "../../server/job-workers";
import { TEST_DB_PREFIX } from "./template-db";

export type TestDatabase = DatabaseHandle & { drop(): Promise<void>; name: string };

/**
 * Job workers on a test database, as the app server runs them: queued mail is sent (over SMTP_URL,
 * which tests point at a mail catcher) a moment after the transaction that queued it commits.
 */
async function withWorkers(handle: TestDatabase): Promise<TestDatabase> {
  let workers: JobWorkers | undefined = await startJobWorkers(handle, {
    pollingIntervalSeconds: 0.5,
    superviseIntervalSeconds: 5,
  });
  const drop = handle.drop;
  return {
    ...handle,
    drop: async () => {
      await workers?.stop(2_000);
      workers = undefined;
      await drop();
    },
  };
}

/** The template tests/helpers/template-db.ts migrated once for the run ("" outside Vitest's run, or not made). */
function template(key: "pgliteTemplate" | "postgresTemplate"): string {
  try {
    return inject(key) ?? "";
  } catch {
    return "";
  }
}

let pgliteSnapshot: Blob | undefined;

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new,
 * uniquely named database on the PostgreSQL server at TEST_DATABASE_URL (dropped by drop()).
 * Both are copies of one database migrated once per run (tests/helpers/template-db.ts): a loaded
 * PGlite snapshot, or CREATE DATABASE ... TEMPLATE.
 * `migrate: false` leaves a PostgreSQL database empty (for tests where servers migrate it).
 * Job workers run on it (`workers: false` for tests that start their own). `retry`: the queues'
 * timings (the jobs queued here keep them), as a server under test started with shorter ones has them.
 */
export async function createTestDb(
  options: { migrate?: boolean; workers?: boolean; retry?: RetrySettings } = {},
): Promise<TestDatabase> {
  const handle = await openTestDb(options);
  return options.workers === false || options.migrate === false ? handle : withWorkers(handle);
}

async function openTestDb(options: { migrate?: boolean; retry?: RetrySettings }): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const migrate = options.migrate !== false;
  if (!serverUrl) {
    const file = migrate ? template("pgliteTemplate") : "";
    if (file) pgliteSnapshot ??= new Blob([readFileSync(file)]);
    const handle = await openDatabase({ kind: "pglite", ...(file ? { loadDataDir: pgliteSnapshot } : {}) });
    // A copy of the migrated template needs only this process's producer of jobs (enqueue).
    if (file) await installJobQueue(handle, options.retry);
    else if (migrate) await migrateWithJobQueue(handle, options.retry);
    return { ...handle, name: "pglite:memory", drop: () => handle.close() };
  }
  const copyOf = migrate ? template("postgresTemplate") : "";
  const name = `${TEST_DB_PREFIX}_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(copyOf ? `create database "${name}" template "${copyOf}"` : `create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // A test that sends dozens of transactions at once queues for the pool's 20 connections: on a
  // loaded machine that wait passed the app's 5 s (payouts-queue's shuffled webhooks).
  const handle = await openDatabase({ kind: "postgres", url: url.toString(), max: 20, connectionTimeoutMs: 30_000 });
  if (copyOf) await installJobQueue(handle, options.retry);
  else if (migrate) await migrateWithJobQueue(handle, options.retry);
  return {
    ...handle,
    name,
    drop: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}
