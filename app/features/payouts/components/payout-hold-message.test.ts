import { describe, expect, it } from "vitest";
import { catalogueTranslate } from "../../../../tests/helpers/catalogue-translate";
import { payoutChangedMessage } from "./payout-hold-message";

describe("the 'Payout details changed' message (UX 8)", () => {
  const t = catalogueTranslate("en");
  const now = new Date("2026-11-28T20:15:00Z");

  it("states the hold: how long, and until when in Ghana's time", () => {
    const until = new Date(now.getTime() + 24 * 3_600_000);
    expect(payoutChangedMessage(until, now, t)).toBe(
      `For your security, payouts are held for 24 hours, until ${until.toLocaleString("en-GH", { timeZone: "Africa/Accra", dateStyle: "medium", timeStyle: "short" })}. After that, they go to the new details.`,
    );
    expect(payoutChangedMessage(until, now, t)).toMatch(/until 29 Nov 2026, 8:15\spm/i);
    expect(payoutChangedMessage(until, now, t)).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });

  it("without a hold, says the next run pays the new details", () => {
    expect(payoutChangedMessage(now, now, t)).toBe("Payouts go to the new details from the next payout run.");
  });
});
