/**
 * "Within one working day" (decision 045): the same time on the next working day in Africa/Accra (UTC
 * all year). A working day is Monday to Friday and not one of Ghana's public holidays. A request
 * proven on Friday at 15:00 is due on Monday at 15:00; one proven on Thursday 5 March 2026 (the
 * day before Independence Day) on Monday 9 March.
 *
 * Ghana's public holidays (docs/decisions/045), from the Public Holidays and Commemorative Days
 * Act, 2001 (Act 601) as amended in 2019 and in 2025:
 * - fixed: New Year's Day (1 January), Constitution Day (7 January), Independence Day (6 March),
 *   May Day (1 May), Republic Day (1 July), Founder's Day (21 September), Christmas Day
 *   (25 December) and Boxing Day (26 December). One that falls on a Saturday or a Sunday is
 *   observed on the next weekday that is not itself a holiday (the Executive Instrument under
 *   section 2 of Act 601 declares it each time): Christmas on a Saturday gives Monday the 27th, and
 *   Boxing Day on the Sunday Tuesday the 28th;
 * - moveable by rule: Good Friday and Easter Monday (Western Easter), Farmers' Day (the first
 *   Friday of December);
 * - declared each year: Eid al-Fitr, Shaqq Day (the day after it), Eid al-Adha, and any day the
 *   government adds or moves. These are the operator's list, `PUBLIC_HOLIDAYS` (docs/configuration.md): a date in
 *   it is a holiday as listed, with no weekend rule (list the day declared).
 */

const FIXED = ["01-01", "01-07", "03-06", "05-01", "07-01", "09-21", "12-25", "12-26"] as const;

const DAY_MS = 24 * 60 * 60_000;

const iso = (date: Date) => date.toISOString().slice(0, 10);
const utc = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day));
const isWeekend = (date: Date) => date.getUTCDay() === 0 || date.getUTCDay() === 6;

/** Western Easter Sunday of `year` (the anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return utc(year, month, day);
}

const byYear = new Map<number, ReadonlySet<string>>();

/** The statutory public holidays of `year` (YYYY-MM-DD), weekend substitutes included; not the declared ones. */
export function statutoryHolidays(year: number): ReadonlySet<string> {
  const known = byYear.get(year);
  if (known) return known;
  const days = new Set<string>();
  const easter = easterSunday(year);
  days.add(iso(new Date(easter.getTime() - 2 * DAY_MS)));
  days.add(iso(new Date(easter.getTime() + DAY_MS)));
  const december = utc(year, 12, 1);
  days.add(iso(utc(year, 12, 1 + ((5 - december.getUTCDay() + 7) % 7))));
  const fixed = FIXED.map((md) => utc(year, Number(md.slice(0, 2)), Number(md.slice(3))));
  for (const date of fixed) days.add(iso(date));
  // Substitutes in date order, so that Boxing Day's comes after Christmas's.
  for (const date of fixed.filter(isWeekend)) {
    const next = new Date(date);
    do next.setUTCDate(next.getUTCDate() + 1);
    while (isWeekend(next) || days.has(iso(next)));
    days.add(iso(next));
  }
  byYear.set(year, days);
  return days;
}

/** Whether `at`'s day (Africa/Accra) is a working day: a weekday, neither statutory nor listed as a holiday. */
export function isWorkingDay(at: Date, declared: readonly string[] = []): boolean {
  const day = iso(at);
  return !isWeekend(at) && !statutoryHolidays(at.getUTCFullYear()).has(day) && !declared.includes(day);
}

/** The same time on the next working day after `from`. `declared`: the operator's PUBLIC_HOLIDAYS. */
export function oneWorkingDayAfter(from: Date, declared: readonly string[] = []): Date {
  const due = new Date(from);
  do due.setUTCDate(due.getUTCDate() + 1);
  while (!isWorkingDay(due, declared));
  return due;
}
