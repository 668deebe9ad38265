import { timingSafeEqual } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Actor } from "~/auth/actor";
import { SITE } from "~/content/site";
import type { Db } from "~/db/client.server";
import { payoutDetailChanges, payoutDetails, users } from "~/db/schema";
import { env } from "~/env.server";
import { recordAudit } from "~/features/audit/public.server";
import { queueEmail } from "~/features/messaging/public.server";
import { parseOrRefuse, refuse } from "~/lib/refusal";
import { sameHolder } from "./holder-name.ts";
import {
  codeHash,
  describeDetails,
  holderNote,
  PAYOUT_DETAILS_REFUSALS,
  requireDoctor,
} from "./payout-details.server.ts";
import { phoneChangeHold } from "./payout-details-hold.server.ts";
import { confirmPayoutDetailsSchema, PAYOUT_DETAIL_RULES } from "./payout-details-schema.ts";

/* Confirming a requested change with its codes: the details become the doctor's, payouts are held. */

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
