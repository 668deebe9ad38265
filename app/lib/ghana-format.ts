import { INTL_LOCALE, type Locale } from "~/i18n/locales";

/*
 * Money and time as people in Ghana read them, in the page's language: cedis from pesewas, and
 * dates and times on Accra's clock (client-safe; every feature's tables, messages and exports).
 */

// Formatters are built once per language: toLocaleString builds a new one on every call, which cost
// a dashboard of 20 rows more time than its database queries (bench/results/summary.md).
function perLocale<F>(make: (intl: string) => F): Record<Locale, F> {
  return { en: make(INTL_LOCALE.en), fr: make(INTL_LOCALE.fr) };
}
/** The page language asked for: French, or English (also for anything else, such as `map`'s index). */
const languageOf = (locale: unknown): Locale => (locale === "fr" ? "fr" : "en");
const WHOLE_CEDIS = perLocale((l) => new Intl.NumberFormat(l, { minimumFractionDigits: 0, maximumFractionDigits: 2 }));
const CEDIS_AND_PESEWAS = perLocale(
  (l) => new Intl.NumberFormat(l, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
);
const ACCRA_DATE_TIME = perLocale(
  (l) =>
    new Intl.DateTimeFormat(l, {
      timeZone: "Africa/Accra",
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }),
);
const ACCRA_DATE = perLocale(
  (l) => new Intl.DateTimeFormat(l, { timeZone: "Africa/Accra", day: "numeric", month: "short", year: "numeric" }),
);

/**
 * "₵70" / "₵70.50" from pesewas, for Ghana (decisions section 6); in French "70 ₵" / "70,50 ₵"
 * (its grouping and decimal signs, the sign after the amount, as messageCedis writes it).
 */
export function formatCedis(pesewas: number, locale: Locale = "en"): string {
  const cedis = pesewas / 100;
  const language = languageOf(locale);
  const number = (Number.isInteger(cedis) ? WHOLE_CEDIS : CEDIS_AND_PESEWAS)[language].format(cedis);
  return language === "fr" ? `${number}\u00a0₵` : `₵${number}`;
}

/** A date and time as shown in Ghana: "21 Nov 2026, 14:05" (French: "21 nov. 2026, 14:05"). */
export function formatAccraDateTime(value: string | Date, locale: Locale = "en"): string {
  return ACCRA_DATE_TIME[languageOf(locale)].format(new Date(value));
}

/** A day in Ghana: "21 Nov 2026" (French: "21 nov. 2026"). */
export function formatAccraDate(value: string | Date, locale: Locale = "en"): string {
  return ACCRA_DATE[languageOf(locale)].format(new Date(value));
}
