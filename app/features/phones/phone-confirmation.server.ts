import { createHmac, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { data } from "react-router";
import type { Actor, UserActor } from "~/auth/actor";
import { SITE } from "~/content/site";
import type { Db } from "~/db/client.server";
import { phoneConfirmations, users } from "~/db/schema";
import { env } from "~/env.server";
import type { OutboundMessage } from "~/features/messaging/public.server";
import { smsProvider } from "~/features/messaging/public.server";
import { logger } from "~/lib/logger.server";
import { formatPhone, parsePhone } from "~/lib/phone";
import { refuse } from "~/lib/refusal";
import { confirmationCodeSms } from "~/lib/sms-text";
import { PHONE_CODE_RULES } from "./phone-schemas.ts";

/**
 * Phone confirmation (issue 26): before the first SMS to a person's number they confirm it with a
 * 6-digit code, valid 5 minutes, 3 tries; at most 3 codes per number per 15 minutes and 10 a day,
 * counted per number (whoever asks) and per account.
 */
export { PHONE_CODE_RULES };

export const PHONE_CONFIRM_MESSAGES = {
  tooMany:
    "Too many attempts. At most 3 codes can be sent to a number in 15 minutes, and 10 a day: please try again later.",
  tooManyForAccount: "Too many attempts. An account can ask for at most 10 codes a day: please try again tomorrow.",
  codeFormat: "Please enter the 6-digit code from the SMS",
  wrongCode: "That code is not right. Please check the SMS and try again.",
  expired: "This code has expired. Please ask for a new one.",
  noTriesLeft: "Too many wrong codes. Please ask for a new one.",
  noCode: "Please ask for a code first.",
  notSent: "We could not send the SMS. Please try again in a few minutes.",
} as const;

/** How a code SMS leaves: written with the code's row (the queue's enqueue), or sent at once after it. */
export type CodeDelivery = {
  /** Called inside the transaction that stores the code: a queue writes its job here. */
  inTransaction?: (tx: Db, message: OutboundMessage) => Promise<void>;
  /** Called after commit when there is no queue: true when the provider accepted it. */
  afterCommit?: (message: OutboundMessage) => Promise<boolean>;
};

/** Without a queue: hand the SMS to the configured provider (the outbox in development). */
export const sendCodeNow: CodeDelivery = {
  afterCommit: async (message) => {
    const result = await smsProvider().send(message);
    if (!result.ok) logger.warn({ code: result.code, error: result.error }, "the phone confirmation SMS was not sent");
    return result.ok;
  },
};

/** A code sent; refusals are thrown (app/lib/refusal.ts) with the message under the field they concern. */
export type RequestCodeResult = { phone: string; display: string; expiresAt: Date };
export type ConfirmCodeResult = { phone: string };

/** The refusal of a number: 429 for the limits, 503 when the SMS could not be sent, else 400. */
function refusePhone(message: string): never {
  const status =
    message === PHONE_CONFIRM_MESSAGES.notSent
      ? 503
      : message === PHONE_CONFIRM_MESSAGES.tooMany || message === PHONE_CONFIRM_MESSAGES.tooManyForAccount
        ? 429
        : 400;
  return refuse(status, message, { phone: message });
}

function refuseCode(message: string): never {
  return refuse(400, message, { code: message });
}

/** Signed in and approved: SMS cost money and reach people, so accounts awaiting approval send none. */
function requireSignedIn(actor: Actor): UserActor {
  if (actor.kind !== "user") throw data("Authentication Required", { status: 401 });
  if (!actor.approved) throw data("Account Pending Approval", { status: 403 });
  return actor;
}

function codeHash(id: string, code: string): string {
  return createHmac("sha256", env().AUTH_SECRET).update(`phone-code:${id}:${code}`).digest("hex");
}

/**
 * Sends a new code to the number the person typed (parsed with default region GH, mobile only).
 * An earlier code for the same account stops counting: only the newest can be confirmed.
 */
export async function requestPhoneCode(
  db: Db,
  actor: Actor,
  input: { phone: string },
  delivery: CodeDelivery = sendCodeNow,
  now = new Date(),
): Promise<RequestCodeResult> {
  const user = requireSignedIn(actor);
  const parsed = parsePhone(String(input.phone ?? ""), { mobile: true });
  if (!parsed.ok) refusePhone(parsed.message);
  const phone = parsed.e164;
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + PHONE_CODE_RULES.validMinutes * 60_000);
  const message: OutboundMessage = {
    to: phone,
    text: confirmationCodeSms(SITE.name, code, PHONE_CODE_RULES.validMinutes),
    idempotencyKey: `phone-code-${id}`,
  };
  const refused = await db.transaction(async (tx) => {
    // One request per number at a time, whatever server it reaches: the count and the insert are one step.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone-code:${phone}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone-code-user:${user.id}`}))`);
    const since = (ms: number) => new Date(now.getTime() - ms);
    const [counts] = await tx
      .select({
        window: sql<number>`count(*) filter (where ${phoneConfirmations.createdAt} > ${since(PHONE_CODE_RULES.perNumberWindow.windowMs).toISOString()})`,
        day: sql<number>`count(*)`,
      })
      .from(phoneConfirmations)
      .where(
        and(
          eq(phoneConfirmations.phone, phone),
          gt(phoneConfirmations.createdAt, since(PHONE_CODE_RULES.perNumberDay.windowMs)),
        ),
      );
    if (
      Number(counts?.window ?? 0) >= PHONE_CODE_RULES.perNumberWindow.limit ||
      Number(counts?.day ?? 0) >= PHONE_CODE_RULES.perNumberDay.limit
    ) {
      return PHONE_CONFIRM_MESSAGES.tooMany;
    }
    const [mine] = await tx
      .select({ count: sql<number>`count(*)` })
      .from(phoneConfirmations)
      .where(
        and(
          eq(phoneConfirmations.userId, user.id),
          gt(phoneConfirmations.createdAt, since(PHONE_CODE_RULES.perUserDay.windowMs)),
        ),
      );
    if (Number(mine?.count ?? 0) >= PHONE_CODE_RULES.perUserDay.limit) return PHONE_CONFIRM_MESSAGES.tooManyForAccount;
    // Rows older than two days count for nothing any more.
    await tx
      .delete(phoneConfirmations)
      .where(lt(phoneConfirmations.createdAt, since(2 * PHONE_CODE_RULES.perNumberDay.windowMs)));
    await tx.insert(phoneConfirmations).values({
      id,
      userId: user.id,
      phone,
      codeHash: codeHash(id, code),
      expiresAt,
      createdAt: now,
    });
    await delivery.inTransaction?.(tx as unknown as Db, message);
    return null;
  });
  if (refused) refusePhone(refused);
  if (delivery.afterCommit && !(await delivery.afterCommit(message))) refusePhone(PHONE_CONFIRM_MESSAGES.notSent);
  return { phone, display: parsed.display, expiresAt };
}

/** Checks the code against the account's newest one; right, the number becomes the account's confirmed phone. */
export async function confirmPhoneCode(
  db: Db,
  actor: Actor,
  input: { code: string },
  now = new Date(),
): Promise<ConfirmCodeResult> {
  const user = requireSignedIn(actor);
  const code = String(input.code ?? "").replace(/\s+/g, "");
  if (!/^\d{6}$/.test(code)) refuseCode(PHONE_CONFIRM_MESSAGES.codeFormat);
  // A wrong code's counted try must commit: the refusal is thrown after the transaction.
  const outcome = await db.transaction(async (tx) => {
    const [latest] = await tx
      .select()
      .from(phoneConfirmations)
      .where(and(eq(phoneConfirmations.userId, user.id), isNull(phoneConfirmations.confirmedAt)))
      .orderBy(desc(phoneConfirmations.createdAt))
      .limit(1)
      .for("update");
    if (!latest) return { ok: false, field: "code", message: PHONE_CONFIRM_MESSAGES.noCode } as const;
    if (latest.attempts >= PHONE_CODE_RULES.maxTries)
      return { ok: false, field: "code", message: PHONE_CONFIRM_MESSAGES.noTriesLeft } as const;
    if (latest.expiresAt.getTime() <= now.getTime())
      return { ok: false, field: "code", message: PHONE_CONFIRM_MESSAGES.expired } as const;
    const expected = Buffer.from(latest.codeHash, "hex");
    const given = Buffer.from(codeHash(latest.id, code), "hex");
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      await tx
        .update(phoneConfirmations)
        .set({ attempts: sql`${phoneConfirmations.attempts} + 1` })
        .where(eq(phoneConfirmations.id, latest.id));
      const left = PHONE_CODE_RULES.maxTries - latest.attempts - 1;
      return {
        ok: false,
        field: "code",
        message: left > 0 ? PHONE_CONFIRM_MESSAGES.wrongCode : PHONE_CONFIRM_MESSAGES.noTriesLeft,
      } as const;
    }
    await tx.update(phoneConfirmations).set({ confirmedAt: now }).where(eq(phoneConfirmations.id, latest.id));
    await tx.update(users).set({ confirmedPhone: latest.phone, phoneConfirmedAt: now }).where(eq(users.id, user.id));
    return { ok: true, phone: latest.phone } as const;
  });
  if (!outcome.ok) refuseCode(outcome.message);
  return { phone: outcome.phone };
}

export type PhoneStatus = {
  confirmed: { phone: string; display: string; since: Date } | null;
  /** A code sent and still usable: the number it went to, and until when. */
  pending: { display: string; expiresAt: Date } | null;
  /** The number given at registration, offered in the form until one is confirmed (UX 9 of issue 33). */
  registered: string | null;
};

/** What the account's notifications page shows: the confirmed number, and a code waiting to be entered. */
export async function phoneStatus(db: Db, actor: Actor, now = new Date()): Promise<PhoneStatus> {
  const user = requireSignedIn(actor);
  const [row] = await db
    .select({ phone: users.confirmedPhone, since: users.phoneConfirmedAt, registered: users.phone })
    .from(users)
    .where(eq(users.id, user.id))
    .limit(1);
  const [latest] = await db
    .select()
    .from(phoneConfirmations)
    .where(and(eq(phoneConfirmations.userId, user.id), isNull(phoneConfirmations.confirmedAt)))
    .orderBy(desc(phoneConfirmations.createdAt))
    .limit(1);
  const usable = latest && latest.expiresAt > now && latest.attempts < PHONE_CODE_RULES.maxTries;
  return {
    confirmed: row?.phone && row.since ? { phone: row.phone, display: formatPhone(row.phone), since: row.since } : null,
    pending: usable ? { display: formatPhone(latest.phone), expiresAt: latest.expiresAt } : null,
    registered: row?.registered ? formatPhone(row.registered) : null,
  };
}

/** The account's confirmed number (E.164), or null: SMS and WhatsApp go to no other. */
export async function confirmedPhoneOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ phone: users.confirmedPhone }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.phone ?? null;
}

/** Removes the account's confirmed number (no more SMS or WhatsApp to it). */
export async function removeConfirmedPhone(db: Db, actor: Actor): Promise<void> {
  const user = requireSignedIn(actor);
  await db.update(users).set({ confirmedPhone: null, phoneConfirmedAt: null }).where(eq(users.id, user.id));
}
