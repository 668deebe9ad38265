/** Client-safe words for a facility's performance figures (performance.server.ts). */

/** The window of the figures, and how many answered referrals it needs before they are shown. */
export const PERFORMANCE_DAYS = 90;
export const PERFORMANCE_MIN_ANSWERED = 5;

/** "45 min", "3 h 20 min", "2 days 4 h": a duration in minutes as people read it. */
export function durationLabel(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 24 * 60) {
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    return m ? `${h} h ${m} min` : `${h} h`;
  }
  const d = Math.floor(minutes / (24 * 60));
  const h = Math.floor((minutes % (24 * 60)) / 60);
  return `${d} ${d === 1 ? "day" : "days"}${h ? ` ${h} h` : ""}`;
}

/** "80%": a share from 0 to 1, rounded to a whole percent. */
export function percentLabel(share: number): string {
  return `${Math.round(share * 100)}%`;
}
