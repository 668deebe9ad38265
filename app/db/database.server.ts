import path from "node:path";
import { env } from "../env.server.ts";
import { logger } from "../lib/logger.server.ts";
import { watchDatabasePool } from "../lib/metrics.server.ts";
import { type DatabaseHandle, openDatabase } from "./client.server.ts";
import { migrateDatabase } from "./migrate.server.ts";
import { seedContent } from "./seed.server.ts";

/**
 * The process's one database, opened lazily on first use (the build imports server modules
 * for prerendering; a PGlite directory admits one process at a time), then migrated and seeded.
 * Kept on globalThis so that a second copy of this module (the server entry next to the
 * bundled app) shares the same instance.
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
  await migrateDatabase(handle, {
    retry: {
      retryDelaySeconds: config.JOB_RETRY_DELAY_SECONDS,
      retryLimit: config.JOB_RETRY_LIMIT,
      heartbeatSeconds: config.JOB_HEARTBEAT_SECONDS,
      payoutRetryDelaySeconds: config.PAYOUT_RETRY_DELAY_SECONDS,
    },
  });
  await seedContent(handle.db);
  logger.info(
    { database: handle.kind, ms: Math.round(performance.now() - started) },
    "database ready (migrations applied, content seeded)",
  );
  return handle;
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
