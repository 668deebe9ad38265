import path from "node:path";
import type { MiddlewareFunction } from "react-router";
import { type DatabaseHandle, openDatabase } from "./db/client.server.ts";
import { databaseContext } from "./db/context.server.ts";
import { migrateDatabase } from "./db/migrate.server.ts";
import { seedContent } from "./db/seed.server.ts";
import { env } from "./env.server.ts";
import { installJobQueue, type RetrySettings } from "./jobs/queue.server.ts";
import { logger } from "./lib/logger.server.ts";
import { watchDatabasePool } from "./lib/metrics.server.ts";

/**
 * The process's one database, opened lazily on first use (the build imports server modules
 * for prerendering; a PGlite directory admits one process at a time), then migrated, given its
 * job queue and seeded. It composes `db/` and `jobs/` (neither imports the other's way up), so it
 * sits above both, next to env.server.ts. Kept on globalThis so that a second copy of this module
 * (the server entry next to the bundled app) shares the same instance.
 */
const KEY = Symbol.for("qurhealth.database");
type Holder = { [KEY]?: Promise<DatabaseHandle> };
const holder = globalThis as Holder;

export function database(): Promise<DatabaseHandle> {
  holder[KEY] ??= open().catch((error) => {
    holder[KEY] = undefined;
    throw error;
  });
  return holder[KEY];
}

async function open(): Promise<DatabaseHandle> {
  const config = env();
  const handle = config.DATABASE_URL
    ? await openDatabase({ kind: "postgres", url: config.DATABASE_URL })
    : await openDatabase({ kind: "pglite", dataDir: path.join(config.DATA_DIR, "pglite") });
  // The pool's connections in use and queries waiting, at each scrape of /metrics (PGlite has no pool).
  if (handle.driver.kind === "postgres") watchDatabasePool(handle.driver.pool);
  const started = performance.now();
  await migrateWithJobQueue(handle, {
    retryDelaySeconds: config.JOB_RETRY_DELAY_SECONDS,
    retryLimit: config.JOB_RETRY_LIMIT,
    heartbeatSeconds: config.JOB_HEARTBEAT_SECONDS,
    payoutRetryDelaySeconds: config.PAYOUT_RETRY_DELAY_SECONDS,
  });
  await seedContent(handle.db);
  logger.info(
    { database: handle.kind, ms: Math.round(performance.now() - started) },
    "database ready (migrations applied, content seeded)",
  );
  return handle;
}

/**
 * Brings a database up to date for work: the migrations (db/), then the job queue's tables and
 * queues (jobs/), each under the database's advisory lock. Also for the test and bench databases.
 */
export async function migrateWithJobQueue(handle: DatabaseHandle, retry?: RetrySettings): Promise<void> {
  await migrateDatabase(handle);
  await installJobQueue(handle, retry);
}

/** Closes the database if it was opened. */
export async function closeDatabase(): Promise<void> {
  const pending = holder[KEY];
  holder[KEY] = undefined;
  if (pending) await (await pending).close();
}

/** The query builder, for loaders and actions. */
export async function db() {
  return (await database()).db;
}

/**
 * Puts the process's database in React Router's context (root.tsx) before any loader or action
 * runs; they read it with `dbOf(context)` (db/context.server.ts).
 */
export const databaseMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  context.set(databaseContext, (await database()).db);
  return next();
};
