import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { eventLabel } from "./message-labels";

/** Every `event: "x.y"` a non-test source file under app/ queues a message with. */
function queuedEvents(): string[] {
  const root = path.resolve(import.meta.dirname, "../..");
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        for (const m of readFileSync(full, "utf8").matchAll(/\bevent: "([a-z]+\.[a-z_.-]+)"/g)) found.add(m[1]!);
      }
    }
  };
  walk(root);
  return [...found].sort();
}

describe("message events are named for people on the messages screen", () => {
  it("every event queued by the code has a label, the payout events of issue 35 among them", () => {
    const events = queuedEvents();
    expect(events).toEqual(expect.arrayContaining(["payout.otp", "payout.provider_auth", "payout.paid_after_failure"]));
    // Events made from a state (`payout.${outcome}`, `referral.${to}`).
    events.push("payout.success", "payout.failed", "payout.reversed", "referral.accepted", "referral.rejected");
    // The appointment SMS (`appointment.${kind}`, decision 041).
    for (const kind of ["prove", "confirmed", "proposed", "declined", "expired", "reminder"])
      events.push(`appointment.${kind}`);
    const unnamed = events.filter((event) => eventLabel(event) === event);
    expect(unnamed).toEqual([]);
  });

  it("names the new payout alerts", () => {
    expect(eventLabel("payout.otp")).toBe("Payout waiting for an OTP");
    expect(eventLabel("payout.provider_auth")).toBe("Payout provider key refused");
    expect(eventLabel("payout.paid_after_failure")).toBe("Failed payout paid after all");
    expect(eventLabel("payout.wallet_code")).toBe("Payout wallet code");
  });
});
