import { createHmac } from "node:crypto";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { Actor, UserActor } from "~/auth/actor";
import { assertGate } from "~/auth/actor.server";
import type { Db } from "~/db/client.server";
import { type MobileMoneyNetwork, type PayoutMethod, payoutDetailChanges, payoutDetails, users } from "~/db/schema";
import { env } from "~/env.server";
import { formatPhone } from "~/lib/phone";
import { sameHolder } from "./holder-name.ts";
import { PHONE_CHANGE_HOLD_HOURS, phoneChangeHold } from "./payout-details-hold.server.ts";
import {
  NETWORK_LABELS,
  PAYOUT_DETAIL_RULES,
  PAYOUT_DETAILS_MESSAGES,
  PAYOUT_METHOD_LABELS,
} from "./payout-details-schema.ts";

/*
 * Where a doctor is paid (decision 026): a mobile-money wallet or a bank account, and the name on it.
 * A change is requested, then confirmed with two codes, one sent by SMS to the doctor's confirmed
 * mobile number (decision 025's confirmation) and one by email; both kept as HMACs, valid 15 minutes,
 * 5 tries. A confirmed change holds payouts for 24 hours, so a stolen session cannot redirect the
 * money at once; the doctor is emailed about it and it is in the audit log.
 *
 * The destination itself is checked too (decision 032, point 5: a typo in a MoMo number paid a stranger,
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
 * removed (`users.phone_changed_at`, decision 036) no change of payout details is asked for or
 * confirmed: a stolen session that moved the number (it would need the password too) gains nothing
 * before the owner, told by SMS and email, can act.
 *
 * Here: what the payout-details modules share and the doctor's view of their details; asking for a
 * change (payout-details-request.server.ts), confirming it (payout-details-confirm.server.ts), and
 * the holds on payouts and on changes (payout-details-hold.server.ts).
 */

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

export type Details = {
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

export function requireDoctor(actor: Actor): UserActor {
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

export function codeHash(id: string, channel: "sms" | "email" | "wallet", code: string): string {
  return createHmac("sha256", env().AUTH_SECRET).update(`payout-details:${id}:${channel}:${code}`).digest("hex");
}

/** What the audit log says of the holder: the name the provider gave, or how the wallet is proved. */
export function holderNote(
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
