import type { Translate } from "~/i18n/i18n";
import { launchDateIn } from "~/i18n/launch-date-in";
import type { Locale } from "~/i18n/locales";
import { MONTH_NAMES } from "~/lib/month-names";

/**
 * A hub's planned launch (decision 021), client-safe. Stored as a quarter ("2026-Q1") or a month
 * ("2026-03"); shown as "Q1 2026" or "March 2026". A date that has passed while the hub is still
 * coming soon is not shown as a promise: the pages say "soon" instead.
 */
const QUARTER = /^(\d{4})-Q([1-4])$/;
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isLaunchDate(value: string): boolean {
  return QUARTER.test(value) || MONTH.test(value);
}

/** "Q1 2026" / "March 2026"; null for nothing or an unreadable value. */
export function formatLaunchDate(stored: string | null | undefined): string | null {
  if (!stored) return null;
  const q = QUARTER.exec(stored);
  if (q) return `Q${q[2]} ${q[1]}`;
  const m = MONTH.exec(stored);
  if (m) return `${MONTH_NAMES[Number(m[2]) - 1]} ${m[1]}`;
  return null;
}

/** The first day after the planned period ends (UTC), for deciding whether it has passed. */
function periodEnd(stored: string): Date | null {
  const q = QUARTER.exec(stored);
  if (q) return new Date(Date.UTC(Number(q[1]), Number(q[2]) * 3, 1));
  const m = MONTH.exec(stored);
  if (m) return new Date(Date.UTC(Number(m[1]), Number(m[2]), 1));
  return null;
}

/** The launch date to show, or null when none is planned or the planned period is over. */
export function upcomingLaunchDate(stored: string | null | undefined, now = new Date()): string | null {
  if (!stored) return null;
  const end = periodEnd(stored);
  return end && end > now ? formatLaunchDate(stored) : null;
}

/**
 * The nearest planned launch still ahead among stored dates ("Q2 2027"), or null when none is: the
 * one whose period ends first.
 */
export function nextLaunchDate(stored: ReadonlyArray<string | null | undefined>, now = new Date()): string | null {
  let next: { stored: string; end: Date } | null = null;
  for (const value of stored) {
    const end = value ? periodEnd(value) : null;
    if (!value || !end || end <= now) continue;
    if (!next || end < next.end) next = { stored: value, end };
  }
  return next ? formatLaunchDate(next.stored) : null;
}

/**
 * The hubs listing's headline from the hubs as they are: "2 live · 8 coming soon", with the next
 * planned launch when one is ahead ("· next launch Q2 2027"); no year that may have passed.
 */
export function hubsHeadline(
  hubs: ReadonlyArray<{ status: string }>,
  nextLaunch: string | null,
  t: Translate,
  locale: Locale = "en",
): string {
  const live = hubs.filter((h) => h.status === "live").length;
  return t("hubs.headline", {
    live,
    soon: hubs.length - live,
    hasNext: nextLaunch ? "yes" : "no",
    next: nextLaunch ? launchDateIn(locale, nextLaunch) : "",
  });
}
