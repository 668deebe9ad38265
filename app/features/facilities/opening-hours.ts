import type { DayHours, OpeningHours } from "~/db/schema";

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
 */
export function hoursSummary(hours: OpeningHours | null | undefined): string | null {
  if (!hours) return null;
  if (hours.allDay) return OPEN_ALL_DAY;
  const parts: string[] = [];
  let start = 0;
  for (let i = 1; i <= WEEKDAYS.length; i++) {
    if (i < WEEKDAYS.length && same(hours.week[i], hours.week[start])) continue;
    const h = hours.week[start];
    if (h) {
      const days = i - 1 === start ? WEEKDAYS[start]!.short : `${WEEKDAYS[start]!.short}–${WEEKDAYS[i - 1]!.short}`;
      parts.push(`${days} ${h.opens}–${h.closes}`);
    }
    start = i;
  }
  return parts.length ? parts.join(" · ") : "Closed all week";
}

/** Each weekday with its hours for the profile ("Closed" for a day without). */
export function hoursTable(hours: OpeningHours): { day: string; hours: string }[] {
  return WEEKDAYS.map((day, i) => {
    if (hours.allDay) return { day: day.label, hours: OPEN_ALL_DAY };
    const h = hours.week[i];
    return { day: day.label, hours: h ? `${h.opens}–${h.closes}` : "Closed" };
  });
}
