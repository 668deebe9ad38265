import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Actor, UserActor } from "~/auth/actor";
import { checkOwnPassword } from "~/auth/password-check.server";
import { SITE } from "~/content/site";
import type { Db } from "~/db/client.server";
import { phoneConfirmations, users } from "~/db/schema";
import { env } from "~/env.server";
import type { OutboundMessage } from "~/features/messaging/public.server";
import { queueEmail, queueText, smsProvider } from "~/features/messaging/public.server";
import { logger } from "~/lib/logger.server";
import { formatPhone, parsePhone } from "~/lib/phone";
import { refuse } from "~/lib/refusal";
import { codeMatches, issuePhoneCode, typedCode } from "./phone-codes.server.ts";
import { PHONE_CODE_RULES } from "./phone-schemas.ts";

/**
 * Phone confirmation (decision 025): before the first SMS to a person's number they confirm it with a
 * 6-digit code, valid 5 minutes, 3 tries; at most 3 codes per number per 15 minutes and 10 a day,
 * counted per number (whoever asks) and per account.
 *
 * Decision 036: the confirmed number receives the code that confirms a change of payout details, so a
 * stolen session must not move it. A code to another number than the confirmed one, and removing
 * the confirmed one, ask for the account's password (app/auth/password-check.server.ts); the old
 * number and the email address are told; `phone_changed_at` records it, and payout details cannot
 * change for 24 hours after it (app/features/payouts/payout-details.server.ts).
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
  passwordNeeded: "Please enter your password to change your confirmed number.",
  passwordNeededToRemove: "Please enter your password to remove your confirmed number.",
  wrongPassword: "That password is not right.",
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

/**
 * Asks for the account's password (decision 036), refusing under the password field: missing or wrong
 * (400), or after 5 wrong ones in 15 minutes (429). Call it outside a transaction that a refusal
 * rolls back: a wrong password must stay counted.
 */
async function requirePassword(db: Db, user: UserActor, password: unknown, missing: string, now: Date) {
  const checked = await checkOwnPassword(db, user.id, typeof password === "string" ? password : null, now);
  if (checked.ok) return;
  if (checked.reason === "limited") refuse(429, checked.message, { password: checked.message });
  const message = checked.reason === "missing" ? missing : PHONE_CONFIRM_MESSAGES.wrongPassword;
  refuse(400, message, { password: message });
}

/** How a number is shown to someone who may not own it: its last 4 digits. */
const lastDigits = (phone: string) => `•••• ${phone.slice(-4)}`;

/** Signed in and approved: SMS cost money and reach people, so accounts awaiting approval send none. */
function requireSignedIn(actor: Actor): UserActor {
  if (actor.kind !== "user") refuse(401, "Authentication Required");
  if (!actor.approved) refuse(403, "Account Pending Approval");
  return actor;
}

/**
 * Sends a new code to the number the person typed (parsed with default region GH, mobile only).
 * An earlier code for the same account stops counting: only the newest can be confirmed.
 */
export async function requestPhoneCode(
  db: Db,
  actor: Actor,
  input: { phone: string; password?: string | null },
  delivery: CodeDelivery = sendCodeNow,
  now = new Date(),
): Promise<RequestCodeResult> {
  const user = requireSignedIn(actor);
  const parsed = parsePhone(String(input.phone ?? ""), { mobile: true });
  if (!parsed.ok) refusePhone(parsed.message);
  const phone = parsed.e164;
  // Another number than the confirmed one: only the person who knows the password may move it.
  const confirmed = await confirmedPhoneOf(db, user.id);
  if (confirmed && confirmed !== phone) {
    await requirePassword(db, user, input.password, PHONE_CONFIRM_MESSAGES.passwordNeeded, now);
  }
  const issued = await db.transaction((tx) =>
    issuePhoneCode(tx as unknown as Db, { userId: user.id, phone, purpose: "confirm" }, delivery.inTransaction, now),
  );
  if (!issued.ok)
    refusePhone(issued.limit === "number" ? PHONE_CONFIRM_MESSAGES.tooMany : PHONE_CONFIRM_MESSAGES.tooManyForAccount);
  const { message, expiresAt } = issued;
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
  const code = typedCode(input.code);
  if (!code) refuseCode(PHONE_CONFIRM_MESSAGES.codeFormat);
  // A wrong code's counted try must commit: the refusal is thrown after the transaction.
  const outcome = await db.transaction(async (tx) => {
    const [latest] = await tx
      .select()
      .from(phoneConfirmations)
      .where(
        and(
          eq(phoneConfirmations.userId, user.id),
          eq(phoneConfirmations.purpose, "confirm"),
          isNull(phoneConfirmations.confirmedAt),
        ),
      )
      .orderBy(desc(phoneConfirmations.createdAt))
      .limit(1)
      .for("update");
    if (!latest) return { ok: false, field: "code", message: PHONE_CONFIRM_MESSAGES.noCode } as const;
    const [account] = await tx
      .select({
        phone: users.confirmedPhone,
        confirmedAt: users.phoneConfirmedAt,
        changedAt: users.phoneChangedAt,
        email: users.email,
        name: users.fullName,
      })
      .from(users)
      .where(eq(users.id, user.id))
      .limit(1)
      .for("update");
    // A code asked for before the account's number last changed was asked for without the
    // password that a change needs now: it is void (decision 036).
    const lastChange = Math.max(account?.confirmedAt?.getTime() ?? 0, account?.changedAt?.getTime() ?? 0);
    if (latest.createdAt.getTime() <= lastChange)
      return { ok: false, field: "code", message: PHONE_CONFIRM_MESSAGES.expired } as const;
    if (latest.attempts >= PHONE_CODE_RULES.maxTries)
      return { ok: false, field: "code", message: PHONE_CONFIRM_MESSAGES.noTriesLeft } as const;
    if (latest.expiresAt.getTime() <= now.getTime())
      return { ok: false, field: "code", message: PHONE_CONFIRM_MESSAGES.expired } as const;
    if (!codeMatches(latest, code)) {
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
    // A change: another number replaces the confirmed one, or follows one that was removed.
    const replaced = account?.phone && account.phone !== latest.phone ? account.phone : null;
    const changed = !!replaced || (!account?.phone && !!account?.changedAt);
    await tx
      .update(users)
      .set({ confirmedPhone: latest.phone, phoneConfirmedAt: now, ...(changed ? { phoneChangedAt: now } : {}) })
      .where(eq(users.id, user.id));
    if (changed && account) {
      await tellOfChange(tx as unknown as Db, user.id, account, replaced, "phone.changed", {
        sms: `${SITE.name}: the mobile number on your account was changed. If this was not you, sign in, change your password and contact us.`,
        subject: `Your ${SITE.name} mobile number was changed`,
        what: `The mobile number on your ${SITE.name} account was changed to ${lastDigits(latest.phone)}.`,
      });
    }
    return { ok: true, phone: latest.phone } as const;
  });
  if (!outcome.ok) refuseCode(outcome.message);
  return { phone: outcome.phone };
}

export type PhoneStatus = {
  confirmed: { phone: string; display: string; since: Date } | null;
  /** A code sent and still usable: the number it went to, and until when. */
  pending: { display: string; expiresAt: Date } | null;
  /** The number given at registration, offered in the form until one is confirmed. */
  registered: string | null;
};

/** What the account's notifications page shows: the confirmed number, and a code waiting to be entered. */
export async function phoneStatus(db: Db, actor: Actor, now = new Date()): Promise<PhoneStatus> {
  const user = requireSignedIn(actor);
  const [row] = await db
    .select({
      phone: users.confirmedPhone,
      since: users.phoneConfirmedAt,
      changedAt: users.phoneChangedAt,
      registered: users.phone,
    })
    .from(users)
    .where(eq(users.id, user.id))
    .limit(1);
  const lastChange = Math.max(row?.since?.getTime() ?? 0, row?.changedAt?.getTime() ?? 0);
  const [latest] = await db
    .select()
    .from(phoneConfirmations)
    .where(
      and(
        eq(phoneConfirmations.userId, user.id),
        eq(phoneConfirmations.purpose, "confirm"),
        isNull(phoneConfirmations.confirmedAt),
      ),
    )
    .orderBy(desc(phoneConfirmations.createdAt))
    .limit(1);
  const usable =
    latest &&
    latest.expiresAt > now &&
    latest.attempts < PHONE_CODE_RULES.maxTries &&
    latest.createdAt.getTime() > lastChange;
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

/**
 * Removes the account's confirmed number (no more SMS or WhatsApp to it), with the account's
 * password (decision 036); the number and the email address are told.
 */
export async function removeConfirmedPhone(
  db: Db,
  actor: Actor,
  input: { password?: string | null },
  now = new Date(),
): Promise<void> {
  const user = requireSignedIn(actor);
  const confirmed = await confirmedPhoneOf(db, user.id);
  if (!confirmed) return;
  await requirePassword(db, user, input.password, PHONE_CONFIRM_MESSAGES.passwordNeededToRemove, now);
  await db.transaction(async (tx) => {
    const [account] = await tx
      .select({ phone: users.confirmedPhone, email: users.email, name: users.fullName })
      .from(users)
      .where(eq(users.id, user.id))
      .limit(1)
      .for("update");
    if (!account?.phone) return;
    await tx
      .update(users)
      .set({ confirmedPhone: null, phoneConfirmedAt: null, phoneChangedAt: now })
      .where(eq(users.id, user.id));
    await tellOfChange(tx as unknown as Db, user.id, account, account.phone, "phone.removed", {
      sms: `${SITE.name}: this number was removed from your account. If this was not you, sign in, change your password and contact us.`,
      subject: `Your ${SITE.name} mobile number was removed`,
      what: `The mobile number ${lastDigits(account.phone)} was removed from your ${SITE.name} account.`,
    });
  });
}

/**
 * Tells the owner that the confirmed number changed or went: an SMS to the number that was
 * confirmed (it does not say the new one), and an email to the account's address; both queued in
 * the change's transaction. Payout details then wait 24 hours (payout-details.server.ts).
 */
async function tellOfChange(
  tx: Db,
  userId: string,
  account: { email: string; name: string },
  oldPhone: string | null,
  event: "phone.changed" | "phone.removed",
  text: { sms: string; subject: string; what: string },
): Promise<void> {
  if (oldPhone) await queueText(tx, "sms", oldPhone, { text: text.sms }, { event, userId, priority: 10 });
  await queueEmail(
    tx,
    {
      to: account.email,
      subject: text.subject,
      text: [
        `Hello ${account.name},`,
        "",
        text.what,
        "For your security, your payout details cannot be changed for the next 24 hours.",
        "",
        "If this was not you, sign in, change your password and contact us at once.",
        `${env().APP_URL}/account/notifications`,
      ].join("\n"),
    },
    { event, userId, priority: 10 },
  );
}
