import type { Translate } from "~/i18n/i18n";
import type { Locale } from "~/i18n/locales";
import { accraDateTime } from "../payout-details-answer";

/**
 * The "Payout details changed" message: it states the hold, to the minute in Ghana's time and in
 * hours, and where payouts go after it; without a hold, that the next run pays
 * to the new details. In the doctor's language (`t` and `locale`: the action's actorTranslator).
 */
export function payoutChangedMessage(holdUntil: Date, now: Date, t: Translate, locale: Locale = "en"): string {
  const hours = Math.round((holdUntil.getTime() - now.getTime()) / 3_600_000);
  if (holdUntil <= now) return t("Payouts go to the new details from the next payout run.");
  const until = accraDateTime(holdUntil.toISOString(), locale);
  return hours >= 1 ? t("payoutDetails.heldHours", { hours, until }) : t("payoutDetails.heldUnderAnHour", { until });
}
