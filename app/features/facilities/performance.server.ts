import { and, eq, gte, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { referrals } from "~/db/schema";
import { PERFORMANCE_DAYS, PERFORMANCE_MIN_ANSWERED } from "./performance-format";

/*
 * A facility's real performance on its profile, from its referrals alone: how fast it
 * accepts and how often, over the last 90 days. Shown once it has answered at least 5 referrals in
 * that time: fewer would say more about chance than about the facility.
 */

export type FacilityPerformance = {
  /** Referrals received in the window that the facility accepted or rejected. */
  answered: number;
  accepted: number;
  /** Accepted out of answered, 0 to 1. */
  acceptanceRate: number;
  /** The median time from a referral's creation to its acceptance, in minutes; null when none was accepted. */
  medianMinutesToAccept: number | null;
};

/** The facility's figures over the last 90 days, or null until it has answered 5 referrals in them. */
export async function facilityPerformance(
  db: Db,
  facilityId: string,
  now: Date = new Date(),
): Promise<FacilityPerformance | null> {
  const since = new Date(now.getTime() - PERFORMANCE_DAYS * 24 * 60 * 60 * 1000);
  // Served by referrals_facility_status_created_at_idx (facility, then the window on created_at).
  const [row] = await db
    .select({
      answered: sql<number>`count(*) filter (where ${referrals.acceptedAt} is not null or ${referrals.rejectedAt} is not null)::int`,
      accepted: sql<number>`count(*) filter (where ${referrals.acceptedAt} is not null)::int`,
      medianSeconds: sql<
        string | null
      >`percentile_cont(0.5) within group (order by extract(epoch from ${referrals.acceptedAt} - ${referrals.createdAt})) filter (where ${referrals.acceptedAt} is not null)`,
    })
    .from(referrals)
    .where(and(eq(referrals.facilityId, facilityId), gte(referrals.createdAt, since)));
  if (!row || row.answered < PERFORMANCE_MIN_ANSWERED) return null;
  const median = row.medianSeconds === null ? null : Math.max(0, Math.round(Number(row.medianSeconds) / 60));
  return {
    answered: row.answered,
    accepted: row.accepted,
    acceptanceRate: row.accepted / row.answered,
    medianMinutesToAccept: median,
  };
}
