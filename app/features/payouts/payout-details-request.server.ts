import { randomInt, randomUUID } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Actor } from "~/auth/actor";
import { SITE } from "~/content/site";
import type { Db } from "~/db/client.server";
import { type MobileMoneyNetwork, payoutDetailChanges, users } from "~/db/schema";
import { env } from "~/env.server";
import { recordAudit } from "~/features/audit/public.server";
import { queueEmail, queueText } from "~/features/messaging/public.server";
import { logger } from "~/lib/logger.server";
import { formatPhone, parsePhone } from "~/lib/phone";
import { parseOrRefuse, refuse } from "~/lib/refusal";
import {
  codeHash,
  type Details,
  describeDetails,
  holderNote,
  PAYOUT_DETAILS_REFUSALS,
  requireDoctor,
} from "./payout-details.server.ts";
import { payoutHoldNotice, phoneChangeHold } from "./payout-details-hold.server.ts";
import { PAYOUT_DETAIL_RULES, requestPayoutDetailsSchema } from "./payout-details-schema.ts";
import type { PayoutProvider } from "./provider.ts";
import { payoutProvider } from "./providers.server.ts";

/* Asking for a change of payout details: the destination checked with the provider, the codes sent. */

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
 * Checks the details a doctor asked for with the payout provider before any code is sent (decision 032,
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
