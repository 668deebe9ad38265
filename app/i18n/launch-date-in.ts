import { MONTH_NAMES } from "~/lib/month-names";
import { INTL_LOCALE, type Locale } from "./locales";

const QUARTER_SHOWN = /^Q([1-4]) (\d{4})$/;
const MONTH_SHOWN = /^([A-Z][a-z]+) (\d{4})$/;

/**
 * A launch date as the pages show it in English ("Q1 2026", "March 2026") in the page's language:
 * French says "T1 2026" (trimestre) and "mars 2026" (Intl). Anything else is left as it is.
 */
export function launchDateIn(locale: Locale, shown: string): string {
  if (locale === "en") return shown;
  const q = QUARTER_SHOWN.exec(shown);
  if (q) return `T${q[1]} ${q[2]}`;
  const m = MONTH_SHOWN.exec(shown);
  const month = m ? (MONTH_NAMES as readonly string[]).indexOf(m[1]) : -1;
  if (!m || month < 0) return shown;
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(Number(m[2]), month, 1)),
  );
}
