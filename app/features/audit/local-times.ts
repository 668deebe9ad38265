import { formatAccraDateTime } from "~/lib/ghana-format";

/** An ISO 8601 UTC timestamp ("2026-11-29T20:15:00.000Z") inside free text. */
const ISO_INSTANT = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z\b/g;

/**
 * An audit entry's detail with each ISO timestamp in it (e.g. "Payouts held until …", written
 * by the payout-details change) shown as Ghana's local time, as the When column is.
 */
export function withLocalTimes(text: string): string {
  return text.replace(ISO_INSTANT, (iso) => formatAccraDateTime(iso));
}
