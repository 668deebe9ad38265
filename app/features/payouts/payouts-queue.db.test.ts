import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Actor, actorById } from "~/auth/actor.server";
import { payoutDetails, payoutTransfers } from "~/db/schema";
import { checkLedger, readTrialBalance } from "~/features/ledger/ledger.server";
import type { JobWorkers } from "~/jobs/queue.server";
import { startJobWorkers } from "../../../server/job-workers";
import { createAccount } from "../../../tests/helpers/accounts";
import { insertFacility } from "../../../tests/helpers/domain";
import { type PaystackFake, startPaystackFake } from "../../../tests/helpers/fake-providers/paystack";
import { completeReferralFor, ledgerSum } from "../../../tests/helpers/money";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { waitUntil } from "../../../tests/helpers/wait";
import { receivePayoutWebhook } from "./payout-webhook.server";
import { approvePayoutRun, preparePayoutRun } from "./payouts.server";
import { paystackProvider } from "./paystack.server";
import type { PayoutProvider } from "./provider";

/*
 * Payouts through the job queue (decision 026), adversarially: two worker processes' worth of workers
 * take a run's transfers at once from a slow Paystack (50 ms a call), the first try of some fails
 * with a 5xx, and the webhooks arrive shuffled, twice each, some forged, some contradicting the
 * others. Never a transfer twice, never a posting twice, the ledger sums to zero after each step.
 */
vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123456789");
vi.stubEnv("APP_URL", "http://localhost:3000");
vi.stubEnv("E2E_RELAXED_RATE_LIMITS", "1");

const DOCTORS = 20;
let h: TestDatabase;
let fake: PaystackFake;
let paystack: PayoutProvider;
let workers: JobWorkers[] = [];
const admins: Actor[] = [];
const doctorIds: string[] = [];

async function statuses(): Promise<Record<string, number>> {
  const rows = await h.db
    .select({ status: payoutTransfers.status, n: sql<string>`count(*)` })
    .from(payoutTransfers)
    .groupBy(payoutTransfers.status);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

async function keyCounts(): Promise<number> {
  const result = await h.db.execute(
    sql`select count(*)::int as n from (select idempotency_key from ledger_entries group by 1 having count(*) > 1) d`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

beforeAll(async () => {
  h = await createTestDb({ workers: false });
  fake = await startPaystackFake({ latencyMs: 50 });
  // A call that times out is verified by its reference, and sent again only when that cannot tell
  // (payouts-provider-truth.db.test.ts). Here the calls are counted, and PGlite runs in this process:
  // on a machine loaded ten times over, a 5 s timeout was outlasted and the run made one safe
  // second call (24 for 23, its reference refused). The timeout is not what this test proves.
  paystack = paystackProvider({ secretKey: fake.secretKey, baseUrl: fake.url, timeoutMs: 60_000 });
  const facilityId = await insertFacility(h.db, "queue-hospital", "Queue Hospital");
  const facilityAdmin = await actorById(
    h.db,
    (await createAccount(h.db, { role: "facility_admin", approved: true, facilityId })).id,
  );
  for (let i = 0; i < 2; i++) {
    admins.push(await actorById(h.db, (await createAccount(h.db, { role: "system_admin", approved: true })).id));
  }
  for (let i = 0; i < DOCTORS; i++) {
    const id = (await createAccount(h.db, { role: "doctor", approved: true })).id;
    doctorIds.push(id);
    await completeReferralFor(h.db, { doctorId: id, facilityId, facilityAdmin });
    await h.db.insert(payoutDetails).values({
      doctorId: id,
      method: "mobile_money",
      network: (["MTN", "TELECEL", "AT"] as const)[i % 3],
      accountNumber: `+23324${String(1_000_000 + i).padStart(7, "0")}`,
      accountName: `Dr ${i}`,
      holdUntil: new Date(Date.now() - 3600_000),
      updatedAt: new Date(Date.now() - 7200_000),
    });
  }
  // Two sets of workers on the one queue, as two app servers would run them.
  for (let i = 0; i < 2; i++) {
    workers.push(
      await startJobWorkers(h, {
        payoutProvider: paystack,
        pollingIntervalSeconds: 0.5,
        superviseIntervalSeconds: 5,
        transports: { email: async () => ({ provider: "outbox", providerId: null }) as never },
      }),
    );
  }
  // Paystack's failed answers are retried after 1 s, not production's 30 s doubling (the retry
  // itself is what is proven; the delay is configuration, PAYOUT_RETRY_DELAY_SECONDS).
  await workers[0]!.boss.updateQueue("payout-transfer", { retryDelay: 1 });
}, 300_000);

afterAll(async () => {
  for (const w of workers) await w.stop(2_000).catch(() => {});
  workers = [];
  await fake?.close();
  await h?.drop();
});

describe("a payout run on the job queue, adversarially", () => {
  it("sends every transfer once through two sets of workers, retrying the ones Paystack failed", async () => {
    const prepared = await preparePayoutRun(h.db, admins[0]!);
    expect(prepared.count).toBe(DOCTORS);
    fake.failNextTransfers = 3; // the first three calls answer 500: retried by the queue
    // Both administrators' approval clicks arrive together, twice each.
    const results = await Promise.allSettled([
      approvePayoutRun(h.db, admins[1]!, prepared.runId, paystack),
      approvePayoutRun(h.db, admins[1]!, prepared.runId, paystack),
      approvePayoutRun(h.db, admins[0]!, prepared.runId, paystack),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    await waitUntil(async () => (await statuses()).pending === DOCTORS, 120_000);
    expect(fake.transfers.size).toBe(DOCTORS);
    expect(new Set([...fake.transfers.values()].map((t) => t.reference)).size).toBe(DOCTORS);
    expect(fake.transferCalls).toBe(DOCTORS + 3);
    expect(await ledgerSum(h.db)).toBe(0);
    expect(await keyCounts()).toBe(0);
  }, 180_000);

  it("webhooks shuffled, replayed, forged and contradicting: each transfer settles once, the ledger balances", async () => {
    const references = [...fake.transfers.keys()];
    const deliveries: Array<{ body: string; headers: Record<string, string> }> = [];
    references.forEach((reference, i) => {
      const outcome = i % 5 === 0 ? "failed" : i % 7 === 0 ? "reversed" : "success";
      const final = fake.settle(reference, outcome);
      deliveries.push(final, final); // every event twice
      deliveries.push(fake.webhook(reference, "transfer.success", { forge: true })); // forged
      if (outcome === "failed") deliveries.push(fake.webhook(reference, "transfer.success")); // a contradicting later one
    });
    for (let i = deliveries.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!];
    }
    const answers = await Promise.all(
      deliveries.map((d) => receivePayoutWebhook(h.db, paystack, d.body, new Headers(d.headers))),
    );
    expect(answers.filter((a) => a.status === 401)).toHaveLength(DOCTORS);
    const counts = await statuses();
    const failed = references.filter((_, i) => i % 5 === 0).length;
    // A failed one whose contradicting "success" came first is a success: the first final state wins.
    expect((counts.success ?? 0) + (counts.failed ?? 0) + (counts.reversed ?? 0)).toBe(DOCTORS);
    expect(counts.failed ?? 0).toBeLessThanOrEqual(failed);
    expect(await keyCounts()).toBe(0);
    expect(await checkLedger(h.db)).toEqual({ ok: true, total: 0, unbalancedEntries: [] });
    // Every transfer's money is in exactly one place: paid out, or back on the doctor's balance.
    const trial = await readTrialBalance(h.db);
    const clearing = trial.rows.find((r) => r.kind === "provider_clearing")?.balance ?? 0;
    expect(clearing).toBe(0);
    const owed = -(trial.rows.find((r) => r.kind === "doctor_payable")?.balance ?? 0);
    const back = ((await statuses()).failed ?? 0) + ((await statuses()).reversed ?? 0);
    expect(owed).toBe(back * 7_000);
    const [paidOut] = await h.db
      .select({ n: sql<string>`count(*)` })
      .from(payoutTransfers)
      .where(eq(payoutTransfers.status, "success"));
    expect(Number(paidOut!.n) + back).toBe(DOCTORS);
  }, 120_000);
});
