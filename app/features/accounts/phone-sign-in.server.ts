import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { actorById } from "~/auth/actor.server";
import { authFor, authHeaders } from "~/auth/auth.server";
import type { Db } from "~/db/client.server";
import { phoneConfirmations, users } from "~/db/schema";
import {
  type CodeDelivery,
  codeMatches,
  issuePhoneCode,
  PHONE_CODE_RULES,
  PHONE_CONFIRM_MESSAGES,
  sendCodeNow,
  typedCode,
} from "~/features/phones/public.server";
import { logger } from "~/lib/logger.server";
import { parsePhone } from "~/lib/phone";
import { hitRateLimit, isRateLimited, tooManyAttemptsMessage } from "~/lib/rate-limit.server";
import { refuse } from "~/lib/refusal";
import { countFailedSignIn, landingPath, type RequestMeta, sessionCookies } from "./accounts.server";
import { signInPolicyOf } from "./sign-in-policy.server";
import { checkIpCeiling, checkSignInLock, hitAll, isKnownClient, recordSignInSuccess } from "./throttle.server";

/*
 * Sign in with a confirmed mobile number and a 6-digit code by SMS (docs/decisions/042).
 * The codes are the phone confirmation's (features/phones/phone-codes.server.ts): one table, the
 * same limits per number (3 in 15 minutes, 10 a day) and per account (10 a day), 5 minutes, 3
 * tries. The answer to "send me a code" is the same whether or not the number belongs to an
 * account, and a number that does not gets no SMS. Wrong codes are counted per number over 15
 * minutes, whatever code they were typed for (a new code gives no new tries), and count towards the
 * account's lockout as wrong passwords do. The session is better-auth's (auth/proven-sign-in.server.ts).
 */

const MINUTE = 60_000;
const TRIES_WINDOW_MS = PHONE_CODE_RULES.perNumberWindow.windowMs;

export const PHONE_SIGN_IN_MESSAGES = {
  sent: `If this number is confirmed on an approved account, we have sent a 6-digit code to it by SMS. It expires in ${PHONE_CODE_RULES.validMinutes} minutes.`,
  tooMany: PHONE_CONFIRM_MESSAGES.tooMany,
  codeFormat: PHONE_CONFIRM_MESSAGES.codeFormat,
  wrongCode: "That code is not right, or it has expired. Please check the SMS, or ask for a new code.",
  locked:
    "Too many wrong codes. Please wait 15 minutes before asking for a new code, or sign in with your email and password.",
} as const;

/** Codes asked for from one IP, whatever the numbers: a ceiling for one source trying many numbers. */
const PER_IP = { limit: 20, windowMs: 60 * MINUTE };

const triesKey = (phone: string) => `phone-signin:tries:${phone}`;

/**
 * The one account that may sign in with this number: approved, its address confirmed, the number
 * confirmed on it, and not a system administrator while they must use their password. A number
 * confirmed on two accounts signs in neither (which one would it be?).
 */
async function accountFor(db: Db, phone: string): Promise<{ id: string; email: string; phoneSince: Date } | null> {
  const rows = await db
    .select({
      id: users.id,
      confirmedAt: users.phoneConfirmedAt,
      changedAt: users.phoneChangedAt,
    })
    .from(users)
    .where(and(eq(users.confirmedPhone, phone), eq(users.emailVerified, true)));
  if (rows.length !== 1) return null;
  const actor = await actorById(db, rows[0].id);
  if (actor.kind !== "user" || !actor.approved) return null;
  if (actor.role === "system_admin" && (await signInPolicyOf(db)).adminsPasswordOnly) return null;
  // A code asked for before the number was last confirmed or changed is void.
  const phoneSince = new Date(Math.max(rows[0].confirmedAt?.getTime() ?? 0, rows[0].changedAt?.getTime() ?? 0));
  return { id: actor.id, email: actor.email, phoneSince };
}

/** The number as typed, parsed (default region GH, mobile only), or its refusal under the field. */
function numberOf(value: unknown): string {
  const parsed = parsePhone(String(value ?? ""), { mobile: true });
  if (!parsed.ok) refuse(400, parsed.message, { phone: parsed.message });
  return parsed.e164;
}

/**
 * Whether the number has had its 3 wrong codes in the last 15 minutes: counted for every number
 * (known or not, so the answers are alike), and for a known one also from its codes' own tries.
 */
async function triesUsedUp(db: Db, phone: string, now: Date): Promise<boolean> {
  const counted = await isRateLimited(
    db,
    triesKey(phone),
    { limit: PHONE_CODE_RULES.maxTries, windowMs: TRIES_WINDOW_MS },
    now,
  );
  if (!counted.ok) return true;
  const [row] = await db
    .select({ tries: sql<number>`coalesce(sum(${phoneConfirmations.attempts}), 0)` })
    .from(phoneConfirmations)
    .where(
      and(
        eq(phoneConfirmations.phone, phone),
        eq(phoneConfirmations.purpose, "sign-in"),
        gt(phoneConfirmations.createdAt, new Date(now.getTime() - TRIES_WINDOW_MS)),
      ),
    );
  return Number(row?.tries ?? 0) >= PHONE_CODE_RULES.maxTries;
}

/**
 * "Send me a code": refused only for a malformed number (400) or a limit (429), alike for every
 * number; otherwise the same answer whether or not a code was sent.
 */
export async function requestSignInCode(
  db: Db,
  input: { phone: unknown },
  meta: RequestMeta,
  delivery: CodeDelivery = sendCodeNow,
  now = new Date(),
): Promise<{ phone: string }> {
  const phone = numberOf(input.phone);
  const limited = await hitAll(
    db,
    [
      { key: `phone-signin:ip:${meta.ip}`, rule: PER_IP },
      { key: `phone-signin:number:${phone}`, rule: PHONE_CODE_RULES.perNumberWindow },
      { key: `phone-signin:number-day:${phone}`, rule: PHONE_CODE_RULES.perNumberDay },
    ],
    now,
  );
  if (!limited.ok) refuse(429, PHONE_SIGN_IN_MESSAGES.tooMany, { phone: PHONE_SIGN_IN_MESSAGES.tooMany });
  if (await triesUsedUp(db, phone, now))
    refuse(429, PHONE_SIGN_IN_MESSAGES.locked, { code: PHONE_SIGN_IN_MESSAGES.locked });
  const account = await accountFor(db, phone);
  if (!account) return { phone };
  const issued = await db.transaction((tx) =>
    issuePhoneCode(tx as unknown as Db, { userId: account.id, phone, purpose: "sign-in" }, delivery.inTransaction, now),
  );
  // The number's or the account's codes are used up (also by confirming numbers): nothing is sent.
  if (!issued.ok) refuse(429, PHONE_SIGN_IN_MESSAGES.tooMany, { phone: PHONE_SIGN_IN_MESSAGES.tooMany });
  if (delivery.afterCommit && !(await delivery.afterCommit(issued.message))) {
    // Said to nobody: the answer is the same as for a number with no account.
    logger.warn("the sign-in code SMS was not sent");
  }
  return { phone };
}

/** Checks the number's newest sign-in code; right, it is used up. Wrong, its try is counted. */
async function spendCode(db: Db, account: { id: string; phoneSince: Date }, phone: string, code: string, now: Date) {
  return db.transaction(async (tx) => {
    const [latest] = await tx
      .select()
      .from(phoneConfirmations)
      .where(
        and(
          eq(phoneConfirmations.userId, account.id),
          eq(phoneConfirmations.phone, phone),
          eq(phoneConfirmations.purpose, "sign-in"),
          isNull(phoneConfirmations.confirmedAt),
        ),
      )
      .orderBy(desc(phoneConfirmations.createdAt))
      .limit(1)
      .for("update");
    if (!latest) return false;
    const usable =
      latest.createdAt.getTime() > account.phoneSince.getTime() &&
      latest.expiresAt.getTime() > now.getTime() &&
      latest.attempts < PHONE_CODE_RULES.maxTries;
    if (usable && codeMatches(latest, code)) {
      await tx.update(phoneConfirmations).set({ confirmedAt: now }).where(eq(phoneConfirmations.id, latest.id));
      return true;
    }
    if (latest.attempts < PHONE_CODE_RULES.maxTries) {
      await tx
        .update(phoneConfirmations)
        .set({ attempts: sql`${phoneConfirmations.attempts} + 1` })
        .where(eq(phoneConfirmations.id, latest.id));
    }
    return false;
  });
}

/**
 * Signs in with the code: better-auth's session cookie and where to go. Refused: a malformed
 * number or code (400), a wrong or expired code (400), too many wrong codes or a locked-out client
 * (429). Alike for every number, known or not.
 */
export async function signInWithCode(
  db: Db,
  input: { phone: unknown; code: unknown },
  meta: RequestMeta,
  now = new Date(),
): Promise<{ headers: Headers; redirectTo: string }> {
  const phone = numberOf(input.phone);
  const code = typedCode(input.code);
  if (!code) refuse(400, PHONE_SIGN_IN_MESSAGES.codeFormat, { code: PHONE_SIGN_IN_MESSAGES.codeFormat });
  if (await triesUsedUp(db, phone, now))
    refuse(429, PHONE_SIGN_IN_MESSAGES.locked, { code: PHONE_SIGN_IN_MESSAGES.locked });
  const account = await accountFor(db, phone);
  if (!account || !(await isKnownClient(db, account.email, meta.ip, now))) {
    const ceiling = await checkIpCeiling(db, meta.ip, now);
    if (!ceiling.ok) refuse(429, ceiling.message);
  }
  if (account) {
    const lock = await checkSignInLock(db, account.email, meta.ip, now);
    if (!lock.ok) refuse(429, lock.message, { code: lock.message });
  }
  if (account && (await spendCode(db, account, phone, code, now))) {
    await recordSignInSuccess(db, account.email, meta.ip, now);
    const { headers } = await authFor(db).api.signInProvenUser({
      body: { userId: account.id },
      headers: authHeaders(meta.request, meta.ip),
      returnHeaders: true,
    });
    return { headers: sessionCookies(headers), redirectTo: await landingPath(db, account.id) };
  }
  await hitRateLimit(db, triesKey(phone), { limit: PHONE_CODE_RULES.maxTries, windowMs: TRIES_WINDOW_MS }, now);
  if (account) {
    const lockedUntil = await countFailedSignIn(db, account.email, meta.ip, now);
    if (lockedUntil) {
      const message = tooManyAttemptsMessage((lockedUntil.getTime() - now.getTime()) / 1000);
      refuse(429, message, { code: message });
    }
  }
  if (await triesUsedUp(db, phone, now))
    refuse(429, PHONE_SIGN_IN_MESSAGES.locked, { code: PHONE_SIGN_IN_MESSAGES.locked });
  return refuse(400, PHONE_SIGN_IN_MESSAGES.wrongCode, { code: PHONE_SIGN_IN_MESSAGES.wrongCode });
}
