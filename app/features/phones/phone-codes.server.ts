import { createHmac, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { SITE } from "~/content/site";
import type { Db } from "~/db/client.server";
import { type PHONE_CODE_PURPOSES, phoneConfirmations, users } from "~/db/schema";
import { env } from "~/env.server";
import type { OutboundMessage } from "~/features/messaging/public.server";
import { messageT, smsLanguageOf } from "~/i18n/message-text.server";
import { confirmationCodeSms, signInCodeSms } from "~/lib/sms-text";
import { PHONE_CODE_RULES } from "./phone-schemas.ts";

/*
 * The 6-digit codes sent by SMS, whatever they are for (decision 025: confirming a number; decision 042:
 * signing in with the confirmed one): made, kept as an HMAC, counted and checked here, so that both
 * uses share one set of limits (3 codes per number per 15 minutes and 10 a day, 10 a day per
 * account) and one table.
 */

export type PhoneCodePurpose = (typeof PHONE_CODE_PURPOSES)[number];

/** Why a code was not made: the number's limits, or the account's. */
export type CodeLimit = "number" | "account";

export function codeHash(id: string, code: string): string {
  return createHmac("sha256", env().AUTH_SECRET).update(`phone-code:${id}:${code}`).digest("hex");
}

/** Whether `code` is the one kept as `hash` for the row `id` (in constant time). */
export function codeMatches(row: { id: string; codeHash: string }, code: string): boolean {
  const expected = Buffer.from(row.codeHash, "hex");
  const given = Buffer.from(codeHash(row.id, code), "hex");
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A code as typed: 6 digits, spaces ignored; null when it is not one. */
export function typedCode(value: unknown): string | null {
  const code = String(value ?? "").replace(/\s+/g, "");
  return /^\d{6}$/.test(code) ? code : null;
}

/**
 * Makes a new code for `phone` on the account `userId`, inside `tx` (a transaction the caller
 * opened): the number's and the account's limits are counted under advisory locks, so two servers
 * cannot both pass them; the row is written and the SMS handed to `inTransaction` (a queue writes
 * its job there). Answers the SMS to send, or which limit refused it.
 */
export async function issuePhoneCode(
  tx: Db,
  input: { userId: string; phone: string; purpose: PhoneCodePurpose },
  inTransaction: ((tx: Db, message: OutboundMessage) => Promise<void>) | undefined,
  now: Date,
): Promise<{ ok: true; message: OutboundMessage; expiresAt: Date } | { ok: false; limit: CodeLimit }> {
  const { userId, phone, purpose } = input;
  // One request per number at a time, whatever server it reaches: the count and the insert are one step.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone-code:${phone}`}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone-code-user:${userId}`}))`);
  if (await numberLimited(tx, phone, now)) return { ok: false, limit: "number" };
  const since = new Date(now.getTime() - PHONE_CODE_RULES.perUserDay.windowMs);
  const [mine] = await tx
    .select({ count: sql<number>`count(*)` })
    .from(phoneConfirmations)
    .where(and(sql`${phoneConfirmations.userId} = ${userId}`, gt(phoneConfirmations.createdAt, since)));
  if (Number(mine?.count ?? 0) >= PHONE_CODE_RULES.perUserDay.limit) return { ok: false, limit: "account" };
  // Rows older than two days count for nothing any more.
  await tx
    .delete(phoneConfirmations)
    .where(lt(phoneConfirmations.createdAt, new Date(now.getTime() - 2 * PHONE_CODE_RULES.perNumberDay.windowMs)));
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + PHONE_CODE_RULES.validMinutes * 60_000);
  await tx.insert(phoneConfirmations).values({
    id,
    userId,
    phone,
    codeHash: codeHash(id, code),
    expiresAt,
    purpose,
    createdAt: now,
  });
  // In the account's SMS language (decision 048).
  const [reader] = await tx
    .select({ language: users.language, smsLanguage: users.smsLanguage })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const t = messageT(reader ? smsLanguageOf(reader) : "en");
  const message: OutboundMessage = {
    to: phone,
    text: (purpose === "sign-in" ? signInCodeSms : confirmationCodeSms)(
      t,
      SITE.name,
      code,
      PHONE_CODE_RULES.validMinutes,
    ),
    idempotencyKey: `phone-code-${id}`,
  };
  await inTransaction?.(tx, message);
  return { ok: true, message, expiresAt };
}

/**
 * Whether the number has had its codes (3 in 15 minutes, or 10 in a day), whatever they were
 * for and whoever asked. Counts nothing.
 */
export async function numberLimited(db: Pick<Db, "select">, phone: string, now: Date): Promise<boolean> {
  const since = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const [counts] = await db
    .select({
      window: sql<number>`count(*) filter (where ${phoneConfirmations.createdAt} > ${since(PHONE_CODE_RULES.perNumberWindow.windowMs)})`,
      day: sql<number>`count(*)`,
    })
    .from(phoneConfirmations)
    .where(
      and(
        sql`${phoneConfirmations.phone} = ${phone}`,
        gt(phoneConfirmations.createdAt, new Date(now.getTime() - PHONE_CODE_RULES.perNumberDay.windowMs)),
      ),
    );
  return (
    Number(counts?.window ?? 0) >= PHONE_CODE_RULES.perNumberWindow.limit ||
    Number(counts?.day ?? 0) >= PHONE_CODE_RULES.perNumberDay.limit
  );
}
