import { accraDateTime } from "../payout-details-answer";

/**
 * The "Payout details changed" message: it states the hold, to the minute in Ghana's time and in
 * hours, and where payouts go after it (UX 8 of issue 33); without a hold, that the next run pays
 * to the new details.
 */
export function payoutChangedMessage(holdUntil: Date, now: Date): string {
  const hours = Math.round((holdUntil.getTime() - now.getTime()) / 3_600_000);
  if (holdUntil <= now) return "Payouts go to the new details from the next payout run.";
  const length = hours >= 1 ? `${hours} ${hours === 1 ? "hour" : "hours"}` : "less than an hour";
  return `For your security, payouts are held for ${length}, until ${accraDateTime(holdUntil.toISOString())}. After that, they go to the new details.`;
}
