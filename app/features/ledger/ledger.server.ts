import { and, asc, eq, gte, isNull, lt, sql } from "drizzle-orm";
import type { Actor, UserActor } from "~/auth/actor";
import type { Db } from "~/db/client.server";
import {
  auditEvents,
  type LedgerAccountKind,
  type LedgerEntryKind,
  ledgerAccounts,
  ledgerEntries,
  ledgerPostings,
  referrals,
  users,
} from "~/db/schema";
import { refuse } from "~/lib/refusal";

/*
 * The double-entry ledger (decision 026). Every movement of money is one journal
 * entry: postings in integer pesewas (debit positive, credit negative) that sum to zero, written
 * once under a unique idempotency key, in the transaction of what caused it. Checked here before
 * writing, and by the database at commit (deferred constraint triggers, migration 0013); entries
 * and postings are never updated or deleted. Balances and statements are read from the postings.
 *
 * Accounts: cash (money received and paid out), referral fees receivable (a completed referral's fee,
 * earned and not yet collected from the facility: it is not cash until it is), platform revenue,
 * provider clearing (money handed to the payout provider, not yet settled), provider fees, and one
 * "payable to doctor" per doctor.
 */

/** A transaction, or the database: anything that reads and writes. */
export type LedgerWriter = Pick<Db, "insert" | "select" | "execute" | "transaction">;

export type AccountRef = { kind: Exclude<LedgerAccountKind, "doctor_payable"> } | { doctorId: string };

export type PostingLine = { account: AccountRef; amount: number };

export type EntryInput = {
  idempotencyKey: string;
  kind: LedgerEntryKind;
  memo: string;
  lines: PostingLine[];
  referralId?: string | null;
  paymentRecordId?: string | null;
  payoutTransferId?: string | null;
  actorId?: string | null;
  at?: Date;
};

export class UnbalancedEntryError extends Error {}

/**
 * An idempotency key already written with other postings (or another kind): the caller is not
 * repeating the same movement of money but making a different one under a used key, which would
 * silently be lost if ignored. Refused, so the transaction that asked rolls back.
 */
export class IdempotencyKeyReusedError extends Error {}

/** Refuses an entry that cannot balance: fewer than two lines, a line that is not a whole non-zero pesewa, or a sum other than zero. */
export function assertBalanced(lines: PostingLine[]): void {
  if (lines.length < 2) throw new UnbalancedEntryError("A journal entry needs at least two postings");
  let sum = 0;
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amount) || line.amount === 0) {
      throw new UnbalancedEntryError(`A posting must be a whole, non-zero number of pesewas (got ${line.amount})`);
    }
    sum += line.amount;
  }
  if (sum !== 0) throw new UnbalancedEntryError(`A journal entry's postings must sum to zero (they sum to ${sum})`);
}

const ACCOUNT_NAMES: Record<Exclude<LedgerAccountKind, "doctor_payable">, string> = {
  cash: "Cash",
  fees_receivable: "Referral fees receivable",
  platform_revenue: "Platform revenue",
  provider_clearing: "Payout provider clearing",
  provider_fees: "Payout provider fees",
};

/** The account's id, creating it on first use (a doctor's payable account, or a network account). */
export async function accountId(tx: Pick<Db, "insert" | "select">, ref: AccountRef): Promise<string> {
  if ("doctorId" in ref) {
    const [found] = await tx
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.doctorId, ref.doctorId))
      .limit(1);
    if (found) return found.id;
    await tx
      .insert(ledgerAccounts)
      .values({ kind: "doctor_payable", doctorId: ref.doctorId, name: "Payable to doctor" })
      .onConflictDoNothing({ target: ledgerAccounts.doctorId, where: sql`${ledgerAccounts.doctorId} is not null` });
    const [made] = await tx
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.doctorId, ref.doctorId))
      .limit(1);
    if (!made) throw new Error("The doctor's ledger account could not be created");
    return made.id;
  }
  const network = () =>
    tx
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.kind, ref.kind), isNull(ledgerAccounts.doctorId)))
      .limit(1);
  const [found] = await network();
  if (found) return found.id;
  await tx
    .insert(ledgerAccounts)
    .values({ kind: ref.kind, name: ACCOUNT_NAMES[ref.kind] })
    .onConflictDoNothing({ target: ledgerAccounts.kind, where: sql`${ledgerAccounts.doctorId} is null` });
  const [made] = await network();
  if (!made) throw new Error(`The ${ref.kind} ledger account could not be created`);
  return made.id;
}

/**
 * Writes one journal entry in the caller's transaction, once: a second call with the same
 * idempotency key (a retry, a replayed webhook, two workers at once) writes nothing and answers
 * `posted: false`. Two transactions posting the same key at once: the second waits for the first
 * and then writes nothing.
 */
export async function postEntry(
  db: LedgerWriter,
  input: EntryInput,
): Promise<{ posted: boolean; entryId: string | null }> {
  assertBalanced(input.lines);
  // The entry and its postings together (a savepoint inside the caller's transaction): the
  // database checks the entry's balance when the outermost transaction commits.
  return db.transaction((tx) => writeEntry(tx, input));
}

async function writeEntry(
  tx: Pick<Db, "insert" | "select">,
  input: EntryInput,
): Promise<{ posted: boolean; entryId: string | null }> {
  const at = input.at ?? new Date();
  const [entry] = await tx
    .insert(ledgerEntries)
    .values({
      idempotencyKey: input.idempotencyKey,
      kind: input.kind,
      memo: input.memo,
      referralId: input.referralId ?? null,
      paymentRecordId: input.paymentRecordId ?? null,
      payoutTransferId: input.payoutTransferId ?? null,
      actorId: input.actorId ?? null,
      createdAt: at,
    })
    .onConflictDoNothing({ target: ledgerEntries.idempotencyKey })
    .returning({ id: ledgerEntries.id });
  const lines = [];
  for (const line of input.lines) lines.push({ accountId: await accountId(tx, line.account), amount: line.amount });
  if (!entry) {
    await assertSameEntry(tx, input, lines);
    return { posted: false, entryId: null };
  }
  await tx.insert(ledgerPostings).values(lines.map((line) => ({ ...line, entryId: entry.id, createdAt: at })));
  return { posted: true, entryId: entry.id };
}

/** A key written before must have been written with this kind and these postings: a true repeat. */
async function assertSameEntry(
  tx: Pick<Db, "select">,
  input: EntryInput,
  lines: { accountId: string; amount: number }[],
): Promise<void> {
  const written = await tx
    .select({ kind: ledgerEntries.kind, accountId: ledgerPostings.accountId, amount: ledgerPostings.amount })
    .from(ledgerEntries)
    .innerJoin(ledgerPostings, eq(ledgerPostings.entryId, ledgerEntries.id))
    .where(eq(ledgerEntries.idempotencyKey, input.idempotencyKey));
  const shape = (rows: { accountId: string; amount: number }[]) =>
    rows
      .map((r) => `${r.accountId}:${Number(r.amount)}`)
      .sort()
      .join(",");
  if (written.some((row) => row.kind !== input.kind) || shape(written) !== shape(lines)) {
    throw new IdempotencyKeyReusedError(
      `The ledger key ${input.idempotencyKey} was written with other postings: a different movement under a used key is refused`,
    );
  }
}

/* ------------------------------------------------------------------------------------------------
 * The entries the product writes
 * ---------------------------------------------------------------------------------------------- */

/**
 * A completed referral: the fee earned and owed by the facility (a receivable: nothing is collected
 * at completion), the doctor's share owed to them, the platform's share earned.
 */
export function referralCompletedEntry(referral: {
  id: string;
  referralNumber: string;
  doctorId: string;
  referralFee: number;
  doctorShare: number;
  paymentRecordId: string;
  /** Null when a hospital system's FHIR client completed it (decision 034: the audit row names the client). */
  actorId: string | null;
}): EntryInput {
  const platform = referral.referralFee - referral.doctorShare;
  return {
    idempotencyKey: `referral-completed:${referral.id}`,
    kind: "referral_completed",
    memo: `Referral ${referral.referralNumber} completed`,
    referralId: referral.id,
    paymentRecordId: referral.paymentRecordId,
    actorId: referral.actorId,
    lines: (
      [
        { account: { kind: "fees_receivable" }, amount: referral.referralFee },
        { account: { doctorId: referral.doctorId }, amount: -referral.doctorShare },
        { account: { kind: "platform_revenue" }, amount: -platform },
      ] satisfies PostingLine[]
    ).filter((line) => line.amount !== 0),
  };
}

/** Money paid to a doctor outside the product (the Mark as Paid dialog: method and reference). */
export function paidOutsideEntry(payment: {
  id: string;
  referralId: string;
  doctorId: string;
  amount: number;
  method: string;
  reference: string;
  actorId: string;
}): EntryInput {
  return {
    idempotencyKey: `paid-outside:${payment.id}`,
    kind: "paid_outside",
    memo: `Paid outside the product: ${payment.method} ${payment.reference}`,
    referralId: payment.referralId,
    paymentRecordId: payment.id,
    actorId: payment.actorId,
    lines: [
      { account: { doctorId: payment.doctorId }, amount: payment.amount },
      { account: { kind: "cash" }, amount: -payment.amount },
    ],
  };
}

/* ------------------------------------------------------------------------------------------------
 * Reading: balances, statements, the trial balance
 * ---------------------------------------------------------------------------------------------- */

/** Who may read a doctor's money: the doctor, and approved system administrators. Anyone else: 403/404. */
export function assertMayReadDoctorMoney(actor: Actor, doctorId: string): UserActor {
  if (actor.kind === "anonymous") refuse(401, "Authentication Required");
  if (!actor.approved) refuse(403, "Account Pending Approval");
  if (actor.role === "system_admin") return actor;
  if (actor.role === "doctor" && actor.id === doctorId) return actor;
  if (actor.role === "doctor") refuse(404, "Not found");
  refuse(403, "Access denied");
}

/** What the network owes the doctor now, in pesewas (their payable account's credit balance). */
export async function doctorBalance(db: Pick<Db, "select">, actor: Actor, doctorId: string): Promise<number> {
  assertMayReadDoctorMoney(actor, doctorId);
  return balanceOf(db, doctorId);
}

/** The doctor's balance without an actor: for the payout run and the domain's own checks. */
export async function balanceOf(db: Pick<Db, "select">, doctorId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${ledgerPostings.amount})` })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(eq(ledgerAccounts.doctorId, doctorId));
  return 0 - Number(row?.total ?? 0) || 0;
}

export type StatementLine = {
  id: number;
  at: string;
  kind: LedgerEntryKind;
  memo: string;
  referralNumber: string | null;
  /** Positive: owed to the doctor (earned, money back); negative: paid to them. */
  amount: number;
  runningBalance: number;
};

export type Statement = { openingBalance: number; closingBalance: number; lines: StatementLine[] };

/** A month in Africa/Accra (UTC+0, no daylight saving): [start, end). */
export function monthRange(month: string): { start: Date; end: Date } | null {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!match) return null;
  const year = Number(match[1]);
  const index = Number(match[2]) - 1;
  if (year < 2000 || year > 2100) return null;
  return { start: new Date(Date.UTC(year, index, 1)), end: new Date(Date.UTC(year, index + 1, 1)) };
}

/**
 * The doctor's statement: every posting on their account in order, with its date, referral number,
 * amount and the running balance; for one month when `month` (YYYY-MM) is given, opening with the
 * balance carried from before it.
 */
export async function doctorStatement(
  db: Pick<Db, "select">,
  actor: Actor,
  doctorId: string,
  options: { month?: string; limit?: number } = {},
): Promise<Statement> {
  assertMayReadDoctorMoney(actor, doctorId);
  const [account] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.doctorId, doctorId))
    .limit(1);
  if (!account) return { openingBalance: 0, closingBalance: 0, lines: [] };
  const range = options.month ? monthRange(options.month) : null;
  if (options.month && !range) refuse(400, "Choose a month as YYYY-MM.");
  let opening = 0;
  if (range) {
    const [before] = await db
      .select({ total: sql<string | null>`sum(${ledgerPostings.amount})` })
      .from(ledgerPostings)
      .where(and(eq(ledgerPostings.accountId, account.id), lt(ledgerPostings.createdAt, range.start)));
    opening = 0 - Number(before?.total ?? 0) || 0;
  }
  const rows = await db
    .select({
      id: ledgerPostings.id,
      at: ledgerPostings.createdAt,
      amount: ledgerPostings.amount,
      kind: ledgerEntries.kind,
      memo: ledgerEntries.memo,
      referralNumber: referrals.referralNumber,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
    .leftJoin(referrals, eq(referrals.id, ledgerEntries.referralId))
    .where(
      and(
        eq(ledgerPostings.accountId, account.id),
        range ? gte(ledgerPostings.createdAt, range.start) : undefined,
        range ? lt(ledgerPostings.createdAt, range.end) : undefined,
      ),
    )
    .orderBy(asc(ledgerPostings.createdAt), asc(ledgerPostings.id));
  let running = opening;
  const lines = rows.map((row) => {
    const amount = 0 - Number(row.amount);
    running += amount;
    return {
      id: Number(row.id),
      at: new Date(row.at).toISOString(),
      kind: row.kind,
      memo: row.memo,
      referralNumber: row.referralNumber,
      amount,
      runningBalance: running,
    };
  });
  const shown = options.limit ? lines.slice(-options.limit) : lines;
  return { openingBalance: opening, closingBalance: running, lines: shown };
}

export type TrialBalanceRow = { kind: LedgerAccountKind; name: string; accounts: number; balance: number };
export type TrialBalance = { rows: TrialBalanceRow[]; total: number; entries: number };

/** Every account kind's debit-positive sum (doctors' accounts together) and the total, which must be zero. System administrators. */
export async function trialBalance(db: Pick<Db, "select">, actor: Actor): Promise<TrialBalance> {
  if (actor.kind === "anonymous") refuse(401, "Authentication Required");
  if (actor.role !== "system_admin" || !actor.approved) refuse(403, "Access denied");
  return readTrialBalance(db);
}

export async function readTrialBalance(db: Pick<Db, "select">): Promise<TrialBalance> {
  const rows = await db
    .select({
      kind: ledgerAccounts.kind,
      accounts: sql<string>`count(distinct ${ledgerAccounts.id})`,
      balance: sql<string>`coalesce(sum(${ledgerPostings.amount}), 0)`,
    })
    .from(ledgerAccounts)
    .leftJoin(ledgerPostings, eq(ledgerPostings.accountId, ledgerAccounts.id))
    .groupBy(ledgerAccounts.kind)
    .orderBy(ledgerAccounts.kind);
  const [count] = await db.select({ n: sql<string>`count(*)` }).from(ledgerEntries);
  const names: Record<LedgerAccountKind, string> = { ...ACCOUNT_NAMES, doctor_payable: "Payable to doctors" };
  const out = rows.map((r) => ({
    kind: r.kind,
    name: names[r.kind],
    accounts: Number(r.accounts),
    balance: Number(r.balance),
  }));
  return { rows: out, total: out.reduce((sum, r) => sum + r.balance, 0), entries: Number(count?.n ?? 0) };
}

/* ------------------------------------------------------------------------------------------------
 * The nightly check
 * ---------------------------------------------------------------------------------------------- */

export type LedgerCheck = { ok: boolean; total: number; unbalancedEntries: string[] };

/** Whether the whole ledger sums to zero and every entry balances (the database enforces both; this proves it). */
export async function checkLedger(db: Pick<Db, "execute">): Promise<LedgerCheck> {
  const totals = await db.execute(sql`select coalesce(sum(amount), 0)::text as total from ledger_postings`);
  const unbalanced = await db.execute(
    sql`select e.idempotency_key as key from ledger_entries e left join ledger_postings p on p.entry_id = e.id
        group by e.id, e.idempotency_key having coalesce(sum(p.amount), 0) <> 0 or count(p.id) < 2 limit 20`,
  );
  const total = Number((totals as unknown as { rows: { total: string }[] }).rows[0]?.total ?? 0);
  const keys = (unbalanced as unknown as { rows: { key: string }[] }).rows.map((r) => r.key);
  return { ok: total === 0 && keys.length === 0, total, unbalancedEntries: keys };
}

/** Approved system administrators' addresses (alerts). */
export async function systemAdminAddresses(db: Pick<Db, "select">): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, "system_admin"), eq(users.approvalStatus, "approved")));
  return rows.map((r) => r.email);
}

/** An audit row written by the system (a job, a webhook), not by a person. */
export async function recordSystemAudit(
  tx: Pick<Db, "insert">,
  entry: {
    action: string;
    subjectType: "payment" | "user";
    subjectId: string;
    fromStatus?: string | null;
    toStatus?: string | null;
    reason?: string | null;
    actorId?: string | null;
  },
): Promise<void> {
  await tx.insert(auditEvents).values({
    actorId: entry.actorId ?? null,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    fromStatus: entry.fromStatus ?? null,
    toStatus: entry.toStatus ?? null,
    reason: entry.reason ?? null,
  });
}
