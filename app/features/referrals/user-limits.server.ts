import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { rateLimits, users } from "~/db/schema";
import "~/i18n/server-catalogues.server";
import { translator } from "~/i18n/i18n";
import type { Locale } from "~/i18n/locales";
import { hitRateLimit, limitFactor } from "~/lib/rate-limit.server";
import { refuse } from "~/lib/refusal";

/*
 * How much one signed-in person may write in an hour (decision 023: one user must not be able to
 * stall everyone). Counted per user in the database (rate_limits), so every app server shares the
 * count; a refused write is answered 429 with what happened and when to try again, and stores
 * nothing. E2E_RELAXED_RATE_LIMITS multiplies them like every other limit.
 */

const HOUR = 60 * 60 * 1000;

export const USER_LIMITS = {
  /** Files attached to referrals. */
  uploads: { limit: 30, windowMs: HOUR },
  /** Messages posted on referrals. */
  messages: { limit: 100, windowMs: HOUR },
  /** Referrals created. */
  referrals: { limit: 50, windowMs: HOUR },
} as const;

export type UserLimit = keyof typeof USER_LIMITS;

/**
 * "Too many attempts: you can attach 30 files an hour. Try again in 12 minutes.", in the person's
 * language (decision 044: the catalogues' `referral.limit.*`).
 */
export function userLimitMessage(kind: UserLimit, retryAfterSeconds: number, locale: Locale = "en"): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const limit = USER_LIMITS[kind].limit * limitFactor();
  return translator(locale)(`referral.limit.${kind}`, { limit, minutes });
}

const keyOf = (kind: UserLimit, userId: string) => `user-${kind}:${userId}`;

/** The language the refused person reads the platform in (read only when refusing: a rare path). */
async function languageOf(db: Db, userId: string): Promise<Locale> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return row?.language ?? "en";
}

/** The 429, saying when to try again (every form answers it through formAction, with its toast). */
const refuseOver = async (db: Db, userId: string, kind: UserLimit, retryAfterSeconds: number): Promise<never> =>
  refuse(429, userLimitMessage(kind, retryAfterSeconds, await languageOf(db, userId)));

/**
 * Refuses (429) when `userId` has already used this hour's allowance of `kind`, counting nothing:
 * checked before an upload's bytes are read, so that only files actually stored count.
 */
export async function checkUserAllowance(db: Db, userId: string, kind: UserLimit, now = new Date()): Promise<void> {
  const rule = USER_LIMITS[kind];
  const windowStart = new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, keyOf(kind, userId)), eq(rateLimits.windowStart, windowStart)));
  if ((row?.count ?? 0) >= rule.limit * limitFactor()) {
    await refuseOver(
      db,
      userId,
      kind,
      Math.max(1, Math.ceil((windowStart.getTime() + rule.windowMs - now.getTime()) / 1000)),
    );
  }
}

/** Counts one write of `kind` by `userId`; throws the 429 refusal once the hour's allowance is used. */
export async function countUserWrite(db: Db, userId: string, kind: UserLimit, now = new Date()): Promise<void> {
  const rule = USER_LIMITS[kind];
  const result = await hitRateLimit(
    db,
    keyOf(kind, userId),
    { limit: rule.limit * limitFactor(), windowMs: rule.windowMs },
    now,
  );
  if (!result.ok) await refuseOver(db, userId, kind, result.retryAfterSeconds);
}
