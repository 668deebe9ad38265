import { createHash } from "node:crypto";
import { and, asc, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Actor, UserActor } from "~/auth/actor";
import { assertGate } from "~/auth/actor.server";
import { SITE } from "~/content/site";
import type { Db } from "~/db/client.server";
import {
  messages,
  type PayoutTransferStatus,
  paymentRecords,
  payoutDetails,
  payoutReconciliations,
  payoutRuns,
  payoutTransfers,
  payoutWebhookEvents,
  type ReconciliationMismatch,
  users,
} from "~/db/schema";
import { env } from "~/env.server";
import { sameChain } from "~/features/accounts/public.server";
import { recordAudit } from "~/features/audit/public.server";
import {
  accountId,
  assertMayReadDoctorMoney,
  type EntryInput,
  postEntry,
  recordSystemAudit,
  systemAdminAddresses,
} from "~/features/ledger/public.server";
import { queueEmail } from "~/features/messaging/public.server";
import { enqueue, enqueueMany, type JobHandler } from "~/jobs/queue.server";
import { logger } from "~/lib/logger.server";
import { refuse } from "~/lib/refusal";
import { describeDetails } from "./payout-details.server.ts";
import type { PayoutProvider, ProviderTransfer, TransferState, WebhookEvent } from "./provider.ts";

/*
 * Payout runs (issue 27, docs/decisions/026). One system administrator prepares a run: every
 * approved doctor whose ledger balance is at least PAYOUT_MINIMUM_PESEWAS, whose payout details are
 * set and not on hold, gets one transfer under its own reference (unique, and one per doctor per
 * run). A SECOND system administrator approves it (the database refuses the preparer: a check
 * constraint); approval moves each doctor's money from "payable" to "provider clearing" in the
 * ledger and queues one payout-transfer job per transfer, all in one transaction. Workers send each
 * transfer under its reference; the final state comes from the signed webhook, or from asking the
 * provider by reference when no webhook came. Every status change is one conditional UPDATE and
 * every posting has its idempotency key, so a replayed or reordered webhook, a second worker or a
 * retried job changes nothing twice.
 */

export const PAYOUT_MESSAGES = {
  nothingToPay: "No doctor is owed at least the payout minimum with payout details set and not on hold.",
  runWaiting: "A payout run is already waiting for approval: approve or cancel it first.",
  notFound: "Payout run not found",
  preparerCannotApprove: "The administrator who prepared a run cannot approve it: a second system administrator must.",
  sameChain:
    "You and the administrator who prepared this run brought one another in (one invited or approved the other, directly or through others): a system administrator outside that chain must approve it.",
  alreadyApproved: "This payout run has already been approved.",
  notPrepared: "This payout run is no longer waiting for approval.",
  noProvider: "No payout provider is configured (PAYSTACK_SECRET_KEY): this run cannot be sent.",
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

function requireSystemAdmin(actor: Actor): UserActor {
  return assertGate(actor, "system-admin");
}

/** Our reference for a doctor's transfer in a run: lowercase, 48 characters, the same on every retry. */
export function transferReference(runId: string, doctorId: string): string {
  return `qh-${runId.replaceAll("-", "")}-${doctorId.replaceAll("-", "").slice(0, 12)}`;
}

export const cedis = (pesewas: number) =>
  `₵${(pesewas / 100).toLocaleString("en-GH", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/* ------------------------------------------------------------------------------------------------
 * Preparing, approving, cancelling
 * ---------------------------------------------------------------------------------------------- */

/**
 * Approved doctors owed at least `minimum`, with payout details not on hold at `now`: postings
 * summed per account first (one pass over the ledger, a hash aggregate), then joined to the
 * doctors' accounts, details and users (was a nested loop per account and a sort of every posting
 * by six keys: 3.5 s of the 9.5 s a 10,000-doctor run took to prepare at a million postings).
 */
const eligibleDoctors = (minimum: number, now: Date) => sql`
  select a.doctor_id, b.balance, d.method, d.network, d.account_number, d.bank_code, d.account_name
  from (
    select p.account_id, (0 - sum(p.amount))::bigint as balance
    from ledger_postings p
    group by p.account_id
    having 0 - sum(p.amount) >= ${minimum}
  ) b
  join ledger_accounts a on a.id = b.account_id and a.kind = 'doctor_payable'
  join payout_details d on d.doctor_id = a.doctor_id
  join users u on u.id = a.doctor_id
  where d.hold_until <= ${now.toISOString()}::timestamptz and u.approval_status = 'approved'`;

class NothingToPay extends Error {}

/** A run just prepared: its id, its total in pesewas and its number of transfers. */
export type PreparedRun = { runId: string; total: number; count: number };

/**
 * Prepares a run (system administrators): one transfer per eligible doctor, the total shown for
 * approval. Set-based: the transfers are inserted from the eligibility query by one statement
 * (their references made in SQL as transferReference makes them), then the run's total and count.
 * Refused with 409 while another run waits for approval, or when no doctor is owed enough (nothing
 * is written then).
 */
export async function preparePayoutRun(db: Db, actor: Actor, now = new Date()): Promise<PreparedRun> {
  const admin = requireSystemAdmin(actor);
  const minimum = env().PAYOUT_MINIMUM_PESEWAS;
  const provider = "paystack";
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('payout-run'))`);
      const [waiting] = await tx
        .select({ id: payoutRuns.id })
        .from(payoutRuns)
        .where(eq(payoutRuns.status, "prepared"))
        .limit(1);
      if (waiting) refuse(409, PAYOUT_MESSAGES.runWaiting);
      const [run] = await tx
        .insert(payoutRuns)
        .values({ minimumPesewas: minimum, totalPesewas: 0, transferCount: 0, preparedBy: admin.id, preparedAt: now })
        .returning({ id: payoutRuns.id });
      const runId = run!.id;
      const [made] = rowsOf<{ count: number; total: string | number }>(
        await tx.execute(sql`
          with eligible as (${eligibleDoctors(minimum, now)}),
          made as (
            insert into payout_transfers (run_id, doctor_id, amount_pesewas, reference, provider, method, network,
                                          account_number, bank_code, account_name, created_at, updated_at)
            select ${runId}::uuid, e.doctor_id, e.balance,
                   'qh-' || replace(${runId}, '-', '') || '-' || left(replace(e.doctor_id::text, '-', ''), 12),
                   ${provider}, e.method, e.network, e.account_number, e.bank_code, e.account_name,
                   ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
            from eligible e
            returning amount_pesewas
          )
          select count(*)::int as count, coalesce(sum(amount_pesewas), 0)::bigint as total from made`),
      );
      const count = Number(made?.count ?? 0);
      const total = Number(made?.total ?? 0);
      if (count === 0) throw new NothingToPay(); // the run's row goes with the transaction
      await tx.update(payoutRuns).set({ totalPesewas: total, transferCount: count }).where(eq(payoutRuns.id, runId));
      await recordAudit(tx, {
        actorId: admin.id,
        action: "payout.run_prepared",
        subjectType: "payment",
        subjectId: runId,
        toStatus: "prepared",
        reason: `${count} ${count === 1 ? "transfer" : "transfers"}, ${cedis(total)}`,
      });
      return { runId, total, count };
    });
  } catch (error) {
    if (error instanceof NothingToPay) refuse(409, PAYOUT_MESSAGES.nothingToPay);
    throw error;
  }
}

/**
 * Approves a prepared run (a system administrator other than its preparer). Each transfer is
 * checked again (the doctor's balance still covers it, the payout details are unchanged and not on
 * hold; otherwise it is cancelled), its money moves to provider clearing in the ledger, the
 * doctor's pending payment records are tied to it, and its payout-transfer job is queued: one
 * transaction. Two administrators approving at once: one wins, the other is told (409); the same
 * administrator approving twice is answered as the first time.
 */
export async function approvePayoutRun(
  db: Db,
  actor: Actor,
  runId: string,
  provider: PayoutProvider | null,
  now = new Date(),
): Promise<{ queued: number; cancelled: number }> {
  const admin = requireSystemAdmin(actor);
  if (!UUID.test(runId)) refuse(404, PAYOUT_MESSAGES.notFound);
  const [run] = await db.select().from(payoutRuns).where(eq(payoutRuns.id, runId)).limit(1);
  if (!run) refuse(404, PAYOUT_MESSAGES.notFound);
  if (run.preparedBy === admin.id) refuse(403, PAYOUT_MESSAGES.preparerCannotApprove);
  // Issue 33: two people, not two accounts of one (an account the preparer invited or approved, or
  // one that invited or approved the preparer, directly or through others).
  if (await sameChain(db, run.preparedBy, admin.id)) refuse(403, PAYOUT_MESSAGES.sameChain);
  if (run.status === "approved") {
    if (run.approvedBy === admin.id) return runCounts(db, runId);
    refuse(409, PAYOUT_MESSAGES.alreadyApproved);
  }
  if (run.status !== "prepared") refuse(409, PAYOUT_MESSAGES.notPrepared);
  if (!provider) refuse(409, PAYOUT_MESSAGES.noProvider);
  const outcome = await db.transaction(async (tx) => {
    const [won] = await tx
      .update(payoutRuns)
      .set({ status: "approved", approvedBy: admin.id, approvedAt: now })
      .where(and(eq(payoutRuns.id, runId), eq(payoutRuns.status, "prepared")))
      .returning({ id: payoutRuns.id });
    if (!won) return null;
    const moved = await approveTransfers(tx, {
      runId,
      preparedAt: run.preparedAt,
      provider: provider.name,
      adminId: admin.id,
      now,
    });
    for (let i = 0; i < moved.queued.length; i += 1000) {
      await enqueueMany(
        tx,
        "payout-transfer",
        moved.queued.slice(i, i + 1000).map((id) => ({ data: { transferId: id }, singletonKey: id })),
      );
    }
    await recordAudit(tx, {
      actorId: admin.id,
      action: "payout.run_approved",
      subjectType: "payment",
      subjectId: runId,
      fromStatus: "prepared",
      toStatus: "approved",
      reason: `${moved.queued.length} transfers queued, ${moved.cancelled} cancelled`,
    });
    return { queued: moved.queued.length, cancelled: moved.cancelled };
  });
  if (outcome) return outcome;
  const [latest] = await db
    .select({ status: payoutRuns.status, approvedBy: payoutRuns.approvedBy })
    .from(payoutRuns)
    .where(eq(payoutRuns.id, runId));
  if (latest?.status === "approved" && latest.approvedBy === admin.id) return runCounts(db, runId);
  refuse(409, latest?.status === "approved" ? PAYOUT_MESSAGES.alreadyApproved : PAYOUT_MESSAGES.notPrepared);
}

async function runCounts(db: Db, runId: string) {
  const [row] = await db
    .select({
      queued: sql<string>`count(*) filter (where ${payoutTransfers.status} <> 'cancelled')`,
      cancelled: sql<string>`count(*) filter (where ${payoutTransfers.status} = 'cancelled')`,
    })
    .from(payoutTransfers)
    .where(eq(payoutTransfers.runId, runId));
  return { queued: Number(row?.queued ?? 0), cancelled: Number(row?.cancelled ?? 0) };
}

/**
 * The approval's work for a whole run, set-based (a handful of statements whether the run has 3
 * transfers or 10,000; issue 27's bench: 318 s one transfer at a time before):
 * 1. the run's doctors' payable accounts are locked (FOR UPDATE: a posting to one of them, e.g. a
 *    payment marked paid outside the product, waits for this approval, and one that came first is
 *    seen by the balance read below);
 * 2. every transfer that may no longer be sent is cancelled with its reason: no payout details any
 *    more, details on hold, details changed since the run was prepared, or a balance that no longer
 *    covers it;
 * 3. the others' ledger entries (`payout-initiated:<transfer>`, payable to provider clearing) and
 *    their two postings each are inserted by one statement (a key already written writes nothing);
 * 4. those transfers become queued, and the doctors' pending payment records are tied to them.
 */
async function approveTransfers(
  tx: Pick<Db, "execute" | "insert" | "select">,
  run: { runId: string; preparedAt: Date; provider: string; adminId: string; now: Date },
): Promise<{ queued: string[]; cancelled: number }> {
  const { runId, now } = run;
  const at = now.toISOString();
  await tx.execute(sql`
    select a.id from ledger_accounts a
    where a.doctor_id in (select t.doctor_id from payout_transfers t where t.run_id = ${runId} and t.status = 'prepared')
    order by a.id for update`);
  const cancelled = rowsOf<{ id: string }>(
    await tx.execute(sql`
      with run_transfers as (
        select t.* from payout_transfers t where t.run_id = ${runId} and t.status = 'prepared'
      ), balances as (
        select a.doctor_id, (0 - sum(p.amount))::bigint as balance
        from ledger_accounts a join ledger_postings p on p.account_id = a.id
        where a.doctor_id in (select doctor_id from run_transfers)
        group by a.doctor_id
      ), refused as (
        select t.id, case
          when d.doctor_id is null then ${STILL_PAYABLE.noDetails}
          when d.hold_until > ${at}::timestamptz then ${STILL_PAYABLE.onHold}
          when d.updated_at > ${run.preparedAt.toISOString()}::timestamptz
            or d.account_number is distinct from t.account_number or d.method is distinct from t.method
            or d.network is distinct from t.network or d.bank_code is distinct from t.bank_code then ${STILL_PAYABLE.changed}
          when coalesce(b.balance, 0) < t.amount_pesewas then ${STILL_PAYABLE.balance}
        end as reason
        from run_transfers t
        left join payout_details d on d.doctor_id = t.doctor_id
        left join balances b on b.doctor_id = t.doctor_id
      )
      update payout_transfers set status = 'cancelled', last_error = refused.reason, finished_at = ${at}::timestamptz,
        updated_at = ${at}::timestamptz
      from refused
      where payout_transfers.id = refused.id and refused.reason is not null and payout_transfers.status = 'prepared'
      returning payout_transfers.id`),
  );
  const clearing = await accountId(tx, { kind: "provider_clearing" });
  await tx.execute(sql`
    with entries as (
      insert into ledger_entries (idempotency_key, kind, memo, payout_transfer_id, actor_id, created_at)
      select 'payout-initiated:' || t.id, 'payout_initiated', 'Payout ' || t.reference || ' sent to ' || ${run.provider},
             t.id, ${run.adminId}::uuid, ${at}::timestamptz
      from payout_transfers t where t.run_id = ${runId} and t.status = 'prepared'
      order by t.id
      on conflict (idempotency_key) do nothing
      returning id, payout_transfer_id
    )
    insert into ledger_postings (entry_id, account_id, amount, created_at)
    select e.id, line.account_id, line.amount, ${at}::timestamptz
    from entries e
    join payout_transfers t on t.id = e.payout_transfer_id
    join ledger_accounts a on a.doctor_id = t.doctor_id
    cross join lateral (values (1, a.id, t.amount_pesewas::bigint), (2, ${clearing}::uuid, -t.amount_pesewas::bigint))
      as line(n, account_id, amount)
    order by t.id, line.n`);
  const queued = rowsOf<{ id: string }>(
    await tx.execute(sql`
      update payout_transfers set status = 'queued', provider = ${run.provider}, updated_at = ${at}::timestamptz
      where run_id = ${runId} and status = 'prepared'
      returning id`),
  );
  await tx.execute(sql`
    update payment_records pr set payout_transfer_id = t.id
    from payout_transfers t
    where t.run_id = ${runId} and t.status = 'queued' and pr.doctor_id = t.doctor_id and pr.status = 'pending'
      and pr.payout_transfer_id is null and pr.created_at <= ${run.preparedAt.toISOString()}::timestamptz`);
  return { queued: queued.map((r) => r.id).sort(), cancelled: cancelled.length };
}

/** Why a prepared transfer may no longer be sent (its note on the run's screen). */
const STILL_PAYABLE = {
  noDetails: "The doctor has no payout details any more.",
  onHold: "The doctor's payout details changed: payouts are on hold.",
  changed: "The doctor's payout details changed after the run was prepared.",
  balance: "The doctor's balance no longer covers this transfer (paid outside the product?).",
} as const;

/** Cancels a run waiting for approval (any system administrator, its preparer too): nothing is sent. */
export async function cancelPayoutRun(db: Db, actor: Actor, runId: string, now = new Date()): Promise<void> {
  const admin = requireSystemAdmin(actor);
  if (!UUID.test(runId)) refuse(404, PAYOUT_MESSAGES.notFound);
  const done = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(payoutRuns)
      .set({ status: "cancelled", cancelledBy: admin.id, cancelledAt: now })
      .where(and(eq(payoutRuns.id, runId), eq(payoutRuns.status, "prepared")))
      .returning({ id: payoutRuns.id });
    if (!row) return false;
    await tx
      .update(payoutTransfers)
      .set({ status: "cancelled", finishedAt: now, lastError: "The run was cancelled." })
      .where(and(eq(payoutTransfers.runId, runId), eq(payoutTransfers.status, "prepared")));
    await recordAudit(tx, {
      actorId: admin.id,
      action: "payout.run_cancelled",
      subjectType: "payment",
      subjectId: runId,
      fromStatus: "prepared",
      toStatus: "cancelled",
    });
    return true;
  });
  if (done) return;
  const [run] = await db.select({ status: payoutRuns.status }).from(payoutRuns).where(eq(payoutRuns.id, runId));
  if (!run) refuse(404, PAYOUT_MESSAGES.notFound);
  if (run.status === "cancelled") return;
  refuse(409, PAYOUT_MESSAGES.notPrepared);
}

/**
 * Sends a queued transfer again (system administrators), for one whose job ran out of retries (a
 * provider down for hours, a key fixed since). Safe: the job is one per transfer (a queued or
 * running one makes this a no-op), and sending is by reference (what the provider already took is
 * verified, never paid again). Answers whether a new job was queued.
 */
export async function retryTransfer(db: Db, actor: Actor, runId: string, transferId: string): Promise<boolean> {
  const admin = requireSystemAdmin(actor);
  if (!UUID.test(runId) || !UUID.test(transferId)) refuse(404, "Transfer not found");
  const [transfer] = await db
    .select({ id: payoutTransfers.id, status: payoutTransfers.status, reference: payoutTransfers.reference })
    .from(payoutTransfers)
    .where(and(eq(payoutTransfers.id, transferId), eq(payoutTransfers.runId, runId)));
  if (!transfer) refuse(404, "Transfer not found");
  if (transfer.status !== "queued") refuse(409, "Only a queued transfer can be sent again.");
  return db.transaction(async (tx) => {
    const job = await enqueue(tx, { name: "payout-transfer", data: { transferId }, singletonKey: transferId });
    if (job) {
      await recordAudit(tx, {
        actorId: admin.id,
        action: "payout.transfer_retried",
        subjectType: "payment",
        subjectId: transferId,
        reason: transfer.reference,
      });
    }
    return job !== null;
  });
}

/* ------------------------------------------------------------------------------------------------
 * A transfer's outcome (webhook, verification, the API's own answer)
 * ---------------------------------------------------------------------------------------------- */

type Transfer = typeof payoutTransfers.$inferSelect;
type Outcome = "success" | "failed" | "reversed";

/** The statuses an outcome may follow: forward only; a success may still be reversed. */
const FROM: Record<Outcome, PayoutTransferStatus[]> = {
  // A transfer failed here that Paystack then paid (issue 35) is reconciled, never ignored.
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

async function markPending(
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
    // The transfer exists at Paystack and waits for an OTP (issue 35): never failed, or finalizing it
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
async function recordFee(tx: Db, transfer: Transfer, feePesewas: number | null, now: Date): Promise<boolean> {
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

/**
 * Tells every approved system administrator (a durable email, in the caller's transaction). With
 * `onceWithinMinutes`, an alert of the same event already queued that recently is not repeated (a
 * wrong key fails every transfer of a run: one email, not one per transfer and retry).
 */
async function alertAdmins(
  tx: Db,
  alert: { event: string; subject: string; lines: string[]; onceWithinMinutes?: number },
): Promise<void> {
  if (alert.onceWithinMinutes) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payout-alert:${alert.event}`}))`);
    const since = new Date(Date.now() - alert.onceWithinMinutes * 60_000);
    const [recent] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.event, alert.event), sql`${messages.createdAt} >= ${since.toISOString()}::timestamptz`))
      .limit(1);
    if (recent) return;
  }
  const to = await systemAdminAddresses(tx);
  await queueEmail(
    tx,
    {
      to,
      subject: alert.subject,
      text: [...alert.lines, "", `${env().APP_URL}/dashboard/system-admin/payouts`].join("\n"),
    },
    { event: alert.event, priority: 10 },
  );
}

/** A wrong or revoked key: the transfers stay queued (a configuration fix sends them), the administrators are told. */
async function alertAuth(db: Db, provider: PayoutProvider, error: string): Promise<void> {
  await db.transaction((tx) =>
    alertAdmins(tx as unknown as Db, {
      event: "payout.provider_auth",
      subject: `${SITE.name}: ${provider.name} refuses the payout key`,
      lines: [
        `${provider.name} refused our secret key (${error}). No payout is failed for this: the transfers stay queued and are sent again by their jobs, or with "Send again" on their run once the key is fixed.`,
        "Check PAYSTACK_SECRET_KEY (a live key in production, a test key on test servers) and restart the application.",
      ],
      onceWithinMinutes: 60,
    }),
  );
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
    // doctors (issue 35); only a refusal of the details themselves fails the transfer.
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
  // A timeout, a lost connection or any 4xx (issue 35): whatever the refusal's words, ask Paystack
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

/* ------------------------------------------------------------------------------------------------
 * The webhook
 * ---------------------------------------------------------------------------------------------- */

export type WebhookAnswer = { status: number; body: string };

/**
 * A provider's webhook: refused with 401 (and nothing written) unless its signature is right; a
 * body seen before is answered 200 and changes nothing; a transfer's outcome is applied once, and
 * only forward (a "success" after a "reversed" changes nothing).
 */
export async function receivePayoutWebhook(
  db: Db,
  provider: PayoutProvider | null,
  rawBody: string,
  headers: Headers,
  now = new Date(),
): Promise<WebhookAnswer> {
  if (!provider) return { status: 404, body: "Not found" };
  const event: WebhookEvent | null = provider.verifyWebhook(rawBody, headers);
  if (!event) return { status: 401, body: "Bad signature" };
  const digest = createHash("sha256").update(rawBody, "utf8").digest("hex");
  const outcome = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [fresh] = await tx
      .insert(payoutWebhookEvents)
      .values({
        provider: provider.name,
        bodySha256: digest,
        event: event.event,
        reference: event.reference,
        outcome: "received",
        receivedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: payoutWebhookEvents.id });
    if (!fresh) return "replayed";
    const note = async (text: string) => {
      await tx.update(payoutWebhookEvents).set({ outcome: text }).where(eq(payoutWebhookEvents.id, fresh.id));
      return text;
    };
    if (event.kind === "other" || !event.reference) return note("ignored");
    const [transfer] = await tx
      .select()
      .from(payoutTransfers)
      .where(eq(payoutTransfers.reference, event.reference))
      .for("update");
    if (!transfer) return note("unknown reference");
    if (event.amountPesewas !== null && event.amountPesewas !== transfer.amountPesewas) {
      logger.error(
        { reference: event.reference, ours: transfer.amountPesewas, theirs: event.amountPesewas },
        "payout webhook amount differs",
      );
      return note("amount differs");
    }
    if (transfer.status === "queued") await markPending(t, transfer, event.providerCode, now);
    const applied = await applyTransferOutcome(
      t,
      transfer.id,
      event.kind,
      { feePesewas: event.feePesewas, providerCode: event.providerCode, reason: event.reason, source: "webhook" },
      now,
    );
    // The fee, if verification did not bring it first (posted once, whoever reports it).
    const fee = await recordFee(t, transfer, event.feePesewas, now);
    return note(applied ? `applied ${event.kind}` : fee ? "fee recorded" : "no change");
  });
  return { status: 200, body: outcome };
}

/* ------------------------------------------------------------------------------------------------
 * Reconciliation
 * ---------------------------------------------------------------------------------------------- */

/** The day before `now` in Africa/Accra (UTC+0): YYYY-MM-DD. */
export function yesterday(now = new Date()): string {
  return new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
}

/**
 * Compares our transfers of one day with the provider's list and stores every mismatch: missing on
 * either side, amounts, states and fees. Paystack's documented list rows carry no reference (the
 * OpenAPI schema says they do): a row is matched by reference when it has one, else by the
 * transfer code Paystack gave us. A row without fee_charged has its success verified by reference
 * for the fee. A final state that differs is verified by reference too, which applies it (a
 * transfer failed here that Paystack paid is reconciled, issue 35).
 */
export async function reconcileDay(db: Db, provider: PayoutProvider, day: string): Promise<ReconciliationMismatch[]> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error("expected a day as YYYY-MM-DD");
  const start = new Date(`${day}T00:00:00Z`);
  const end = new Date(start.getTime() + 86_400_000);
  const listed = await provider.listTransfers(start, end);
  if (!listed.ok) throw new Error(`${provider.name} list: ${listed.error}`);
  const ours = await db
    .select({
      id: payoutTransfers.id,
      reference: payoutTransfers.reference,
      code: payoutTransfers.providerTransferCode,
      status: payoutTransfers.status,
      amount: payoutTransfers.amountPesewas,
      fee: payoutTransfers.feePesewas,
    })
    .from(payoutTransfers)
    .where(
      and(
        eq(payoutTransfers.provider, provider.name),
        sql`${payoutTransfers.initiatedAt} >= ${start.toISOString()}::timestamptz`,
        lt(payoutTransfers.initiatedAt, end),
      ),
    );
  const byReference = new Map(listed.transfers.filter((t) => t.reference).map((t) => [t.reference, t]));
  const byCode = new Map(listed.transfers.filter((t) => t.providerCode).map((t) => [t.providerCode!, t]));
  const matched = new Set<ProviderTransfer>();
  const mismatches: ReconciliationMismatch[] = [];
  for (const t of ours) {
    const p = byReference.get(t.reference) ?? (t.code ? byCode.get(t.code) : undefined);
    const o = { status: t.status, amountPesewas: t.amount, feePesewas: t.fee };
    if (!p) {
      mismatches.push({ reference: t.reference, ours: o, provider: null, problem: "Not in the provider's list" });
      continue;
    }
    matched.add(p);
    let fee = p.feePesewas;
    if (fee === null && p.state === "success") {
      const verified = await provider.verifyTransfer(t.reference);
      if (verified.ok && verified.found) fee = verified.feePesewas;
    }
    const theirs = { status: p.state, amountPesewas: p.amountPesewas, feePesewas: fee };
    if (p.amountPesewas !== t.amount) {
      mismatches.push({ reference: t.reference, ours: o, provider: theirs, problem: "Amounts differ" });
    } else if (p.state !== t.status) {
      mismatches.push({
        reference: t.reference,
        ours: o,
        provider: theirs,
        problem: t.status === "pending" ? "Final at the provider, still pending here" : "States differ",
      });
      if (p.state !== "pending") await verifyTransfer(db, provider, t.id).catch(() => undefined);
    } else if ((fee ?? 0) !== (t.fee ?? 0)) {
      mismatches.push({ reference: t.reference, ours: o, provider: theirs, problem: "Fees differ" });
    }
  }
  for (const p of listed.transfers) {
    if (!matched.has(p)) {
      mismatches.push({
        reference: p.reference || p.providerCode || "",
        ours: null,
        provider: { status: p.state, amountPesewas: p.amountPesewas, feePesewas: p.feePesewas },
        problem: "Not one of our transfers for this day",
      });
    }
  }
  await db.insert(payoutReconciliations).values({
    day,
    provider: provider.name,
    checkedTransfers: ours.length,
    mismatches,
  });
  if (mismatches.length > 0)
    logger.warn({ day, mismatches: mismatches.length }, "payout reconciliation found mismatches");
  return mismatches;
}

export function payoutReconcileJob(db: Db, provider: PayoutProvider | null): JobHandler<"payout-reconcile"> {
  return async (job) => {
    if (!provider) return; // nothing was sent without a provider
    await reconcileDay(db, provider, job.data?.day ?? yesterday());
  };
}

/** Runs today's and yesterday's reconciliation now (system administrators), through the queue. */
export async function requestReconciliation(db: Db, actor: Actor, now = new Date()): Promise<void> {
  requireSystemAdmin(actor);
  await enqueue(db, { name: "payout-reconcile", data: { day: now.toISOString().slice(0, 10) } });
  await enqueue(db, { name: "payout-reconcile", data: { day: yesterday(now) } });
}

/* ------------------------------------------------------------------------------------------------
 * Screens
 * ---------------------------------------------------------------------------------------------- */

export type RunRow = {
  id: string;
  status: string;
  totalPesewas: number;
  transferCount: number;
  preparedBy: string;
  preparedById: string;
  preparedAt: string;
  approvedBy: string | null;
  approvedAt: string | null;
  progress: Record<PayoutTransferStatus, number>;
};

const EMPTY_PROGRESS: Record<PayoutTransferStatus, number> = {
  prepared: 0,
  queued: 0,
  pending: 0,
  success: 0,
  failed: 0,
  reversed: 0,
  cancelled: 0,
};

/** Payout runs, newest first, with their progress (system administrators). */
export async function listPayoutRuns(db: Db, actor: Actor): Promise<RunRow[]> {
  requireSystemAdmin(actor);
  const approver = sql<string | null>`(select full_name from users a where a.id = ${payoutRuns.approvedBy})`;
  const runs = await db
    .select({
      id: payoutRuns.id,
      status: payoutRuns.status,
      totalPesewas: payoutRuns.totalPesewas,
      transferCount: payoutRuns.transferCount,
      preparedBy: users.fullName,
      preparedById: payoutRuns.preparedBy,
      preparedAt: payoutRuns.preparedAt,
      approvedBy: approver,
      approvedAt: payoutRuns.approvedAt,
    })
    .from(payoutRuns)
    .innerJoin(users, eq(users.id, payoutRuns.preparedBy))
    .orderBy(desc(payoutRuns.preparedAt))
    .limit(50);
  const counts = runs.length
    ? await db
        .select({ runId: payoutTransfers.runId, status: payoutTransfers.status, n: sql<string>`count(*)` })
        .from(payoutTransfers)
        .where(
          inArray(
            payoutTransfers.runId,
            runs.map((r) => r.id),
          ),
        )
        .groupBy(payoutTransfers.runId, payoutTransfers.status)
    : [];
  return runs.map((r) => {
    const progress = { ...EMPTY_PROGRESS };
    for (const c of counts) if (c.runId === r.id) progress[c.status] = Number(c.n);
    return {
      ...r,
      preparedAt: r.preparedAt.toISOString(),
      approvedAt: r.approvedAt ? r.approvedAt.toISOString() : null,
      progress,
    };
  });
}

export type TransferRow = {
  id: string;
  reference: string;
  doctorName: string;
  destination: string;
  amountPesewas: number;
  feePesewas: number | null;
  status: PayoutTransferStatus;
  attempts: number;
  lastError: string | null;
  updatedAt: string;
};

const transferColumns = {
  id: payoutTransfers.id,
  reference: payoutTransfers.reference,
  doctorName: users.fullName,
  method: payoutTransfers.method,
  network: payoutTransfers.network,
  accountNumber: payoutTransfers.accountNumber,
  bankCode: payoutTransfers.bankCode,
  amountPesewas: payoutTransfers.amountPesewas,
  feePesewas: payoutTransfers.feePesewas,
  status: payoutTransfers.status,
  attempts: payoutTransfers.attempts,
  lastError: payoutTransfers.lastError,
  updatedAt: payoutTransfers.updatedAt,
};

function toTransferRow(r: {
  id: string;
  reference: string;
  doctorName: string;
  method: "mobile_money" | "bank";
  network: "MTN" | "TELECEL" | "AT" | null;
  accountNumber: string;
  bankCode: string | null;
  amountPesewas: number;
  feePesewas: number | null;
  status: PayoutTransferStatus;
  attempts: number;
  lastError: string | null;
  updatedAt: Date;
}): TransferRow {
  return {
    id: r.id,
    reference: r.reference,
    doctorName: r.doctorName,
    destination: describeDetails(r),
    amountPesewas: r.amountPesewas,
    feePesewas: r.feePesewas,
    status: r.status,
    attempts: r.attempts,
    lastError: r.lastError,
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** One run with its transfers (system administrators); `canApprove` is false for its preparer. */
export async function getPayoutRun(db: Db, actor: Actor, runId: string) {
  const admin = requireSystemAdmin(actor);
  if (!UUID.test(runId)) refuse(404, PAYOUT_MESSAGES.notFound);
  const run = (await listPayoutRuns(db, actor)).find((r) => r.id === runId) ?? (await oneRun(db, actor, runId));
  const transfers = await db
    .select(transferColumns)
    .from(payoutTransfers)
    .innerJoin(users, eq(users.id, payoutTransfers.doctorId))
    .where(eq(payoutTransfers.runId, runId))
    .orderBy(asc(users.fullName), asc(payoutTransfers.id))
    .limit(2000);
  const approveRefusal =
    run.status !== "prepared"
      ? null
      : run.preparedById === admin.id
        ? PAYOUT_MESSAGES.preparerCannotApprove
        : (await sameChain(db, run.preparedById, admin.id))
          ? PAYOUT_MESSAGES.sameChain
          : null;
  return {
    run,
    transfers: transfers.map(toTransferRow),
    canApprove: approveRefusal === null && run.status === "prepared",
    /** Why this administrator may not approve it (issue 33: two people, not two accounts). */
    approveRefusal,
  };
}

async function oneRun(db: Db, actor: Actor, runId: string): Promise<RunRow> {
  const [r] = await db.select().from(payoutRuns).where(eq(payoutRuns.id, runId));
  if (!r) refuse(404, PAYOUT_MESSAGES.notFound);
  const all = await listPayoutRuns(db, actor);
  return (
    all.find((x) => x.id === runId) ?? {
      id: r.id,
      status: r.status,
      totalPesewas: r.totalPesewas,
      transferCount: r.transferCount,
      preparedBy: "",
      preparedById: r.preparedBy,
      preparedAt: r.preparedAt.toISOString(),
      approvedBy: null,
      approvedAt: r.approvedAt ? r.approvedAt.toISOString() : null,
      progress: { ...EMPTY_PROGRESS },
    }
  );
}

/** Transfers to act on: failed or reversed, and queued ones older than an hour (system administrators). */
export async function payoutFailures(db: Db, actor: Actor, now = new Date()): Promise<TransferRow[]> {
  requireSystemAdmin(actor);
  const rows = await db
    .select(transferColumns)
    .from(payoutTransfers)
    .innerJoin(users, eq(users.id, payoutTransfers.doctorId))
    .where(
      sql`${payoutTransfers.status} in ('failed', 'reversed') or (${payoutTransfers.status} = 'queued' and ${payoutTransfers.updatedAt} < ${new Date(now.getTime() - 3600_000).toISOString()}::timestamptz)`,
    )
    .orderBy(desc(payoutTransfers.updatedAt))
    .limit(100);
  return rows.map(toTransferRow);
}

/** The latest reconciliations (system administrators). */
export async function listReconciliations(db: Db, actor: Actor) {
  requireSystemAdmin(actor);
  const rows = await db.select().from(payoutReconciliations).orderBy(desc(payoutReconciliations.ranAt)).limit(30);
  return rows.map((r) => ({ ...r, ranAt: r.ranAt.toISOString() }));
}

/** A doctor's own payouts, newest first (the doctor; system administrators). */
export async function doctorPayouts(db: Db, actor: Actor, doctorId: string) {
  assertMayReadDoctorMoney(actor, doctorId);
  const rows = await db
    .select(transferColumns)
    .from(payoutTransfers)
    .innerJoin(users, eq(users.id, payoutTransfers.doctorId))
    .where(and(eq(payoutTransfers.doctorId, doctorId), sql`${payoutTransfers.status} <> 'prepared'`))
    .orderBy(desc(payoutTransfers.createdAt))
    .limit(50);
  return rows.map(toTransferRow);
}
