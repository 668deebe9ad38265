import type { DayHours, OpeningHours } from "~/db/schema";
import type { Translate } from "~/i18n/i18n";
import { INTL_LOCALE, type Locale } from "~/i18n/locales";

/** Monday first, as Ghana's calendars and the stored week (index 0) are. Client-safe. */
export const WEEKDAYS = [
  { key: "mon", label: "Monday", short: "Mon" },
  { key: "tue", label: "Tuesday", short: "Tue" },
  { key: "wed", label: "Wednesday", short: "Wed" },
  { key: "thu", label: "Thursday", short: "Thu" },
  { key: "fri", label: "Friday", short: "Fri" },
  { key: "sat", label: "Saturday", short: "Sat" },
  { key: "sun", label: "Sunday", short: "Sun" },
] as const;

export const OPEN_ALL_DAY = "Open 24 hours";
export const CLOSED_ALL_WEEK = "Closed all week";
export const CLOSED = "Closed";

/** English texts stay as they are without a catalogue (the editor's preview, tests). */
const asIs: Translate = (key) => key;

/**
 * A weekday's name in the page's language (index 0 is Monday): English as WEEKDAYS writes it,
 * another language through Intl ("lun.", "lundi"). 1 January 2024 was a Monday.
 */
export function weekdayName(index: number, locale: Locale, width: "short" | "long"): string {
  const day = WEEKDAYS[index]!;
  if (locale === "en") return width === "short" ? day.short : day.label;
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { weekday: width, timeZone: "UTC" }).format(
    new Date(Date.UTC(2024, 0, 1 + index)),
  );
}

/** The stored hours from the editor's fields (already validated: both times or neither per day). */
export function hoursFromForm(
  mode: "unknown" | "all-day" | "weekly",
  fields: Record<string, string | null | undefined>,
): OpeningHours | null {
  if (mode === "unknown") return null;
  if (mode === "all-day") return { allDay: true };
  return {
    allDay: false,
    week: WEEKDAYS.map((day) => {
      const opens = fields[`hours_${day.key}_opens`];
      const closes = fields[`hours_${day.key}_closes`];
      return opens && closes ? { opens, closes } : null;
    }),
  };
}

/** The editor's fields for stored hours (the inverse of `hoursFromForm`). */
export function hoursToForm(hours: OpeningHours | null): Record<string, string> {
  const out: Record<string, string> = { hours_mode: hours === null ? "unknown" : hours.allDay ? "all-day" : "weekly" };
  WEEKDAYS.forEach((day, i) => {
    const h = hours && !hours.allDay ? hours.week[i] : null;
    out[`hours_${day.key}_opens`] = h?.opens ?? "";
    out[`hours_${day.key}_closes`] = h?.closes ?? "";
  });
  return out;
}

const same = (a: DayHours | null | undefined, b: DayHours | null | undefined) =>
  (a ?? null) === (b ?? null) || (!!a && !!b && a.opens === b.opens && a.closes === b.closes);

/**
 * The hours in one line for a directory card: "Open 24 hours", or runs of days with the same
 * hours ("Mon–Fri 08:00–17:00 · Sat 09:00–13:00"); closed days are left out. Null: not given.
 * In the page's language (`locale`, `t`): "lun.–ven. 08:00–17:00" in French.
 */
export function hoursSummary(
  hours: OpeningHours | null | undefined,
  locale: Locale = "en",
  t: Translate = asIs,
): string | null {
  if (!hours) return null;
  if (hours.allDay) return t(OPEN_ALL_DAY);
  const short = (i: number) => weekdayName(i, locale, "short");
  const parts: string[] = [];
  let start = 0;
  for (let i = 1; i <= WEEKDAYS.length; i++) {
    if (i < WEEKDAYS.length && same(hours.week[i], hours.week[start])) continue;
    const h = hours.week[start];
    if (h) {
      const days = i - 1 === start ? short(start) : `${short(start)}–${short(i - 1)}`;
      parts.push(`${days} ${h.opens}–${h.closes}`);
    }
    start = i;
  }
  return parts.length ? parts.join(" · ") : t(CLOSED_ALL_WEEK);
}

/** Each weekday with its hours for the profile ("Closed" for a day without), in the page's language. */
export function hoursTable(
  hours: OpeningHours,
  locale: Locale = "en",
  t: Translate = asIs,
): { day: string; hours: string }[] {
  return WEEKDAYS.map((_day, i) => {
    const long = weekdayName(i, locale, "long");
    // A row's heading starts with a capital: "Lundi".
    const day = long.charAt(0).toUpperCase() + long.slice(1);
    if (hours.allDay) return { day, hours: t(OPEN_ALL_DAY) };
    const h = hours.week[i];
    return { day, hours: h ? `${h.opens}–${h.closes}` : t(CLOSED) };
  });
}
