import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server.ts";
import { signInThrottles } from "../../db/schema.ts";
import { hitRateLimit, type RateLimit, tooManyAttemptsMessage } from "../../lib/rate-limit.server.ts";

/**
 * The abuse rules of issue 6, in one place. Counters live in the database, so every app server
 * shares them. Keys use the normalised address whether or not it has an account, and a limited
 * request gets the same message either way: nothing reveals whether an account exists.
 */
const MINUTE = 60_000;

export const LIMITS = {
  /** Sign-in tries per IP. */
  signInPerIp: { limit: 20, windowMs: 5 * MINUTE },
  /**
   * Failed sign-ins from one client (account and IP) before that client is locked out of that
   * account; lockouts then double (15, 30, 60 ... minutes, at most a day). The owner elsewhere is
   * not locked out (docs/decisions/018-sign-in-throttling.md).
   */
  signInFailures: { limit: 5, windowMs: 15 * MINUTE, firstLockMs: 15 * MINUTE, maxLockMs: 24 * 60 * MINUTE },
  /** Failures for an account from every client in a window: from `slowAfter` each try waits, never refused. */
  accountFailures: { windowMs: 15 * MINUTE, slowAfter: 10, notifyAfter: 20 },
  /** Reset requests per account: one a minute and five an hour; and a cap per IP. */
  resetPerAccountMinute: { limit: 1, windowMs: MINUTE },
  resetPerAccountHour: { limit: 5, windowMs: 60 * MINUTE },
  resetPerIp: { limit: 20, windowMs: 60 * MINUTE },
  /** Sign-ups per IP. */
  signUpPerIp: { limit: 10, windowMs: 60 * MINUTE },
} as const;

/** E2E_RELAXED_RATE_LIMITS=1 (the end-to-end server) multiplies every limit by 100. */
export function limitFactor(): number {
  return process.env.E2E_RELAXED_RATE_LIMITS === "1" ? 100 : 1;
}

export type Refusal = { ok: false; message: string; retryAfterSeconds: number };
export type Allowed = { ok: true };

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Counts one attempt against each rule in turn, stopping at the first that refuses (a refused
 * request does not use up the later rules' allowance).
 */
export async function hitAll(
  db: Db,
  rules: ReadonlyArray<{ key: string; rule: RateLimit }>,
  now = new Date(),
): Promise<Allowed | Refusal> {
  const factor = limitFactor();
  for (const { key, rule } of rules) {
    const result = await hitRateLimit(db, key, { limit: rule.limit * factor, windowMs: rule.windowMs }, now);
    if (!result.ok) {
      return {
        ok: false,
        message: tooManyAttemptsMessage(result.retryAfterSeconds),
        retryAfterSeconds: result.retryAfterSeconds,
      };
    }
  }
  return { ok: true };
}

/** The lock of one client (an IP) on one account. */
const lockKey = (email: string, ip: string) => `signin:${normaliseEmail(email)}|${ip}`;
/** The account's failures from every client. */
const accountKey = (email: string) => `signin-account:${normaliseEmail(email)}`;

/** Refuses while this client is locked out of the account after its own failures. Counts nothing. */
export async function checkSignInLock(db: Db, email: string, ip: string, now = new Date()): Promise<Allowed | Refusal> {
  const [row] = await db
    .select({ lockedUntil: signInThrottles.lockedUntil })
    .from(signInThrottles)
    .where(eq(signInThrottles.key, lockKey(email, ip)));
  if (!row?.lockedUntil || row.lockedUntil <= now) return { ok: true };
  const retryAfterSeconds = Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 1000);
  return { ok: false, message: tooManyAttemptsMessage(retryAfterSeconds), retryAfterSeconds };
}

/**
 * Records a failed sign-in from a client, atomically: the failure that reaches the limit within
 * the window locks this client (account and IP) for a delay that doubles with each lockout; a day
 * without a lockout forgets earlier ones. The account's count across clients goes up too.
 */
export async function recordSignInFailure(
  db: Db,
  email: string,
  ip: string,
  now = new Date(),
): Promise<{ lockedUntil: Date | null; accountFailures: number }> {
  const rule = LIMITS.signInFailures;
  const limit = rule.limit * limitFactor();
  const nowIso = now.toISOString();
  const windowStartCutoff = new Date(now.getTime() - rule.windowMs).toISOString();
  const forgetBefore = new Date(now.getTime() - 24 * 60 * MINUTE).toISOString();
  const t = signInThrottles;
  // Failures so far in the current window, counting this one; lockouts, forgetting old ones.
  const failures = sql`(case when ${t.windowStart} <= ${windowStartCutoff} then 1 else ${t.failures} + 1 end)`;
  const lockouts = sql`(case when ${t.lockedUntil} is not null and ${t.lockedUntil} < ${forgetBefore} then 0 else ${t.lockouts} end)`;
  const reached = sql`(${failures} >= ${limit})`;
  const lockMs = sql`least(${rule.firstLockMs}::float8 * power(2, ${lockouts}), ${rule.maxLockMs}::float8)`;
  const [row] = await db
    .insert(t)
    .values({
      key: lockKey(email, ip),
      failures: limit <= 1 ? 0 : 1,
      windowStart: now,
      lockouts: limit <= 1 ? 1 : 0,
      lockedUntil: limit <= 1 ? new Date(now.getTime() + rule.firstLockMs) : null,
    })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: sql`case when ${reached} then 0 else ${failures} end`,
        windowStart: sql`case when ${reached} or ${t.windowStart} <= ${windowStartCutoff} then ${nowIso}::timestamptz else ${t.windowStart} end`,
        lockouts: sql`case when ${reached} then ${lockouts} + 1 else ${lockouts} end`,
        lockedUntil: sql`case when ${reached} then ${nowIso}::timestamptz + make_interval(secs => ${lockMs} / 1000) else ${t.lockedUntil} end`,
      },
    })
    .returning({ lockedUntil: t.lockedUntil });
  const accountFailures = await countAccountFailure(db, email, now);
  return { lockedUntil: row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null, accountFailures };
}

/** One more failure for the account from any client, in its window; answers the window's count. */
async function countAccountFailure(db: Db, email: string, now: Date): Promise<number> {
  const t = signInThrottles;
  const cutoff = new Date(now.getTime() - LIMITS.accountFailures.windowMs).toISOString();
  const [row] = await db
    .insert(t)
    .values({ key: accountKey(email), failures: 1, windowStart: now })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: sql`case when ${t.windowStart} <= ${cutoff} then 1 else ${t.failures} + 1 end`,
        windowStart: sql`case when ${t.windowStart} <= ${cutoff} then ${now.toISOString()}::timestamptz else ${t.windowStart} end`,
      },
    })
    .returning({ failures: t.failures });
  return row?.failures ?? 1;
}

/**
 * How long a sign-in for this account waits before its password is checked: nothing normally;
 * once the account has seen `slowAfter` failures in the window (from anywhere), a second, growing
 * to 8 seconds. A guesser spread over many addresses is slowed; the owner is only delayed.
 */
export async function accountDelayMs(db: Db, email: string, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ failures: signInThrottles.failures, windowStart: signInThrottles.windowStart })
    .from(signInThrottles)
    .where(eq(signInThrottles.key, accountKey(email)));
  const rule = LIMITS.accountFailures;
  const slowAfter = rule.slowAfter * limitFactor();
  if (!row || row.windowStart.getTime() <= now.getTime() - rule.windowMs || row.failures < slowAfter) return 0;
  return Math.min(8000, 1000 * 2 ** Math.floor((row.failures - slowAfter) / slowAfter));
}

/** Waits; replaced in tests. */
export const throttleClock = {
  sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
};

/** A successful sign-in from a client forgets that client's failures and lockouts. */
export async function clearSignInFailures(db: Db, email: string, ip: string): Promise<void> {
  await db.delete(signInThrottles).where(eq(signInThrottles.key, lockKey(email, ip)));
}

/** A new password forgets every failure for the account (from every client). */
export async function clearAccountFailures(db: Db, email: string): Promise<void> {
  const prefix = `signin:${normaliseEmail(email)}|`;
  await db
    .delete(signInThrottles)
    .where(sql`${signInThrottles.key} = ${accountKey(email)} or starts_with(${signInThrottles.key}, ${prefix})`);
}

/** True once a day at most per account: the owner is told of many failures (lib: rate_limits). */
export async function shouldNotifyOwner(
  db: Db,
  email: string,
  accountFailures: number,
  now = new Date(),
): Promise<boolean> {
  if (accountFailures !== LIMITS.accountFailures.notifyAfter * limitFactor()) return false;
  const day = await hitRateLimit(
    db,
    `signin-notice:${normaliseEmail(email)}`,
    { limit: 1, windowMs: 24 * 60 * MINUTE },
    now,
  );
  return day.ok;
}

export const signInRules = (ip: string) => [{ key: `signin:ip:${ip}`, rule: LIMITS.signInPerIp }];

export const resetRules = (ip: string, email: string) => [
  { key: `reset:minute:${normaliseEmail(email)}`, rule: LIMITS.resetPerAccountMinute },
  { key: `reset:hour:${normaliseEmail(email)}`, rule: LIMITS.resetPerAccountHour },
  { key: `reset:ip:${ip}`, rule: LIMITS.resetPerIp },
];

export const signUpRules = (ip: string) => [{ key: `signup:ip:${ip}`, rule: LIMITS.signUpPerIp }];
