import { env } from "~/env.server";

/* The holds: on payouts after a change of details, and on changes after the confirmed number changed. */

/** How long payout details stay as they are after the confirmed number changed (decision 036). */
export const PHONE_CHANGE_HOLD_HOURS = 24;

/** The end of the hold that a change of the confirmed number puts on payout details, if it is still on at `now`. */
export function phoneChangeHold(changedAt: Date | null | undefined, now: Date): Date | null {
  if (!changedAt) return null;
  const until = new Date(changedAt.getTime() + PHONE_CHANGE_HOLD_HOURS * 3600_000);
  return until > now ? until : null;
}

/**
 * What a doctor is told about the hold (PAYOUT_HOLD_HOURS, 24 by default), before the change is
 * confirmed (the codes' email) or after (the toast). A hold of 0 (a test server) is said as such.
 */
export function payoutHoldNotice(when: "before" | "after"): string {
  const hours = env().PAYOUT_HOLD_HOURS;
  const held = `payouts are held for ${hours} ${hours === 1 ? "hour" : "hours"}`;
  if (when === "after") {
    return hours === 0 ? "Payouts go to the new details from the next payout run." : `For your security, ${held}.`;
  }
  return hours === 0
    ? "Once confirmed, payouts go to the new details from the next payout run."
    : `Once confirmed, ${held}.`;
}
