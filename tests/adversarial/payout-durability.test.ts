import { describe, expect, it } from "vitest";
import { type PayoutDurabilityReport, runPayoutDurability } from "./payout-durability";

/*
 * A payout run's worker killed with SIGKILL halfway through its transfers, restarted (issue 27),
 * on PGlite and (with TEST_DATABASE_URL) PostgreSQL: never a transfer twice at Paystack, never a
 * posting twice, the ledger sums to zero.
 */

function expectPaidOnce(report: PayoutDurabilityReport): void {
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

describe("a payout run survives a worker killed halfway", () => {
  it("on PGlite", async () => {
    expectPaidOnce(await runPayoutDurability("pglite"));
  }, 420_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "on PostgreSQL",
    async () => {
      expectPaidOnce(await runPayoutDurability("postgres"));
    },
    420_000,
  );
});
