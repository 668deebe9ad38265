import { and, eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { actorById } from "~/auth/actor.server";
import type { Db } from "~/db/client.server";
import { payoutTransfers } from "~/db/schema";
import { checkLedger, postEntry } from "~/features/ledger/ledger.server";
import { approvePayoutRun, preparePayoutRun } from "~/features/payouts/payouts.server";
import { paystackProvider } from "~/features/payouts/paystack.server";
import { DEFAULT_RETRY, type RetrySettings } from "~/jobs/queue.server";
import { createAccount } from "../helpers/accounts";
import { PaystackFake } from "../helpers/fake-providers/paystack";
import { freePort, type ServerProcess, startServer, waitHealthy } from "../helpers/server-process";
import { pgliteTarget, postgresTarget, type Target } from "./durability";
import { FAST_TAKEOVER } from "./message-durability";

/** A transfer's first retry, a second after it failed (production: 30 s). */
const PAYOUT_RETRY_DELAY_SECONDS = "1";

/*
 * A payout run survives a worker killed halfway through it (issue 27). A run of DOCTORS transfers
 * is prepared and approved by two system administrators; the production server (a child process)
 * sends them to the local fake of Paystack's Transfers API, which takes each transfer at once and
 * holds its answer (answerDelayMs), so the SIGKILL lands while Paystack has transfers the server
 * never heard back about, and others are still queued. Started again, the server sends what is
 * left; a job killed mid-call is taken over once its heartbeat lapses and finds its reference at
 * Paystack (refused as a duplicate, then verified) instead of paying again. Afterwards: one
 * transfer per doctor at Paystack (never two), one payout-initiated entry of two postings per
 * transfer (never a posting twice), and the ledger sums to zero.
 */

const DOCTORS = 60;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type PayoutDurabilityReport = {
  database: "pglite" | "postgres";
  transfers: number;
  runTotal: number;
  /** Transfers Paystack had taken when the server was killed, and of those, how many it had not answered yet. */
  takenAtKill: number;
  unansweredAtKill: number;
  /** POST /transfer calls Paystack received in all: a retry of a held one is refused as a duplicate. */
  transferCalls: number;
  /** What Paystack holds at the end: transfers, their sum, and recipients paid more than once. */
  atPaystack: number;
  paidAtPaystack: number;
  recipientsPaidTwice: number;
  /** Our side: transfers by status, payout-initiated entries and their postings. */
  statuses: Record<string, number>;
  initiatedEntries: number;
  entriesWithoutTwoPostings: number;
  ledgerTotal: number;
  unbalancedEntries: number;
  /** Seconds: setting up (run prepared and approved), to the kill, from the restart to every transfer settled, in all. */
  setupSeconds: number;
  killSeconds: number;
  settleSeconds: number;
  seconds: number;
};

/** Prepares and approves a run on the fresh database; its id, transfers and total. */
async function prepareRun(db: Db, fake: PaystackFake): Promise<{ runId: string; count: number; total: number }> {
  const preparer = await actorById(db, (await createAccount(db, { role: "system_admin", approved: true })).id);
  const approver = await actorById(db, (await createAccount(db, { role: "system_admin", approved: true })).id);
  // The doctors straight into the table (they never sign in here), each with mobile-money details.
  const made = await db.execute<{ id: string }>(sql`
    insert into users (full_name, email, email_verified, role, is_verified, approval_status, approved_at)
    select 'Dr Durable ' || i, 'durable-' || i || '-' || ${Date.now().toString(36)} || '@example.test', true, 'doctor',
           true, 'approved', now()
    from generate_series(1, ${DOCTORS}) as i
    returning id`);
  const doctorIds = (made as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  for (const [i, doctorId] of doctorIds.entries()) {
    // What a completed referral posts: ₵100 received, ₵70 and a little more owed to the doctor, the rest earned.
    await postEntry(db, {
      idempotencyKey: `payout-durability:earned:${doctorId}`,
      kind: "referral_completed",
      memo: "Earned before the run",
      lines: [
        { account: { kind: "cash" }, amount: 10_000 },
        { account: { doctorId }, amount: -(7_000 + i * 10) },
        { account: { kind: "platform_revenue" }, amount: -(3_000 - i * 10) },
      ],
    });
    await db.execute(sql`insert into payout_details (doctor_id, method, network, account_number, account_name, hold_until, updated_at)
      values (${doctorId}, 'mobile_money', 'MTN', ${`+23324${String(1_000_000 + i).padStart(7, "0")}`}, 'Dr Durable',
              now() - interval '2 days', now() - interval '3 days')`);
  }
  const prepared = await preparePayoutRun(db, preparer);
  const provider = paystackProvider({ secretKey: fake.secretKey, baseUrl: fake.url });
  const approved = await approvePayoutRun(db, approver, prepared.runId, provider);
  if (approved.queued !== DOCTORS) throw new Error(`expected ${DOCTORS} transfers queued, got ${approved.queued}`);
  return { runId: prepared.runId, count: prepared.count, total: prepared.total };
}

async function statusesOf(db: Db, runId: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: payoutTransfers.status, n: sql<string>`count(*)` })
    .from(payoutTransfers)
    .where(eq(payoutTransfers.runId, runId))
    .groupBy(payoutTransfers.status);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

async function queuedCount(db: Db, runId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`count(*)` })
    .from(payoutTransfers)
    .where(and(eq(payoutTransfers.runId, runId), eq(payoutTransfers.status, "queued")));
  return Number(row?.n ?? 0);
}

export async function runPayoutDurability(database: "pglite" | "postgres"): Promise<PayoutDurabilityReport> {
  process.env.AUTH_SECRET ??= "durability-secret-durability-secret-0123";
  const started = performance.now();
  // Each transfer is Paystack's at once; its answer comes 1.5 s later (the kill finds some held).
  const fake = await new PaystackFake({ latencyMs: 20, answerDelayMs: 1_500 }).listen();
  // The run's transfers are queued here, before the server starts: with the server's timings, or
  // they would keep production's 30 s heartbeat and 30 s retry delay (taken over a minute after the kill).
  const retry: RetrySettings = {
    ...DEFAULT_RETRY,
    heartbeatSeconds: Number(FAST_TAKEOVER.JOB_HEARTBEAT_SECONDS),
    payoutRetryDelaySeconds: Number(PAYOUT_RETRY_DELAY_SECONDS),
  };
  const target: Target = database === "pglite" ? await pgliteTarget(retry) : await postgresTarget(retry);
  const env = {
    ...target.serverEnv,
    LOG_LEVEL: "warn",
    TRUST_PROXY: "true",
    PAYSTACK_SECRET_KEY: fake.secretKey,
    PAYSTACK_BASE_URL: fake.url,
    // Taken over 10 s after the kill (not 30 + 30 s) and retried a second later (not 30 s).
    ...FAST_TAKEOVER,
    PAYOUT_RETRY_DELAY_SECONDS,
  };
  let server: ServerProcess | undefined;
  const start = async () => {
    const port = await freePort();
    server = startServer({ ...env, PORT: String(port) });
    await waitHealthy(port, server);
  };
  const stop = async () => {
    server?.child.kill("SIGTERM");
    await server?.exited;
    server = undefined;
  };
  try {
    let run: { runId: string; count: number; total: number };
    {
      const handle = await target.open();
      run = await prepareRun(handle.db, fake);
      await handle.close();
    }

    const setupSeconds = Math.round((performance.now() - started) / 1000);
    // The server's workers take the queued transfers (4 workers, 10 at a time each); the kill lands
    // once Paystack has answered some, while it holds others' answers, with more still to send.
    await start();
    const deadline = Date.now() + 120_000;
    while (fake.held.size === 0 || fake.transfers.size - fake.held.size < 1) {
      if (Date.now() > deadline) throw new Error(`no transfer went out: ${server?.output().slice(-3000)}`);
      if (server?.child.exitCode !== null) throw new Error(`server exited: ${server?.output().slice(-3000)}`);
      await sleep(5);
    }
    server?.child.kill("SIGKILL");
    const takenAtKill = fake.transfers.size;
    const heldAtKill = [...fake.held];
    await server?.exited;
    server = undefined;
    const killedAt = performance.now();
    const killSeconds = Math.round((killedAt - started) / 1000) - setupSeconds;

    // Started again: what was queued is sent; a job killed mid-call is taken over after its
    // heartbeat lapses (JOB_HEARTBEAT_SECONDS), at the next supervision (JOB_SUPERVISE_SECONDS),
    // after its retry delay (PAYOUT_RETRY_DELAY_SECONDS), and verifies its reference. On PostgreSQL the run is watched while the server works; PGlite has
    // one owner at a time, so there the server runs until Paystack has been asked about every
    // held reference, and the run is read with the server stopped (again, if one is still queued).
    const settleBy = Date.now() + 240_000;
    const verified = (reference: string) =>
      fake.requests.some((r) => r.method === "GET" && r.path === `/transfer/verify/${reference}`);
    let queued = Number.POSITIVE_INFINITY;
    while (queued > 0 && Date.now() < settleBy) {
      await start();
      if (database === "postgres") {
        const handle = await target.open();
        while (Date.now() < settleBy) {
          queued = await queuedCount(handle.db, run.runId);
          if (queued === 0) break;
          await sleep(250);
        }
      } else {
        while ((fake.transfers.size < run.count || !heldAtKill.every(verified)) && Date.now() < settleBy) {
          await sleep(250);
        }
        await sleep(2_000);
      }
      await stop();
      if (database === "pglite") {
        const handle = await target.open();
        try {
          queued = await queuedCount(handle.db, run.runId);
        } finally {
          await handle.close();
        }
      }
    }

    const settleSeconds = Math.round((performance.now() - killedAt) / 1000);
    const handle = await target.open();
    try {
      const ours = await handle.db
        .select({ reference: payoutTransfers.reference })
        .from(payoutTransfers)
        .where(eq(payoutTransfers.runId, run.runId));
      const references = new Set(ours.map((t) => t.reference));
      const atPaystack = [...fake.transfers.values()].filter((t) => references.has(t.reference));
      const byRecipient = new Map<string, number>();
      for (const t of atPaystack) byRecipient.set(t.recipient, (byRecipient.get(t.recipient) ?? 0) + 1);
      const entries = await handle.db.execute<{ n: number; postings: number; total: string }>(sql`
        select count(p.id)::int as postings, coalesce(sum(p.amount), 0)::text as total
        from ledger_entries e left join ledger_postings p on p.entry_id = e.id
        where e.kind = 'payout_initiated'
          and e.payout_transfer_id in (select id from payout_transfers where run_id = ${run.runId})
        group by e.id`);
      const rows = (entries as unknown as { rows: { postings: number; total: string }[] }).rows;
      const check = await checkLedger(handle.db);
      return {
        database,
        transfers: run.count,
        runTotal: run.total,
        takenAtKill,
        unansweredAtKill: heldAtKill.length,
        transferCalls: fake.transferCalls,
        atPaystack: atPaystack.length,
        paidAtPaystack: atPaystack.reduce((sum, t) => sum + t.amount, 0),
        recipientsPaidTwice: [...byRecipient.values()].filter((n) => n > 1).length,
        statuses: await statusesOf(handle.db, run.runId),
        initiatedEntries: rows.length,
        entriesWithoutTwoPostings: rows.filter((r) => r.postings !== 2 || Number(r.total) !== 0).length,
        ledgerTotal: check.total,
        unbalancedEntries: check.unbalancedEntries.length,
        setupSeconds,
        killSeconds,
        settleSeconds,
        seconds: Math.round((performance.now() - started) / 1000),
      };
    } finally {
      await handle.close();
    }
  } finally {
    if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
    await server?.exited;
    await fake.close();
    await target.drop();
  }
}

/** What a run killed halfway must still show: every transfer paid once, every posting once, a balanced ledger. */
export function expectPaidOnce(report: PayoutDurabilityReport): void {
  console.log(`payout durability ${JSON.stringify(report)}`);
  // The kill landed mid-run: Paystack had taken transfers whose answer the server never heard.
  expect(report.unansweredAtKill).toBeGreaterThan(0);
  expect(report.takenAtKill).toBeGreaterThan(report.unansweredAtKill);
  // Each transfer reached Paystack exactly once, to its own doctor, for the run's total.
  expect(report.atPaystack).toBe(report.transfers);
  expect(report.recipientsPaidTwice).toBe(0);
  expect(report.paidAtPaystack).toBe(report.runTotal);
  // Those held at the kill were sent again under their reference: refused as duplicates, never paid twice.
  expect(report.transferCalls).toBeGreaterThan(report.transfers);
  // Every transfer is initiated (Paystack's answer or its verification); nothing still queued.
  expect(report.statuses).toEqual({ pending: report.transfers });
  // One payout-initiated entry of two balancing postings per transfer; the ledger sums to zero.
  expect(report.initiatedEntries).toBe(report.transfers);
  expect(report.entriesWithoutTwoPostings).toBe(0);
  expect(report.ledgerTotal).toBe(0);
  expect(report.unbalancedEntries).toBe(0);
}
