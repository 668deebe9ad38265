import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import { closeDatabase, database } from "~/database.server";
import type { Db } from "~/db/client.server";

/**
 * The production server's Hono app (server/app.ts), loaded in this process from the build in
 * BUILD_DIR: requests go through the real stack (security headers, cross-site check, body limit,
 * React Router, actions, database) with `app.fetch(request)`, without a socket.
 * The database is PGlite in a fresh temporary DATA_DIR. TRUST_PROXY is on, so each request can
 * come from its own client address (X-Forwarded-For), as behind a load balancer.
 */
export const APP_ORIGIN = "http://qurhealth.test";
export const AUTH_SECRET = "adversarial-secret-adversarial-secret-0123";
/** BACKUP_REPORT_TOKEN of the apps loaded here: the backup job's report is posted with it. */
export const BACKUP_REPORT_TOKEN = "backup-report-token-backup-report-0123456789";

type HonoLike = { fetch(request: Request, env: unknown): Response | Promise<Response> };

export type BuiltApp = {
  /** APP_URL: where requests are addressed (http://qurhealth.test unless overridden). */
  origin: string;
  /** Sends a request to the app; `ip` is the client address (X-Forwarded-For). */
  request(pathOrUrl: string, init?: RequestInit & { ip?: string }): Promise<Response>;
  /** The app's own database handle (same process, same instance). */
  db: Db;
  /** Row count of every table in the public schema (new tables are included automatically). */
  tableCounts(): Promise<Record<string, number>>;
  close(): Promise<void>;
};

let ipCounter = 0;
/** A client address no other request of this process has used (so per-IP limits do not bind). */
export function uniqueIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export async function loadBuiltApp(overrides: Record<string, string> = {}): Promise<BuiltApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "adversarial-"));
  Object.assign(process.env, {
    NODE_ENV: "production",
    APP_URL: APP_ORIGIN,
    AUTH_SECRET,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    SMTP_URL: "",
    TRUST_PROXY: "true",
    LOG_LEVEL: "error",
    E2E_RELAXED_RATE_LIMITS: "",
    BOOTSTRAP_ADMIN_EMAIL: "",
    BOOTSTRAP_ADMIN_PASSWORD: "",
    BACKUP_REPORT_TOKEN,
    ...overrides,
  });
  const entry = path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js");
  const { createApp } = (await import(/* @vite-ignore */ pathToFileURL(entry).href)) as { createApp(): HonoLike };
  const app = createApp();
  // Opens (migrates, seeds) the database the app will use: one instance per process.
  const handle = await database();

  async function tableCounts(): Promise<Record<string, number>> {
    // Not referral_reads: a read receipt, written whenever someone is shown a referral's page
    // (also the page a refused post answers with), not a record a post creates.
    const tables = await handle.db.execute<{ name: string }>(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'referral_reads' order by 1`,
    );
    const union = tables.rows
      .map((t) => `select '${t.name}' as name, count(*)::int as n from "${t.name}"`)
      .join(" union all ");
    const counts = await handle.db.execute<{ name: string; n: number }>(sql.raw(union));
    return Object.fromEntries(counts.rows.map((r) => [r.name, Number(r.n)]));
  }

  const origin = process.env.APP_URL ?? APP_ORIGIN;
  return {
    origin,
    db: handle.db,
    tableCounts,
    async request(pathOrUrl, init = {}) {
      const { ip = uniqueIp(), ...rest } = init;
      const headers = new Headers(rest.headers);
      headers.set("x-forwarded-for", ip);
      const request = new Request(new URL(pathOrUrl, origin), { ...rest, headers });
      // What @hono/node-server hands the app: the Node request (for the client address).
      const incoming = { headers: Object.fromEntries(headers), socket: { remoteAddress: "127.0.0.1" } };
      return app.fetch(request, { incoming, outgoing: {} });
    },
    async close() {
      await closeDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
