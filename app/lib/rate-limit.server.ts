import { sql } from "drizzle-orm";
import type { Db } from "../db/client.server.ts";
import { tooManyAttemptsText } from "../i18n/built-texts.ts";

export type RateLimit = { limit: number; windowMs: number };
export type RateLimitResult = { ok: boolean; remaining: number; retryAfterSeconds: number };

/**
 * Counts one attempt against `key` in a fixed window, atomically, in the database
 * (so several app servers share one count). Returns ok=false once the limit is passed.
 */
export async function hitRateLimit(db: Db, key: string, rule: RateLimit, now = new Date()): Promise<RateLimitResult> {
  const windowStart = new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);
  const result = await db.execute<{ count: number; window_start: string | Date }>(sql`
    insert into rate_limits (key, window_start, count)
    values (${key}, ${windowStart.toISOString()}, 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start = excluded.window_start then rate_limits.count + 1 else 1 end,
      window_start = excluded.window_start
    returning count, window_start
  `);
  const count = Number(result.rows[0]?.count ?? 1);
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + rule.windowMs - now.getTime()) / 1000));
  return { ok: count <= rule.limit, remaining: Math.max(0, rule.limit - count), retryAfterSeconds };
}

/**
 * Whether `key` has already used up its allowance in the current window, without counting
 * anything: for limits that count only some outcomes (failed sign-ins), checked before the attempt
 * and counted with `hitRateLimit` after it fails.
 */
export async function isRateLimited(db: Db, key: string, rule: RateLimit, now = new Date()): Promise<RateLimitResult> {
  const windowStart = new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);
  const result = await db.execute<{ count: number }>(sql`
    select count from rate_limits where key = ${key} and window_start = ${windowStart.toISOString()}
  `);
  const count = Number(result.rows[0]?.count ?? 0);
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + rule.windowMs - now.getTime()) / 1000));
  return { ok: count < rule.limit, remaining: Math.max(0, rule.limit - count), retryAfterSeconds };
}

/**
 * "Too many attempts. Try again in N minutes." (rounded up, at least 1). In English, as code reads
 * it (a 429); the page shows it in its language: it is the catalogue's `rate-limit.too-many-attempts`
 * with its minutes (i18n/built-texts.ts), found by the page's `t` where the message is shown.
 */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  return tooManyAttemptsText(Math.max(1, Math.ceil(retryAfterSeconds / 60)));
}

/** E2E_RELAXED_RATE_LIMITS=1 (the end-to-end server) multiplies every limit by 100. */
export function limitFactor(): number {
  return process.env.E2E_RELAXED_RATE_LIMITS === "1" ? 100 : 1;
}
