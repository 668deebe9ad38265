/**
 * Calendar buckets for the insight charts, in Ghana (Africa/Accra): weeks start on Monday (ISO),
 * months on the 1st. Days are "YYYY-MM-DD" strings; arithmetic on them is done in UTC, where a
 * calendar date has no daylight-saving gaps. Client-safe.
 */

import type { Translate } from "~/i18n/i18n";
import { INTL_LOCALE, type Locale } from "~/i18n/locales";

export const PERIODS = {
  "4w": { label: "4 weeks", unit: "week", count: 4 },
  "12w": { label: "12 weeks", unit: "week", count: 12 },
  "12m": { label: "12 months", unit: "month", count: 12 },
} as const;
export type Period = keyof typeof PERIODS;
export type Unit = "week" | "month";

export function isPeriod(value: unknown): value is Period {
  return typeof value === "string" && Object.hasOwn(PERIODS, value);
}

const ACCRA_DAY = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Africa/Accra",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The calendar day in Ghana at this instant. */
export function accraDay(at: Date): string {
  return ACCRA_DAY.format(at);
}

function utc(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}
function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The first day of the week (Monday) or month holding `day`. */
export function bucketStart(day: string, unit: Unit): string {
  const date = utc(day);
  if (unit === "month") return `${day.slice(0, 7)}-01`;
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  date.setUTCDate(date.getUTCDate() - sinceMonday);
  return dayOf(date);
}

/** The first days of the last `count` weeks or months up to and including the one holding `today`, oldest first. */
export function bucketStarts(today: string, unit: Unit, count: number): string[] {
  const last = utc(bucketStart(today, unit));
  const starts: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const date = new Date(last);
    if (unit === "week") date.setUTCDate(date.getUTCDate() - 7 * i);
    else date.setUTCMonth(date.getUTCMonth() - i);
    starts.push(dayOf(date));
  }
  return starts;
}

// Built once per language (a formatter per call costs more than the rows it formats).
const MONTH_LABEL = {
  en: new Intl.DateTimeFormat(INTL_LOCALE.en, { month: "short", year: "numeric", timeZone: "UTC" }),
  fr: new Intl.DateTimeFormat(INTL_LOCALE.fr, { month: "short", year: "numeric", timeZone: "UTC" }),
};
const WEEK_LABEL = {
  en: new Intl.DateTimeFormat(INTL_LOCALE.en, { day: "numeric", month: "short", timeZone: "UTC" }),
  fr: new Intl.DateTimeFormat(INTL_LOCALE.fr, { day: "numeric", month: "short", timeZone: "UTC" }),
};
const PERCENT = {
  fr: new Intl.NumberFormat(INTL_LOCALE.fr, { style: "percent", maximumFractionDigits: 0 }),
};

/** "Mar 2026" for a month, "2 Mar" (the Monday) for a week; in French "mars 2026", "2 mars". */
export function bucketLabel(start: string, unit: Unit, locale: Locale = "en"): string {
  return (unit === "month" ? MONTH_LABEL : WEEK_LABEL)[locale].format(utc(start));
}

/**
 * A duration in minutes as people say it: "45 min", "3 h 20 min", "2 days 4 h". With `t` (the
 * page's translation function, decision 044) in the page's language: "2 jours 4 h".
 */
export function formatMinutes(minutes: number | null, t?: Translate): string {
  if (minutes === null) return "—";
  if (minutes < 1) return t ? t("duration.under-minute") : "under 1 min";
  if (minutes < 60) return t ? t("duration.minutes", { minutes: Math.round(minutes) }) : `${Math.round(minutes)} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) {
    const rest = Math.round(minutes - hours * 60);
    if (rest > 0 && hours < 10)
      return t ? t("duration.hours-minutes", { hours, minutes: rest }) : `${hours} h ${rest} min`;
    return t ? t("duration.hours", { hours }) : `${hours} h`;
  }
  const days = Math.floor(hours / 24);
  const restHours = hours - days * 24;
  if (restHours > 0) return t ? t("duration.days-hours", { days, hours: restHours }) : `${days} days ${restHours} h`;
  return t ? t("duration.days", { days }) : `${days} days`;
}

/** A share as a whole percentage, or "—" when there is nothing to divide; in French "45 %". */
export function formatRate(rate: number | null, locale: Locale = "en"): string {
  if (rate === null) return "—";
  return locale === "en" ? `${Math.round(rate * 100)}%` : PERCENT[locale].format(Math.round(rate * 100) / 100);
}
