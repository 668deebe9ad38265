import { StatCard, StatGrid } from "~/components/ui/stat-card";
import type { Transition } from "~/features/referrals/public";
import type { FacilityCounts } from "~/features/referrals/public.server";

/**
 * The facility dashboard's three figures, as they will be once the answers on their way arrive
 * (`inFlight`: the transitions posted and not yet answered, by referral).
 */
export function FacilityReferralCounts({
  counts,
  month,
  pendingIds,
  acceptedIds,
  inFlight,
}: {
  counts: FacilityCounts;
  /** This month's name, as the server says it (Ghana time). */
  month: string;
  pendingIds: ReadonlySet<string>;
  acceptedIds: ReadonlySet<string>;
  inFlight: ReadonlyMap<string, Transition>;
}) {
  let leavingPending = 0;
  let accepting = 0;
  let completing = 0;
  for (const [id, intent] of inFlight) {
    if (pendingIds.has(id) && intent !== "complete") leavingPending += 1;
    if (pendingIds.has(id) && intent === "accept") accepting += 1;
    if (acceptedIds.has(id) && intent === "complete") completing += 1;
  }
  return (
    <StatGrid label="Referral counts" columns={3}>
      <StatCard label="Pending" value={counts.pending - leavingPending} hint="Waiting for your decision" />
      <StatCard
        label="Accepted this month"
        value={counts.acceptedThisMonth + accepting}
        hint={`Accepted in ${month}`}
      />
      <StatCard
        label="Completed this month"
        value={counts.completedThisMonth + completing}
        hint={`Completed in ${month}`}
      />
    </StatGrid>
  );
}
