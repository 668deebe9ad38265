import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { earnedShare, formatShare, REFERRAL_STATUSES } from "./referral-status";

describe("the referral statuses", () => {
  it("are the ones the database's column allows, in the same order (the client-safe copy cannot drift)", () => {
    expect([...REFERRAL_STATUSES]).toEqual([...schema.REFERRAL_STATUSES]);
  });
});

describe("the doctor's share (issue 28)", () => {
  it("exists only for a completed referral", () => {
    expect(earnedShare("completed", 7_000)).toBe(7_000);
    for (const status of REFERRAL_STATUSES.filter((s) => s !== "completed")) {
      expect(earnedShare(status, 7_000)).toBeNull();
    }
  });

  it('shows "₵70" once completed and "—" otherwise', () => {
    expect(formatShare("completed", 7_000)).toBe("₵70");
    expect(formatShare("rejected", 7_000)).toBe("—");
    expect(formatShare("pending", 7_000)).toBe("—");
    expect(formatShare("accepted", 7_000)).toBe("—");
    expect(formatShare("cancelled", 7_000)).toBe("—");
  });
});
