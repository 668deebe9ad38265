import { and, eq, inArray, sql } from "drizzle-orm";
import { SITE } from "~/content/site";
import type { Db } from "~/db/client.server";
import { type PayoutTransferStatus, paymentRecords, payoutDetails, payoutTransfers, users } from "~/db/schema";
import { env } from "~/env.server";
import { type EntryInput, postEntry, recordSystemAudit } from "~/features/ledger/public.server";
import { queueEmail } from "~/features/messaging/public.server";
import { enqueue, type JobHandler } from "~/jobs/queue.server";
import { logger } from "~/lib/logger.server";
import { alertAdmins, alertAuth } from "./payout-alerts.server.ts";
import { cedis, PAYOUT_MESSAGES } from "./payout-common.server.ts";
import { describeDetails } from "./payout-details.server.ts";
import type { PayoutProvider, TransferState } from "./provider.ts";

/*
 * A payout transfer's way (docs/decisions/026): sent under its reference by the payout-transfer job,
 * its outcome applied once and forward only (from the API's answer, the webhook or a verification).
 */

/* ------------------------------------------------------------------------------------------------
 * A transfer's outcome (webhook, verification, the API's own answer)
 * ---------------------------------------------------------------------------------------------- */

type Transfer = typeof payoutTransfers.$inferSelect;
type Outcome = "success" | "failed" | "reversed";

/** The statuses an outcome may follow: forward only; a success may still be reversed. */
const FROM: Record<Outcome, PayoutTransferStatus[]> = {
  // A transfer failed here that Paystack then paid (decision 032) is reconciled, never ignored.
  success: ["queued", "pending", "failed"],
  failed: ["queued", "pending"],
  reversed: ["queued", "pending", "success"],
};

/**
 * Applies a transfer's final state once: one conditional UPDATE (a replay, a second worker or a
 * late, older event finds nothing to change and writes nothing), then the ledger entries under the
 * transfer's keys, the payment records, the doctor's email and the audit row, all in `tx`.
 */
export async function applyTransferOutcome(
  tx: Db,
  transferId: string,
  outcome: Outcome,
  info: { feePesewas?: number | null; providerCode?: string | null; reason?: string | null; source: string },
  now = new Date(),
): Promise<boolean> {
  const [before] = await tx
    .select({ status: payoutTransfers.status })
    .from(payoutTransfers)
    .where(eq(payoutTransfers.id, transferId))
    .for("update");
  if (!before || !FROM[outcome].includes(before.status)) return false;
  const [transfer] = await tx
    .update(payoutTransfers)
    .set({
      status: outcome,
      finishedAt: now,
      ...(info.providerCode ? { providerTransferCode: info.providerCode } : {}),
      ...(outcome !== "success" && info.reason ? { lastError: info.reason } : {}),
      ...(outcome === "success" ? { lastError: null } : {}),
    })
    .where(and(eq(payoutTransfers.id, transferId), inArray(payoutTransfers.status, FROM[outcome])))
    .returning();
  if (!transfer) return false;
  const amount = transfer.amountPesewas;
  const entry = (kind: EntryInput["kind"], key: string, memo: string, lines: EntryInput["lines"]) =>
    postEntry(tx, {
      idempotencyKey: `${key}:${transfer.id}`,
      kind,
      memo,
      payoutTransferId: transfer.id,
      at: now,
      lines,
    });
  const paidAfterFailure = outcome === "success" && before.status === "failed";
  if (outcome === "success") {
    // Paid after we had failed it (the money went back on the doctor's balance): it comes off the
    // balance again, and the administrators are told (the doctor may owe it if it was paid since).
    await entry(
      "payout_settled",
      "payout-settled",
      paidAfterFailure
        ? `Payout ${transfer.reference} paid after it was marked failed: off the balance again`
        : `Payout ${transfer.reference} paid`,
      [
        { account: paidAfterFailure ? { doctorId: transfer.doctorId } : { kind: "provider_clearing" }, amount },
        { account: { kind: "cash" }, amount: -amount },
      ],
    );
    await recordFee(tx, transfer, info.feePesewas ?? null, now);
    if (paidAfterFailure) {
      await alertAdmins(tx, {
        event: "payout.paid_after_failure",
        subject: `${SITE.name}: a payout marked failed was paid (${transfer.reference})`,
        lines: [
          `Paystack reports transfer ${transfer.reference} (${cedis(amount)} to ${describeDetails(transfer)}) as paid (${info.source}), after it had been marked failed here and the money put back on the doctor's balance.`,
          "The amount has been taken off the doctor's balance again. If it was paid to them again since, their balance is now negative: it is recovered from their next earnings.",
          "Check the doctor's statement and the transfer at Paystack.",
        ],
      });
    }
    if (paidAfterFailure) {
      // The failure put the records this transfer carried back to pending and untied them: tie
      // them again (the approval's rule: the doctor's pending, untied records earned by the time
      // the run was prepared), so they are marked paid below as on any success. Records tied to a
      // later transfer meanwhile stay with it; records paid outside the product stay paid.
      await tx.execute(sql`
        update payment_records pr set payout_transfer_id = ${transfer.id}
        from payout_runs r
        where r.id = ${transfer.runId} and pr.doctor_id = ${transfer.doctorId} and pr.status = 'pending'
          and pr.payout_transfer_id is null and pr.created_at <= r.prepared_at`);
    }
    await tx
      .update(paymentRecords)
      .set({
        status: "paid",
        paymentMethod: `${transfer.provider === "paystack" ? "Paystack" : transfer.provider} transfer`,
        paymentReference: transfer.reference,
        paidAt: now,
      })
      .where(and(eq(paymentRecords.payoutTransferId, transfer.id), eq(paymentRecords.status, "pending")));
  } else {
    // Money back on the doctor's balance: from clearing if it never settled, from cash if it had.
    const wasPaid = before.status === "success";
    await entry(
      outcome === "failed" ? "payout_failed" : "payout_reversed",
      outcome === "failed" ? "payout-failed" : "payout-reversed",
      `Payout ${transfer.reference} ${outcome}: back on the balance`,
      [
        { account: wasPaid ? { kind: "cash" } : { kind: "provider_clearing" }, amount },
        { account: { doctorId: transfer.doctorId }, amount: -amount },
      ],
    );
    await tx
      .update(paymentRecords)
      .set({
        status: "pending",
        paymentMethod: null,
        paymentReference: null,
        paidAt: null,
        paidBy: null,
        payoutTransferId: null,
      })
      .where(eq(paymentRecords.payoutTransferId, transfer.id));
  }
  await recordSystemAudit(tx, {
    action: `payout.transfer_${outcome === "success" ? "succeeded" : outcome}`,
    subjectType: "payment",
    subjectId: transfer.id,
    fromStatus: before.status,
    toStatus: outcome,
    reason: `${transfer.reference}, ${cedis(amount)} (${info.source})${info.reason ? `: ${info.reason}` : ""}`,
  });
  const [doctor] = await tx
    .select({ email: users.email, name: users.fullName })
    .from(users)
    .where(eq(users.id, transfer.doctorId));
  if (doctor) {
    const destination = describeDetails(transfer);
    const words =
      outcome === "success"
        ? `Your payout of ${cedis(amount)} to ${destination} has been paid (reference ${transfer.reference}).`
        : `Your payout of ${cedis(amount)} to ${destination} was ${outcome === "failed" ? "not completed" : "reversed"}. The money is back on your ${SITE.name} balance and will be paid in a later run. Please check your payout details.`;
    await queueEmail(
      tx,
      {
        to: doctor.email,
        subject: outcome === "success" ? `${SITE.name}: payout paid` : `${SITE.name}: payout not completed`,
        text: [`Hello ${doctor.name},`, "", words, "", `${env().APP_URL}/dashboard/doctor/payouts`].join("\n"),
      },
      { event: `payout.${outcome}`, userId: transfer.doctorId },
    );
  }
  return true;
}

const OTP_NOTE =
  "Paystack holds this transfer for an OTP (OTP for transfers is on): finalize it at Paystack, and turn OTP off.";

export async function markPending(
  tx: Db,
  transfer: Transfer,
  providerCode: string | null,
  now: Date,
  providerStatus: string | null = null,
): Promise<boolean> {
  const otp = providerStatus === "otp";
  const [row] = await tx
    .update(payoutTransfers)
    .set({
      status: "pending",
      initiatedAt: now,
      ...(providerCode ? { providerTransferCode: providerCode } : {}),
      lastError: otp ? OTP_NOTE : null,
    })
    .where(and(eq(payoutTransfers.id, transfer.id), eq(payoutTransfers.status, "queued")))
    .returning({ id: payoutTransfers.id });
  if (!row) return false;
  if (otp) {
    // The transfer exists at Paystack and waits for an OTP (decision 032): never failed, or finalizing it
    // at Paystack would pay money already back on the doctor's balance.
    await alertAdmins(tx, {
      event: "payout.otp",
      subject: `${SITE.name}: a payout waits for an OTP at Paystack (${transfer.reference})`,
      lines: [
        `Paystack answered transfer ${transfer.reference} (${cedis(transfer.amountPesewas)}) with "otp": OTP for transfers is turned on in the Paystack dashboard.`,
        "The transfer exists at Paystack and stays pending here. Finalize it at Paystack with the OTP sent to the business's phone (or let it lapse), and turn off OTP for transfers so that later payouts go through.",
      ],
    });
  }
  await recordSystemAudit(tx, {
    action: "payout.transfer_initiated",
    subjectType: "payment",
    subjectId: transfer.id,
    fromStatus: "queued",
    toStatus: "pending",
    reason: `${transfer.reference}, ${cedis(transfer.amountPesewas)}`,
  });
  return true;
}

/** Records what the provider says a transfer's state is (from the API's answer or a verification). */
async function recordState(
  db: Db,
  transfer: Transfer,
  state: TransferState,
  info: { providerCode: string | null; providerStatus?: string | null; feePesewas?: number | null; source: string },
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    let changed = false;
    if (transfer.status === "queued") {
      changed = await markPending(t, transfer, info.providerCode, now, info.providerStatus ?? null);
    }
    if (state !== "pending") changed = (await applyTransferOutcome(t, transfer.id, state, { ...info }, now)) || changed;
    // The fee from whichever of the webhook and the verification carries it first, once.
    changed = (await recordFee(t, transfer, info.feePesewas ?? null, now)) || changed;
    return changed;
  });
}

/**
 * The fee the provider charged for a transfer, as its own entry (provider fees debit, cash credit:
 * the ledger's cash follows the provider's balance), once per transfer whatever reports it first.
 */
export async function recordFee(tx: Db, transfer: Transfer, feePesewas: number | null, now: Date): Promise<boolean> {
  if (feePesewas === null || !Number.isSafeInteger(feePesewas) || feePesewas <= 0) return false;
  const { posted } = await postEntry(tx, {
    idempotencyKey: `provider-fee:${transfer.id}`,
    kind: "provider_fee",
    memo: `Provider fee for ${transfer.reference}`,
    payoutTransferId: transfer.id,
    at: now,
    lines: [
      { account: { kind: "provider_fees" }, amount: feePesewas },
      { account: { kind: "cash" }, amount: -feePesewas },
    ],
  });
  if (posted) {
    await tx
      .update(payoutTransfers)
      .set({ feePesewas })
      .where(and(eq(payoutTransfers.id, transfer.id), sql`${payoutTransfers.feePesewas} is null`));
  }
  return posted;
}

/* ------------------------------------------------------------------------------------------------
 * Jobs: send a transfer, verify it, reconcile a day
 * ---------------------------------------------------------------------------------------------- */

async function recipientFor(db: Db, provider: PayoutProvider, transfer: Transfer): Promise<string> {
  const [details] = await db.select().from(payoutDetails).where(eq(payoutDetails.doctorId, transfer.doctorId));
  const same =
    details &&
    details.accountNumber === transfer.accountNumber &&
    details.method === transfer.method &&
    details.network === transfer.network &&
    details.bankCode === transfer.bankCode;
  if (same && details.recipientProvider === provider.name && details.recipientCode) return details.recipientCode;
  const made = await provider.createRecipient(transfer);
  if (!made.ok) {
    // A wrong key (401) retries like the transfer call and tells the administrators, never the
    // doctors (decision 032); only a refusal of the details themselves fails the transfer.
    if (made.code === "auth") await alertAuth(db, provider, made.error);
    if (made.retryable || made.code === "auth") throw new Error(`${provider.name} recipient: ${made.error}`);
    return Promise.reject(new PermanentTransferError(made.error));
  }
  if (same) {
    await db
      .update(payoutDetails)
      .set({ recipientProvider: provider.name, recipientCode: made.recipientCode })
      .where(
        and(eq(payoutDetails.doctorId, transfer.doctorId), eq(payoutDetails.accountNumber, transfer.accountNumber)),
      );
  }
  return made.recipientCode;
}

class PermanentTransferError extends Error {}

/**
 * The payout-transfer job: sends one queued transfer under its reference. Safe to run twice (a
 * worker killed after the provider took the transfer): the provider refuses the reference again and
 * the transfer is verified by reference instead. A retryable failure throws (the queue retries with
 * backoff); a permanent refusal fails the transfer, which puts the money back on the balance.
 */
export function payoutTransferJob(db: Db, provider: PayoutProvider | null): JobHandler<"payout-transfer"> {
  return async (job) => {
    await sendTransfer(db, provider, job.data.transferId);
  };
}

export async function sendTransfer(
  db: Db,
  provider: PayoutProvider | null,
  transferId: string,
  now = new Date(),
): Promise<void> {
  if (!provider) throw new Error(PAYOUT_MESSAGES.noProvider);
  const [transfer] = await db.select().from(payoutTransfers).where(eq(payoutTransfers.id, transferId));
  if (transfer?.status !== "queued") return; // sent already, or settled: nothing to do
  await db
    .update(payoutTransfers)
    .set({ attempts: sql`${payoutTransfers.attempts} + 1` })
    .where(eq(payoutTransfers.id, transferId));
  let recipientCode: string;
  try {
    recipientCode = await recipientFor(db, provider, transfer);
  } catch (error) {
    if (error instanceof PermanentTransferError) {
      await db.transaction((tx) =>
        applyTransferOutcome(
          tx as unknown as Db,
          transfer.id,
          "failed",
          { reason: error.message, source: "recipient refused" },
          now,
        ),
      );
      return;
    }
    await noteError(db, transfer.id, error);
    throw error;
  }
  const sent = await provider.initiateTransfer({
    reference: transfer.reference,
    amountPesewas: transfer.amountPesewas,
    recipientCode,
    reason: `${SITE.name} payout`,
  });
  if (sent.ok) {
    await recordState(
      db,
      transfer,
      sent.state,
      { providerCode: sent.providerCode, providerStatus: sent.providerStatus, source: "transfer answer" },
      now,
    );
    await queueVerification(db, transfer.id, now);
    return;
  }
  if (sent.code === "auth") {
    await noteError(db, transfer.id, sent.error);
    await alertAuth(db, provider, sent.error);
    throw new Error(`${provider.name} transfer ${transfer.reference}: ${sent.error}`);
  }
  if (sent.code === "server_error" || sent.code === "rate_limited") {
    // Sent again later under the same reference: Paystack refuses a second transfer with it.
    await noteError(db, transfer.id, sent.error);
    throw new Error(`${provider.name} transfer ${transfer.reference}: ${sent.error}`);
  }
  // A timeout, a lost connection or any 4xx (decision 032): whatever the refusal's words, ask Paystack
  // by reference before deciding. A first attempt whose answer was lost may have been paid.
  const seen = await verifyTransfer(db, provider, transfer.id, now);
  if (seen !== "not_found") {
    if (seen === "pending") await queueVerification(db, transfer.id, now);
    return;
  }
  if (sent.retryable) {
    // Not at Paystack: never arrived (timeout, network) or not enough balance yet. Send it again.
    await noteError(db, transfer.id, sent.error);
    throw new Error(`${provider.name} transfer ${transfer.reference}: ${sent.error}`);
  }
  // Refused, and Paystack says it has no such transfer: failed, the money back on the balance. One
  // more verification later: a transfer that appears after all is reconciled (paid after failure).
  await db.transaction((tx) =>
    applyTransferOutcome(
      tx as unknown as Db,
      transfer.id,
      "failed",
      { reason: sent.error, source: "transfer refused, not found by reference" },
      now,
    ),
  );
  await queueVerification(db, transfer.id, now);
}

async function queueVerification(db: Db, transferId: string, now: Date, attempt = 1): Promise<void> {
  await enqueue(db, {
    name: "payout-verify",
    data: { transferId, attempt },
    startAfter: new Date(now.getTime() + env().PAYOUT_VERIFY_AFTER_MINUTES * 60_000),
  });
}

async function noteError(db: Db, transferId: string, error: unknown) {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  await db.update(payoutTransfers).set({ lastError: message }).where(eq(payoutTransfers.id, transferId));
}

/** Asks the provider for a transfer's state by reference and records it. Returns the state seen. */
export async function verifyTransfer(
  db: Db,
  provider: PayoutProvider,
  transferId: string,
  now = new Date(),
): Promise<TransferState | "not_found" | "unchanged"> {
  const [transfer] = await db.select().from(payoutTransfers).where(eq(payoutTransfers.id, transferId));
  // A failed one too: Paystack may have paid it after all (reconciled by applyTransferOutcome).
  if (!transfer || !["queued", "pending", "success", "failed"].includes(transfer.status)) return "unchanged";
  const answer = await provider.verifyTransfer(transfer.reference);
  if (!answer.ok) throw new Error(`${provider.name} verify ${transfer.reference}: ${answer.error}`);
  if (!answer.found) return "not_found";
  if (answer.amountPesewas !== transfer.amountPesewas) {
    logger.error(
      { reference: transfer.reference, ours: transfer.amountPesewas, theirs: answer.amountPesewas },
      "payout amount differs at the provider",
    );
    await noteError(
      db,
      transfer.id,
      `The provider reports ${answer.amountPesewas} pesewas, not ${transfer.amountPesewas}`,
    );
    return "unchanged";
  }
  const changed = await recordState(
    db,
    transfer,
    answer.state,
    {
      providerCode: answer.providerCode,
      providerStatus: answer.providerStatus,
      feePesewas: answer.feePesewas,
      source: "verification",
    },
    now,
  );
  return answer.state === "pending" || changed ? answer.state : "unchanged";
}

/** The payout-verify job: no webhook within PAYOUT_VERIFY_AFTER_MINUTES, so ask by reference (again later while pending, up to 48 times). */
export function payoutVerifyJob(db: Db, provider: PayoutProvider | null): JobHandler<"payout-verify"> {
  return async (job) => {
    if (!provider) throw new Error(PAYOUT_MESSAGES.noProvider);
    const state = await verifyTransfer(db, provider, job.data.transferId);
    const [now] = await db
      .select({ status: payoutTransfers.status, fee: payoutTransfers.feePesewas })
      .from(payoutTransfers)
      .where(eq(payoutTransfers.id, job.data.transferId));
    // Again while Paystack has not settled it, and once more for a success whose fee is not known yet.
    const again =
      (now?.status === "queued" || now?.status === "pending") && (state === "pending" || state === "not_found")
        ? true
        : now?.status === "success" && now.fee === null && job.data.attempt < 3;
    if (again && job.data.attempt < 48) {
      await enqueue(db, {
        name: "payout-verify",
        data: { transferId: job.data.transferId, attempt: job.data.attempt + 1 },
        startAfter: new Date(Date.now() + env().PAYOUT_VERIFY_AFTER_MINUTES * 60_000),
      });
    }
  };
}
