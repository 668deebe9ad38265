import { and, eq, lt, sql } from "drizzle-orm";
import type { Actor } from "~/auth/actor";
import type { Db } from "~/db/client.server";
import { payoutReconciliations, payoutTransfers, type ReconciliationMismatch } from "~/db/schema";
import { enqueue, type JobHandler } from "~/jobs/queue.server";
import { logger } from "~/lib/logger.server";
import { requireSystemAdmin } from "./payout-common.server.ts";
import { verifyTransfer } from "./payout-transfers.server.ts";
import type { PayoutProvider, ProviderTransfer } from "./provider.ts";

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
 * transfer failed here that Paystack paid is reconciled, decision 032).
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
