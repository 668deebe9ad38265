import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { formatAccraDateTime, formatCedis } from "~/lib/ghana-format";
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

describe("amounts and times in the page's language (issue 38)", () => {
  it("writes cedis and Accra times the French way on a French page", () => {
    expect(formatCedis(250_050, "fr")).toBe("2\u202f500,50\u00a0₵");
    expect(formatShare("completed", 7_000, "fr")).toBe("70\u00a0₵");
    expect(formatAccraDateTime("2026-11-21T14:05:00Z", "fr")).toMatch(/^21 nov\. 2026,? (à )?14:05$/);
    expect(formatAccraDateTime("2026-11-21T14:05:00Z")).toMatch(/^21 Nov 2026,? 14:05$/);
  });
});
