import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server.ts";
import { signInThrottles } from "../../db/schema.ts";
import {
  hitRateLimit,
  isRateLimited,
  limitFactor,
  type RateLimit,
  tooManyAttemptsMessage,
} from "../../lib/rate-limit.server.ts";

/**
 * The abuse rules (decision 018), in one place. Counters live in the database, so every app server
 * shares them. Keys use the normalised address whether or not it has an account, and a limited
 * request gets the same message either way: nothing reveals whether an account exists.
 */
const MINUTE = 60_000;

export const LIMITS = {
  /**
   * Failed sign-ins from one IP, whatever the addresses: a ceiling for one source trying many
   * accounts. Only failures count (a successful sign-in never does), and it is far above what a
   * carrier NAT or a hospital network shares: a client that has signed in to the account from this
   * IP before is not held by it (docs/decisions/018-sign-in-throttling.md).
   */
  signInFailuresPerIp: { limit: 300, windowMs: 15 * MINUTE },
  /**
   * Failed sign-ins from one client (account and IP) before that client is locked out of that
   * account; lockouts then double (15, 30, 60 ... minutes, at most a day). The owner elsewhere is
   * not locked out (docs/decisions/018-sign-in-throttling.md).
   */
  signInFailures: { limit: 5, windowMs: 15 * MINUTE, firstLockMs: 15 * MINUTE, maxLockMs: 24 * 60 * MINUTE },
  /**
   * Failures for an account from every client in a window: from `slowAfter` each try waits, never
   * refused; while it is slowed, the account's tries from clients it has not signed in from run one
   * at a time on each server, at most `maxInFlight` of them under way or waiting.
   */
  accountFailures: { windowMs: 15 * MINUTE, slowAfter: 10, notifyAfter: 20, maxInFlight: 10 },
  /** A client (account and IP) that signed in successfully is known for 30 days. */
  knownClientMs: 30 * 24 * 60 * MINUTE,
  /** Reset requests per account: one a minute and five an hour; and a cap per IP. */
  resetPerAccountMinute: { limit: 1, windowMs: MINUTE },
  resetPerAccountHour: { limit: 5, windowMs: 60 * MINUTE },
  resetPerIp: { limit: 20, windowMs: 60 * MINUTE },
  /**
   * Registrations per address (10 a day) and per IP (200 a day: a hospital onboarding its staff on
   * one network, or many phones behind one carrier address, stays under it).
   */
  signUpPerAddress: { limit: 10, windowMs: 24 * 60 * MINUTE },
  signUpPerIp: { limit: 200, windowMs: 24 * 60 * MINUTE },
  /**
   * Mails anyone can make us send to someone else ("You already have an account", a report about a
   * facility's profile): one an hour per recipient, whatever the senders' addresses.
   */
} as const;

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
/** When a client (an IP) last signed in to an account successfully. */
const knownKey = (email: string, ip: string) => `signin-known:${normaliseEmail(email)}|${ip}`;
/** Failed sign-ins from an IP (rate_limits). */
const ipFailuresKey = (ip: string) => `signin-failures:ip:${ip}`;
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
 * Refuses a client that has not signed in to this account before once its IP has reached the
 * ceiling of failed sign-ins in the window. Counts nothing: only failures are counted, by
 * `recordSignInFailure`.
 */
export async function checkIpCeiling(db: Db, ip: string, now = new Date()): Promise<Allowed | Refusal> {
  const rule = LIMITS.signInFailuresPerIp;
  const result = await isRateLimited(
    db,
    ipFailuresKey(ip),
    { limit: rule.limit * limitFactor(), windowMs: rule.windowMs },
    now,
  );
  if (result.ok) return { ok: true };
  return {
    ok: false,
    message: tooManyAttemptsMessage(result.retryAfterSeconds),
    retryAfterSeconds: result.retryAfterSeconds,
  };
}

/** Whether this client (IP) has signed in to the account successfully in the last 30 days. */
export async function isKnownClient(db: Db, email: string, ip: string, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ at: signInThrottles.windowStart })
    .from(signInThrottles)
    .where(eq(signInThrottles.key, knownKey(email, ip)));
  return !!row && row.at.getTime() > now.getTime() - LIMITS.knownClientMs;
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
  const ipRule = LIMITS.signInFailuresPerIp;
  await hitRateLimit(db, ipFailuresKey(ip), { limit: ipRule.limit * limitFactor(), windowMs: ipRule.windowMs }, now);
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

/**
 * A successful sign-in from a client forgets that client's failures and lockouts, and makes the
 * client known for the account (the IP ceiling and the queue of a slowed account pass it by).
 */
export async function recordSignInSuccess(db: Db, email: string, ip: string, now = new Date()): Promise<void> {
  await db.delete(signInThrottles).where(eq(signInThrottles.key, lockKey(email, ip)));
  await db
    .insert(signInThrottles)
    .values({ key: knownKey(email, ip), windowStart: now })
    .onConflictDoUpdate({ target: signInThrottles.key, set: { windowStart: now } });
}

type Queue = { tail: Promise<void>; inFlight: number };
/** Tries under way or waiting, per slowed account, on this server. */
const queues = new Map<string, Queue>();

/**
 * Runs a sign-in try for a slowed account after every earlier one for that account on this server
 * has finished, so parallel guesses wait their delay one after another instead of side by side.
 * Null (refused, nothing run) when `maxInFlight` tries are already under way or waiting.
 */
export async function oneAtATime<T>(email: string, attempt: () => Promise<T>): Promise<T | null> {
  const key = normaliseEmail(email);
  let queue = queues.get(key);
  if (!queue) {
    queue = { tail: Promise.resolve(), inFlight: 0 };
    queues.set(key, queue);
  }
  if (queue.inFlight >= LIMITS.accountFailures.maxInFlight * limitFactor()) return null;
  queue.inFlight += 1;
  const previous = queue.tail;
  let release = () => {};
  queue.tail = new Promise<void>((resolve) => {
    release = resolve;
  });
  const own = queue;
  try {
    await previous;
    return await attempt();
  } finally {
    own.inFlight -= 1;
    release();
    if (own.inFlight === 0 && queues.get(key) === own) queues.delete(key);
  }
}

/** Tries under way or waiting for an account on this server (tests). */
export function inFlight(email: string): number {
  return queues.get(normaliseEmail(email))?.inFlight ?? 0;
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

export const resetRules = (ip: string, email: string) => [
  { key: `reset:minute:${normaliseEmail(email)}`, rule: LIMITS.resetPerAccountMinute },
  { key: `reset:hour:${normaliseEmail(email)}`, rule: LIMITS.resetPerAccountHour },
  { key: `reset:ip:${ip}`, rule: LIMITS.resetPerIp },
];

/** The address first: one address registered over and over uses up none of its network's allowance. */
export const signUpRules = (ip: string, email: string) => [
  { key: `signup:address:${normaliseEmail(email)}`, rule: LIMITS.signUpPerAddress },
  { key: `signup:ip:${ip}`, rule: LIMITS.signUpPerIp },
];
