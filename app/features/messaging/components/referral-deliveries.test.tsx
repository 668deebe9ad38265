// @vitest-environment happy-dom
import { within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { cleanupDom, renderServerHtml } from "../../../../tests/helpers/render-in-router";
import type { ReferralDelivery } from "../message-log.server";
import { ReferralDeliveries } from "./referral-deliveries";

afterEach(cleanupDom);

const base = { event: "referral.created", eventLabel: "New referral", deliveredAt: null };
const DELIVERIES: ReferralDelivery[] = [
  {
    ...base,
    id: "1",
    name: "Abena Admin",
    channel: "sms",
    recipient: "+233 ••• •• 0147",
    status: "delivered",
    at: "2026-03-10T09:00:00.000Z",
    deliveredAt: "2026-03-10T09:00:05.000Z",
  },
  {
    ...base,
    id: "2",
    name: "Abena Admin",
    channel: "email",
    recipient: "a•••@example.com",
    status: "sent",
    at: "2026-03-10T09:00:00.000Z",
  },
  {
    ...base,
    id: "3",
    name: null,
    channel: "whatsapp",
    recipient: "+233 ••• •• 0999",
    event: "referral.escalated",
    eventLabel: "Referral escalated",
    status: "failed",
    at: "2026-03-10T09:15:00.000Z",
  },
];

describe("who was notified about a referral (issue 26)", () => {
  it("names each person, the channel and whether it arrived, in order, without JavaScript", () => {
    const page = renderServerHtml(<ReferralDeliveries deliveries={DELIVERIES} />);
    const section = within(page).getByRole("region", { name: "Who was notified" });
    const items = within(section)
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(items).toHaveLength(3);
    expect(items[0]).toContain("Abena Admin (+233 ••• •• 0147): New referral by SMS, delivered");
    expect(items[1]).toContain(
      "Abena Admin (a•••@example.com): New referral by Email, sent, not yet confirmed delivered",
    );
    expect(items[2]).toContain("+233 ••• •• 0999: Referral escalated by WhatsApp, could not be sent");
  });

  it("says so when no one has been told yet", () => {
    const page = renderServerHtml(<ReferralDeliveries deliveries={[]} />);
    expect(page.textContent).toContain("No one has been sent a message about this referral yet.");
  });
});
