import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Actor } from "~/auth/actor";
import type { Db } from "~/db/client.server";
import { type PayoutTransferStatus, payoutReconciliations, payoutRuns, payoutTransfers, users } from "~/db/schema";
import { sameChain } from "~/features/accounts/public.server";
import { assertMayReadDoctorMoney } from "~/features/ledger/public.server";
import { refuse } from "~/lib/refusal";
import { PAYOUT_MESSAGES, requireSystemAdmin, UUID } from "./payout-common.server.ts";
import { describeDetails } from "./payout-details.server.ts";

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
    /** Why this administrator may not approve it (decision 033: two people, not two accounts). */
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
