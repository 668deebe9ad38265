import { createHmac, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Actor, UserActor } from "~/auth/actor";
import { assertGate } from "~/auth/actor.server";
import { SITE } from "~/content/site";
import type { Db } from "~/db/client.server";
import { type MobileMoneyNetwork, type PayoutMethod, payoutDetailChanges, payoutDetails, users } from "~/db/schema";
import { env } from "~/env.server";
import { recordAudit } from "~/features/audit/public.server";
import { queueEmail, queueText } from "~/features/messaging/public.server";
import { logger } from "~/lib/logger.server";
import { formatPhone, parsePhone } from "~/lib/phone";
import { parseOrRefuse, refuse } from "~/lib/refusal";
import { sameHolder } from "./holder-name.ts";
import {
  confirmPayoutDetailsSchema,
  NETWORK_LABELS,
  PAYOUT_DETAIL_RULES,
  PAYOUT_DETAILS_MESSAGES,
  PAYOUT_METHOD_LABELS,
  requestPayoutDetailsSchema,
} from "./payout-details-schema.ts";
import type { PayoutProvider } from "./provider.ts";
import { payoutProvider } from "./providers.server.ts";

/*
 * Where a doctor is paid (issue 27): a mobile-money wallet or a bank account, and the name on it.
 * A change is requested, then confirmed with two codes, one sent by SMS to the doctor's confirmed
 * mobile number (issue 26's confirmation) and one by email; both kept as HMACs, valid 15 minutes,
 * 5 tries. A confirmed change holds payouts for 24 hours, so a stolen session cannot redirect the
 * money at once; the doctor is emailed about it and it is in the audit log.
 *
 * The destination itself is checked too (issue 35 point 5: a typo in a MoMo number paid a stranger,
 * and the codes proved only who asked, not whose wallet it was). Before any code is sent the
 * holder's name is asked of the payout provider (Paystack's GET /bank/resolve, documented for
 * personal bank accounts in Ghana) and shown for the doctor to confirm; a name that is not the one
 * they typed must be accepted by them in so many words. A bank account the provider cannot resolve
 * is refused; one it cannot be asked about just now waits (503). A mobile-money wallet whose holder
 * the provider does not name (Paystack does not document resolve for mobile money) gets a third
 * code, by SMS to the wallet's own number (a MoMo number receives SMS): a mistyped number sends it
 * to the stranger, and the change cannot be confirmed. Where the wallet is the doctor's confirmed
 * phone, the one SMS code already proves it.
 *
 * The SMS code goes to the confirmed number, so for 24 hours after that number was replaced or
 * removed (`users.phone_changed_at`, issue 33) no change of payout details is asked for or
 * confirmed: a stolen session that moved the number (it would need the password too) gains nothing
 * before the owner, told by SMS and email, can act.
 */

/** How long payout details stay as they are after the confirmed number changed (issue 33). */
export const PHONE_CHANGE_HOLD_HOURS = 24;

export const PAYOUT_DETAILS_REFUSALS = {
  noPhone:
    "Please confirm your mobile number first (Account: Notifications). The code that confirms a change of payout details is sent to it.",
  tooMany: "Too many changes requested today. Please try again tomorrow.",
  noChange: "Please ask for a change first.",
  expired: "These codes have expired. Please ask for the change again.",
  noTriesLeft: "Too many wrong codes. Please ask for the change again.",
  wrongCode: "One of the codes is not right. Please check the SMS and the email and try again.",
  walletCode: PAYOUT_DETAILS_MESSAGES.walletCode,
  acceptName: PAYOUT_DETAILS_MESSAGES.acceptName,
  bankNotFound: "The bank could not find an account with this number and bank code. Please check both and try again.",
  cannotCheck: "We could not check this account with the bank just now. Please try again in a few minutes.",
  phoneChanged: `Your mobile number was changed less than ${PHONE_CHANGE_HOLD_HOURS} hours ago. For your security, payout details cannot change until ${PHONE_CHANGE_HOLD_HOURS} hours after it.`,
} as const;

type Details = {
  method: PayoutMethod;
  network: MobileMoneyNetwork | null;
  accountNumber: string;
  bankCode: string | null;
  accountName: string;
};

/** "•••• 0147": enough to recognise, not enough to copy. */
export function maskAccount(accountNumber: string): string {
  const digits = accountNumber.replace(/\D/g, "");
  return `•••• ${digits.slice(-4)}`;
}

/** How a payout destination is described on screens and in mail (masked). */
export function describeDetails(details: Pick<Details, "method" | "network" | "accountNumber" | "bankCode">): string {
  return details.method === "mobile_money"
    ? `${NETWORK_LABELS[details.network ?? "MTN"]} ${maskAccount(details.accountNumber)}`
    : `${PAYOUT_METHOD_LABELS.bank} (bank ${details.bankCode}) ${maskAccount(details.accountNumber)}`;
}

/** A requested change as the doctor sees it before confirming. */
export type PendingPayoutChange = {
  method: PayoutMethod;
  description: string;
  accountName: string;
  expiresAt: string;
  /** The holder's name the provider gave (null: it could not name them). */
  resolvedName: string | null;
  /** Whether the resolved name is the name the doctor typed (null when there is none). */
  nameMatches: boolean | null;
  /** The wallet's own number a third code went to (formatted), or null. */
  walletTo: string | null;
  /** A wallet on the doctor's confirmed phone whose holder was not named: the SMS code went to the wallet. */
  smsIsWallet: boolean;
};

export type PayoutDetailsView = {
  current: { description: string; accountName: string; holdUntil: string | null } | null;
  pending: PendingPayoutChange | null;
  confirmedPhone: string | null;
  /** Until when payout details cannot change because the confirmed number changed (ISO), or null. */
  phoneChangeHoldUntil: string | null;
};

/** The end of the hold that a change of the confirmed number puts on payout details, if it is still on at `now`. */
function phoneChangeHold(changedAt: Date | null | undefined, now: Date): Date | null {
  if (!changedAt) return null;
  const until = new Date(changedAt.getTime() + PHONE_CHANGE_HOLD_HOURS * 3600_000);
  return until > now ? until : null;
}

function requireDoctor(actor: Actor): UserActor {
  return assertGate(actor, "doctor");
}

/** The doctor's own payout details (masked), a change awaiting its codes, and the number codes go to. */
export async function getPayoutDetails(db: Db, actor: Actor, now = new Date()): Promise<PayoutDetailsView> {
  const doctor = requireDoctor(actor);
  const [current] = await db.select().from(payoutDetails).where(eq(payoutDetails.doctorId, doctor.id)).limit(1);
  const [pending] = await db
    .select()
    .from(payoutDetailChanges)
    .where(
      and(
        eq(payoutDetailChanges.doctorId, doctor.id),
        isNull(payoutDetailChanges.appliedAt),
        gt(payoutDetailChanges.expiresAt, now),
      ),
    )
    .orderBy(desc(payoutDetailChanges.createdAt))
    .limit(1);
  const [user] = await db
    .select({ phone: users.confirmedPhone, changedAt: users.phoneChangedAt })
    .from(users)
    .where(eq(users.id, doctor.id))
    .limit(1);
  return {
    current: current
      ? {
          description: describeDetails(current),
          accountName: current.accountName,
          holdUntil: current.holdUntil > now ? current.holdUntil.toISOString() : null,
        }
      : null,
    pending:
      pending && pending.attempts < PAYOUT_DETAIL_RULES.maxTries
        ? {
            method: pending.method,
            description: describeDetails(pending),
            accountName: pending.accountName,
            expiresAt: pending.expiresAt.toISOString(),
            resolvedName: pending.resolvedName,
            nameMatches: pending.resolvedName ? sameHolder(pending.accountName, pending.resolvedName) : null,
            walletTo: pending.walletCodeHash ? formatPhone(pending.accountNumber) : null,
            smsIsWallet:
              pending.method === "mobile_money" &&
              !pending.resolvedName &&
              !pending.walletCodeHash &&
              pending.accountNumber === user?.phone,
          }
        : null,
    confirmedPhone: user?.phone ? formatPhone(user.phone) : null,
    phoneChangeHoldUntil: phoneChangeHold(user?.changedAt, now)?.toISOString() ?? null,
  };
}

function codeHash(id: string, channel: "sms" | "email" | "wallet", code: string): string {
  return createHmac("sha256", env().AUTH_SECRET).update(`payout-details:${id}:${channel}:${code}`).digest("hex");
}

const sixDigits = () => String(randomInt(0, 1_000_000)).padStart(6, "0");

/** The details a doctor asked for, and what the payout provider said of their holder. */
export type CheckedDestination = {
  details: Details;
  /** The holder's name the provider gave; null when it could not (or was not set up to) name them. */
  resolvedName: string | null;
};

/** The posted details, normalised (the mobile-money number parsed with libphonenumber-js), or a 400. */
function parseDetails(values: unknown): Details {
  const input = parseOrRefuse(requestPayoutDetailsSchema, values);
  if (input.method === "mobile_money") {
    const phone = parsePhone(input.mobile_number ?? "", { mobile: true, region: "GH" });
    if (!phone.ok || !phone.e164.startsWith("+233")) {
      const message = "Please enter a Ghanaian mobile-money number";
      refuse(400, message, { mobile_number: message });
    }
    return {
      method: "mobile_money",
      network: input.network as MobileMoneyNetwork,
      accountNumber: phone.e164,
      bankCode: null,
      accountName: input.account_name,
    };
  }
  return {
    method: "bank",
    network: null,
    accountNumber: (input.account_number ?? "").replace(/\s+/g, ""),
    bankCode: (input.bank_code ?? "").trim(),
    accountName: input.account_name,
  };
}

/**
 * Checks the details a doctor asked for with the payout provider before any code is sent (issue 35
 * point 5): the holder's name from GET /bank/resolve. A bank account it cannot resolve is refused
 * (400, under the account number); one it cannot be asked about just now (timeout, 5xx, a wrong
 * key) is refused for now (503): a bank account has no number to send a code to instead. Without a
 * provider (none configured: payouts are paid outside the product) a bank account is not checked.
 * A wallet it does not name is never refused: its own number is sent a code instead. Runs outside
 * any transaction (a call over the network must not hold the database).
 */
export async function checkPayoutDestination(
  actor: Actor,
  values: unknown,
  provider: PayoutProvider | null = payoutProvider(),
): Promise<CheckedDestination> {
  requireDoctor(actor);
  const details = parseDetails(values);
  if (!provider) return { details, resolvedName: null };
  const answer = await provider.resolveAccount(details);
  if (answer.ok) return { details, resolvedName: answer.accountName };
  if (details.method === "bank") {
    if (answer.code === "rejected") {
      refuse(400, PAYOUT_DETAILS_REFUSALS.bankNotFound, { account_number: PAYOUT_DETAILS_REFUSALS.bankNotFound });
    }
    logger.warn({ provider: provider.name, error: answer.error }, "payout details: bank account not checked");
    refuse(503, PAYOUT_DETAILS_REFUSALS.cannotCheck);
  }
  if (answer.code !== "rejected") {
    logger.warn({ provider: provider.name, error: answer.error }, "payout details: wallet holder not asked");
  }
  return { details, resolvedName: null };
}

/**
 * Asks for a change of payout details (approved doctors): checks them (`checkPayoutDestination`,
 * unless the caller did so before opening its transaction), stores the change with its codes and
 * queues the SMS (to the confirmed phone, and to the wallet's own number when its holder was not
 * named) and the email in the same transaction. Nothing changes until the codes are confirmed. At
 * most 5 requests a day.
 */
export async function requestPayoutDetailsChange(
  db: Db,
  actor: Actor,
  values: unknown,
  now = new Date(),
  options: { provider?: PayoutProvider | null; checked?: CheckedDestination } = {},
): Promise<{ ok: true; smsTo: string; walletTo: string | null; resolvedName: string | null }> {
  const doctor = requireDoctor(actor);
  const { details, resolvedName } =
    options.checked ??
    (await checkPayoutDestination(actor, values, options.provider === undefined ? payoutProvider() : options.provider));
  const id = randomUUID();
  const smsCode = sixDigits();
  const emailCode = sixDigits();
  const walletCode = sixDigits();
  const outcome = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payout-details:${doctor.id}`}))`);
    const [user] = await tx
      .select({
        phone: users.confirmedPhone,
        email: users.email,
        name: users.fullName,
        changedAt: users.phoneChangedAt,
      })
      .from(users)
      .where(eq(users.id, doctor.id))
      .limit(1);
    if (!user?.phone) return { refused: PAYOUT_DETAILS_REFUSALS.noPhone, status: 409 } as const;
    if (phoneChangeHold(user.changedAt, now))
      return { refused: PAYOUT_DETAILS_REFUSALS.phoneChanged, status: 409 } as const;
    const [count] = await tx
      .select({ n: sql<string>`count(*)` })
      .from(payoutDetailChanges)
      .where(
        and(
          eq(payoutDetailChanges.doctorId, doctor.id),
          gt(payoutDetailChanges.createdAt, new Date(now.getTime() - 24 * 3600_000)),
        ),
      );
    if (Number(count?.n ?? 0) >= PAYOUT_DETAIL_RULES.perDay) {
      return { refused: PAYOUT_DETAILS_REFUSALS.tooMany, status: 429 } as const;
    }
    // A wallet whose holder was not named, on another number than the confirmed phone: its own code.
    const walletTo =
      details.method === "mobile_money" && !resolvedName && details.accountNumber !== user.phone
        ? details.accountNumber
        : null;
    await tx.insert(payoutDetailChanges).values({
      id,
      doctorId: doctor.id,
      ...details,
      smsCodeHash: codeHash(id, "sms", smsCode),
      emailCodeHash: codeHash(id, "email", emailCode),
      resolvedName,
      walletCodeHash: walletTo ? codeHash(id, "wallet", walletCode) : null,
      expiresAt: new Date(now.getTime() + PAYOUT_DETAIL_RULES.validMinutes * 60_000),
      createdAt: now,
    });
    await recordAudit(tx, {
      actorId: doctor.id,
      action: "payout.details_requested",
      subjectType: "user",
      subjectId: doctor.id,
      reason: `${describeDetails(details)}; ${holderNote(details, resolvedName, walletTo)}`,
    });
    if (walletTo) {
      // Read by whoever holds the wallet's SIM, perhaps a stranger: no name, nothing to act on.
      await queueText(
        tx,
        "sms",
        walletTo,
        {
          text: `${SITE.name}: ${walletCode} is the code to confirm this number as the mobile-money wallet a doctor is paid to. Valid ${PAYOUT_DETAIL_RULES.validMinutes} min. Not expecting it? Ignore this SMS.`,
        },
        { event: "payout.wallet_code", userId: doctor.id, priority: 10 },
      );
    }
    await queueText(
      tx,
      "sms",
      user.phone,
      {
        text: `${SITE.name}: ${smsCode} is your code to change where you are paid. Valid ${PAYOUT_DETAIL_RULES.validMinutes} min. Did not ask? Do not share it; sign in and tell us.`,
      },
      { event: "payout.details_code", userId: doctor.id, priority: 10 },
    );
    await queueEmail(
      tx,
      {
        to: user.email,
        subject: `Your code to change your ${SITE.name} payout details`,
        text: [
          `Hello ${user.name},`,
          "",
          `Someone signed in as you asked to change where your ${SITE.name} earnings are paid, to:`,
          `${describeDetails(details)}, in the name of ${details.accountName}.`,
          resolvedName
            ? `The ${details.method === "bank" ? "bank" : "network"} says this account is in the name of ${resolvedName}.`
            : details.method === "bank"
              ? "The name on this account could not be checked with the bank."
              : "The network could not tell us whose wallet this is.",
          "",
          walletTo
            ? `Your email code is ${emailCode}. A second code was sent by SMS to your confirmed mobile number and a third to the wallet's own number, ${formatPhone(walletTo)}. All three are needed, within ${PAYOUT_DETAIL_RULES.validMinutes} minutes.`
            : `Your email code is ${emailCode}. A second code was sent by SMS to your confirmed mobile number. Both are needed, within ${PAYOUT_DETAIL_RULES.validMinutes} minutes.`,
          payoutHoldNotice("before"),
          "",
          "If this was not you, do not share the codes, change your password and contact us.",
          `${env().APP_URL}/account/payout-details`,
        ].join("\n"),
      },
      { event: "payout.details_code", userId: doctor.id, priority: 10 },
    );
    return { refused: null, phone: user.phone, walletTo } as const;
  });
  if (outcome.refused) refuse(outcome.status, outcome.refused);
  return {
    ok: true,
    smsTo: formatPhone(outcome.phone),
    walletTo: outcome.walletTo ? formatPhone(outcome.walletTo) : null,
    resolvedName,
  };
}

/** What the audit log says of the holder: the name the provider gave, or how the wallet is proved. */
function holderNote(
  details: Pick<Details, "method" | "accountName">,
  resolvedName: string | null,
  walletTo: string | null,
): string {
  if (resolvedName) {
    return sameHolder(details.accountName, resolvedName)
      ? `holder resolved: ${resolvedName}`
      : `holder resolved: ${resolvedName}, not the name entered (${details.accountName})`;
  }
  if (walletTo) return "holder not resolved: a code sent to the wallet's own number";
  return details.method === "bank"
    ? "holder not checked (no payout provider)"
    : "holder not resolved: the wallet is the confirmed phone";
}

type ConfirmOutcome =
  | { ok: true; holdUntil: Date }
  | {
      ok: false;
      status: number;
      message: string;
      field: "sms_code" | "email_code" | "wallet_code" | "accept_name" | null;
    };

function sameHash(expectedHex: string, givenHex: string): boolean {
  const a = Buffer.from(expectedHex, "hex");
  const b = Buffer.from(givenHex, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * What a doctor is told about the hold (PAYOUT_HOLD_HOURS, 24 by default), before the change is
 * confirmed (the codes' email) or after (the toast). A hold of 0 (a test server) is said as such.
 */
export function payoutHoldNotice(when: "before" | "after"): string {
  const hours = env().PAYOUT_HOLD_HOURS;
  const held = `payouts are held for ${hours} ${hours === 1 ? "hour" : "hours"}`;
  if (when === "after") {
    return hours === 0 ? "Payouts go to the new details from the next payout run." : `For your security, ${held}.`;
  }
  return hours === 0
    ? "Once confirmed, payouts go to the new details from the next payout run."
    : `Once confirmed, ${held}.`;
}

/**
 * Confirms the newest requested change with both codes: the details become the doctor's, payouts
 * are held for 24 hours (`hold_until`), the provider's recipient is made again at the next payout,
 * the doctor is emailed and the change audited. A wrong code counts a try (5 at most).
 */
export async function confirmPayoutDetailsChange(
  db: Db,
  actor: Actor,
  values: unknown,
  now = new Date(),
): Promise<{ ok: true; holdUntil: Date }> {
  const doctor = requireDoctor(actor);
  const parsed = parseOrRefuse(confirmPayoutDetailsSchema, values);
  const smsCode = parsed.sms_code.replace(/\s+/g, "");
  const emailCode = parsed.email_code.replace(/\s+/g, "");
  const walletCode = (parsed.wallet_code ?? "").replace(/\s+/g, "");
  // A refusal is given after the transaction commits: a wrong code's counted try must stay counted.
  const outcome = await db.transaction(async (tx): Promise<ConfirmOutcome> => {
    const [change] = await tx
      .select()
      .from(payoutDetailChanges)
      .where(and(eq(payoutDetailChanges.doctorId, doctor.id), isNull(payoutDetailChanges.appliedAt)))
      .orderBy(desc(payoutDetailChanges.createdAt))
      .limit(1)
      .for("update");
    if (!change) return { ok: false, status: 409, message: PAYOUT_DETAILS_REFUSALS.noChange, field: null };
    const [owner] = await tx
      .select({ changedAt: users.phoneChangedAt })
      .from(users)
      .where(eq(users.id, doctor.id))
      .limit(1);
    if (phoneChangeHold(owner?.changedAt, now)) {
      return { ok: false, status: 409, message: PAYOUT_DETAILS_REFUSALS.phoneChanged, field: null };
    }
    if (change.attempts >= PAYOUT_DETAIL_RULES.maxTries) {
      return { ok: false, status: 429, message: PAYOUT_DETAILS_REFUSALS.noTriesLeft, field: null };
    }
    if (change.expiresAt <= now)
      return { ok: false, status: 409, message: PAYOUT_DETAILS_REFUSALS.expired, field: null };
    // The wallet's code, when one was sent, is asked for before any try is counted.
    if (change.walletCodeHash && !/^\d{6}$/.test(walletCode)) {
      return { ok: false, status: 400, message: PAYOUT_DETAILS_REFUSALS.walletCode, field: "wallet_code" };
    }
    const smsRight = sameHash(change.smsCodeHash, codeHash(change.id, "sms", smsCode));
    const emailRight = sameHash(change.emailCodeHash, codeHash(change.id, "email", emailCode));
    const walletRight =
      !change.walletCodeHash || sameHash(change.walletCodeHash, codeHash(change.id, "wallet", walletCode));
    if (!smsRight || !emailRight || !walletRight) {
      await tx
        .update(payoutDetailChanges)
        .set({ attempts: sql`${payoutDetailChanges.attempts} + 1` })
        .where(eq(payoutDetailChanges.id, change.id));
      const left = PAYOUT_DETAIL_RULES.maxTries - change.attempts - 1;
      return {
        ok: false,
        status: left > 0 ? 400 : 429,
        message: left > 0 ? PAYOUT_DETAILS_REFUSALS.wrongCode : PAYOUT_DETAILS_REFUSALS.noTriesLeft,
        field: !smsRight ? "sms_code" : !emailRight ? "email_code" : "wallet_code",
      };
    }
    // A holder's name that is not the one typed: the doctor decides, in so many words (no try counted).
    const nameDiffers = !!change.resolvedName && !sameHolder(change.accountName, change.resolvedName);
    if (nameDiffers && parsed.accept_name !== "on") {
      return { ok: false, status: 400, message: PAYOUT_DETAILS_REFUSALS.acceptName, field: "accept_name" };
    }
    const holdUntil = new Date(now.getTime() + env().PAYOUT_HOLD_HOURS * 3600_000);
    const [before] = await tx.select().from(payoutDetails).where(eq(payoutDetails.doctorId, doctor.id)).limit(1);
    const next = {
      method: change.method,
      network: change.network,
      accountNumber: change.accountNumber,
      bankCode: change.bankCode,
      accountName: change.accountName,
      recipientProvider: null,
      recipientCode: null,
      holdUntil,
      updatedAt: now,
    };
    await tx
      .insert(payoutDetails)
      .values({ doctorId: doctor.id, ...next })
      .onConflictDoUpdate({ target: payoutDetails.doctorId, set: next });
    await tx.update(payoutDetailChanges).set({ appliedAt: now }).where(eq(payoutDetailChanges.id, change.id));
    await recordAudit(tx, {
      actorId: doctor.id,
      action: "payout.details_changed",
      subjectType: "user",
      subjectId: doctor.id,
      fromStatus: before ? describeDetails(before) : null,
      toStatus: describeDetails(change),
      reason: `Payouts held until ${holdUntil.toISOString()}; ${holderNote(change, change.resolvedName, change.walletCodeHash ? change.accountNumber : null)}${nameDiffers ? "; the doctor accepted the name" : ""}`,
    });
    const [user] = await tx
      .select({ email: users.email, name: users.fullName })
      .from(users)
      .where(eq(users.id, doctor.id))
      .limit(1);
    if (user) {
      await queueEmail(
        tx,
        {
          to: user.email,
          subject: `Your ${SITE.name} payout details were changed`,
          text: [
            `Hello ${user.name},`,
            "",
            `Your ${SITE.name} earnings will now be paid to ${describeDetails(change)}, in the name of ${change.accountName}${change.resolvedName ? ` (the account holder's name: ${change.resolvedName})` : ""}.`,
            `For your security, payouts are held until ${holdUntil.toUTCString()}.`,
            "",
            "If you did not make this change, contact us at once: we will stop the payout.",
            `${env().APP_URL}/account/payout-details`,
          ].join("\n"),
        },
        { event: "payout.details_changed", userId: doctor.id, priority: 10 },
      );
    }
    return { ok: true, holdUntil };
  });
  if (!outcome.ok)
    refuse(outcome.status, outcome.message, outcome.field ? { [outcome.field]: outcome.message } : undefined);
  return outcome;
}
