import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.server.ts";
import { accounts } from "../db/schema.ts";
import { hitRateLimit, isRateLimited, type RateLimit, tooManyAttemptsMessage } from "../lib/rate-limit.server.ts";
import { authFor } from "./auth.server.ts";

/*
 * The signed-in person's password asked for again before a change a stolen session must not make
 * alone (decision 036: moving or removing the confirmed mobile number that payout codes go to). Wrong
 * passwords are counted per account: 5 in 15 minutes and even the right one is refused until the
 * window ends, so the form is no way to guess the password with a stolen cookie.
 */

export const PASSWORD_CHECK_RULE: RateLimit = { limit: 5, windowMs: 15 * 60_000 };

export type PasswordCheck =
  | { ok: true }
  | { ok: false; reason: "missing" | "wrong" }
  | { ok: false; reason: "limited"; message: string };

export async function checkOwnPassword(
  db: Db,
  userId: string,
  password: string | null | undefined,
  now = new Date(),
): Promise<PasswordCheck> {
  if (!password) return { ok: false, reason: "missing" };
  const key = `password-check:${userId}`;
  const limited = await isRateLimited(db, key, PASSWORD_CHECK_RULE, now);
  if (!limited.ok) return { ok: false, reason: "limited", message: tooManyAttemptsMessage(limited.retryAfterSeconds) };
  const [row] = await db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")))
    .limit(1);
  const ctx = await authFor(db).$context;
  const right = !!row?.hash && password.length <= 128 && (await ctx.password.verify({ hash: row.hash, password }));
  if (right) return { ok: true };
  await hitRateLimit(db, key, PASSWORD_CHECK_RULE, now);
  return { ok: false, reason: "wrong" };
}
