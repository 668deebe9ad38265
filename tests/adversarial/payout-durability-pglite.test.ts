import { describe, it } from "vitest";
import { expectPaidOnce, runPayoutDurability } from "./payout-durability";

/*
 * A payout run's worker killed with SIGKILL halfway through its transfers, restarted (decision 026),
 * on PGlite: never a transfer twice at Paystack, never a posting twice, the ledger sums to zero.
 * One file per engine, so that the two runs (mostly waits for a lapsed heartbeat) share the
 * layer's two workers (decision 038).
 */

describe("a payout run survives a worker killed halfway", () => {
  it("on PGlite", async () => {
    expectPaidOnce(await runPayoutDurability("pglite"));
  }, 420_000);
});
