import { and, eq, sql } from "drizzle-orm";
import type { Actor } from "~/auth/actor";
import type { Db } from "~/db/client.server";
import { payoutRuns, payoutTransfers } from "~/db/schema";
import { env } from "~/env.server";
import { sameChain } from "~/features/accounts/public.server";
import { recordAudit } from "~/features/audit/public.server";
import { accountId } from "~/features/ledger/public.server";
import { enqueue, enqueueMany } from "~/jobs/queue.server";
import { refuse } from "~/lib/refusal";
import { cedis, PAYOUT_MESSAGES, requireSystemAdmin, rowsOf, UUID } from "./payout-common.server.ts";
import type { PayoutProvider } from "./provider.ts";

/*
 * Payout runs (decision 026). One system administrator prepares a run: every
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
  // Decision 033: two people, not two accounts of one (an account the preparer invited or approved, or
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
 * transfers or 10,000; decision 026's bench: 318 s one transfer at a time before):
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
