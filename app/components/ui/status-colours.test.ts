import { describe, expect, it } from "vitest";
import { ACCOUNT_STATUSES } from "~/features/accounts/account-status";
import { STATUS_LABELS as MESSAGE_STATUS_LABELS } from "~/features/messaging/message-labels";
import { TRANSFER_STATUS_LABELS } from "~/features/payouts/payout-labels";
import { REFERRAL_STATUSES } from "~/features/referrals/referral-status";
import { STATUS_TONES, statusChartColour, TONE_BADGE_CLASSES, TONE_CHART_COLOURS } from "./status-colours";

describe("one colour per status (issue 28)", () => {
  it("gives every status the product shows a tone, so a new status cannot go without a colour", () => {
    const statuses = [
      ...REFERRAL_STATUSES,
      ...ACCOUNT_STATUSES,
      ...Object.keys(MESSAGE_STATUS_LABELS),
      ...Object.keys(TRANSFER_STATUS_LABELS),
      "paid",
      "notified",
    ];
    expect(statuses.filter((status) => !(status in STATUS_TONES))).toEqual([]);
  });

  it("draws a status in a chart in its badge's tone, and no two tones alike", () => {
    expect(statusChartColour("accepted")).toBe(TONE_CHART_COLOURS.active);
    expect(statusChartColour("completed")).toBe(statusChartColour("paid"));
    expect(new Set(Object.values(TONE_CHART_COLOURS)).size).toBe(Object.keys(TONE_CHART_COLOURS).length);
    expect(new Set(Object.values(TONE_BADGE_CLASSES)).size).toBe(Object.keys(TONE_BADGE_CLASSES).length);
  });
});
