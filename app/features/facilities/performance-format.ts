import { INTL_LOCALE, type Locale } from "~/i18n/locales";

/** Client-safe words for a facility's performance figures (performance.server.ts). */

/** The window of the figures, and how many answered referrals it needs before they are shown. */
export const PERFORMANCE_DAYS = 90;
export const PERFORMANCE_MIN_ANSWERED = 5;

/** "45 min", "3 h 20 min", "2 days 4 h" ("2 jours 4 h" in French): a duration in minutes as people read it. */
export function durationLabel(minutes: number, locale: Locale = "en"): string {
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 24 * 60) {
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    return m ? `${h} h ${m} min` : `${h} h`;
  }
  const d = Math.floor(minutes / (24 * 60));
  const h = Math.floor((minutes % (24 * 60)) / 60);
  const days = new Intl.NumberFormat(INTL_LOCALE[locale], { style: "unit", unit: "day", unitDisplay: "long" });
  return `${days.format(d)}${h ? ` ${h} h` : ""}`;
}

/** "80%" ("80 %" in French): a share from 0 to 1, rounded to a whole percent. */
export function percentLabel(share: number, locale: Locale = "en"): string {
  return new Intl.NumberFormat(INTL_LOCALE[locale], { style: "percent", maximumFractionDigits: 0 }).format(share);
}
