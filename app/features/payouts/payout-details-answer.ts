import type { FormAnswer } from "~/components/forms/schema-form";
import { INTL_LOCALE, type Locale } from "~/i18n/locales";

/** The payout-details action's answer: which of the two forms it is for. */
export type PayoutDetailsAnswer = FormAnswer<{ intent: "request" | "confirm"; ok: boolean }>;

/** A date and time in Ghana, as the payout-details page shows them ("26 Nov 2026, 14:05"), in the page's language. */
export const accraDateTime = (iso: string, locale: Locale = "en") =>
  new Date(iso).toLocaleString(INTL_LOCALE[locale], {
    timeZone: "Africa/Accra",
    dateStyle: "medium",
    timeStyle: "short",
  });
