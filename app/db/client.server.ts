import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema.ts";

/**
 * Both drivers produce the same PostgreSQL query builder; the node-postgres type is used
 * for both so domain code is written once.
 */
export type Db = NodePgDatabase<typeof schema>;

export type DatabaseHandle = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Raw SQL round-trip, used by /healthz. */
  ping(): Promise<void>;
  /** Runs fn while holding a cluster-wide lock (several app servers starting at once). */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * PGlite only: calls `fn` with each NOTIFY payload on `channel`. PGlite delivers a notification
   * before the statement that committed it returns, and one process owns the database, so nothing
   * changes without this process hearing of it.
   */
  listen?(channel: string, fn: (payload: string) => void): Promise<void>;
  close(): Promise<void>;
  /** The driver underneath, for the job queue (app/jobs/queue.server.ts), which speaks SQL to it directly. */
  driver: { kind: "pglite"; client: PGlite } | { kind: "postgres"; pool: pg.Pool; url: string };
};

export type OpenOptions =
  | {
      kind: "postgres";
      url: string;
      max?: number;
      /** How long a query waits for a free connection (default 5 s; tests on a busy machine wait longer). */
      connectionTimeoutMs?: number;
    }
  | {
      kind: "pglite";
      dataDir?: string /* undefined: in memory */;
      /** A snapshot (`dumpDataDir`) to start from instead of an empty cluster: tests copy one migrated database. */
      loadDataDir?: Blob;
    };

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.max ?? 10,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: options.connectionTimeoutMs ?? 5_000,
    });
    // An idle client losing its connection (server restart) must not crash the process.
    pool.on("error", () => {});
    const db = drizzlePg({ client: pool, schema });
    return {
      db,
      kind: "postgres",
      ping: async () => {
        await pool.query("select 1");
      },
      exclusive: async (fn) => {
        const lockClient = await pool.connect();
        try {
          await lockClient.query("select pg_advisory_lock(727271)");
          return await fn();
        } finally {
          await lockClient.query("select pg_advisory_unlock(727271)").catch(() => {});
          lockClient.release();
        }
      },
      close: () => pool.end(),
      driver: { kind: "postgres", pool, url: options.url },
    };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    // PGlite does not create parent directories.
    dataDir = path.resolve(options.dataDir);
    mkdirSync(dataDir, { recursive: true });
  }
  // pg_trgm backs the facility directory's text search index (created by migrateDatabase).
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm },
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    ping: async () => {
      await client.query("select 1");
    },
    // One process owns a PGlite directory, and PGlite runs one query at a time.
    exclusive: (fn) => fn(),
    listen: async (channel, fn) => {
      await client.listen(channel, fn);
    },
    close: () => client.close(),
    driver: { kind: "pglite", client },
  };
}
