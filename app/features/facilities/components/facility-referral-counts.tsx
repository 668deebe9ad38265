import { StatCard, StatGrid } from "~/components/ui/stat-card";
import type { Transition } from "~/features/referrals/public";
import type { FacilityCounts } from "~/features/referrals/public.server";
import { useT } from "~/i18n/react";

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
  const t = useT();
  let leavingPending = 0;
  let accepting = 0;
  let completing = 0;
  for (const [id, intent] of inFlight) {
    if (pendingIds.has(id) && intent !== "complete") leavingPending += 1;
    if (pendingIds.has(id) && intent === "accept") accepting += 1;
    if (acceptedIds.has(id) && intent === "complete") completing += 1;
  }
  return (
    <StatGrid label={t("Referral counts")} columns={3}>
      <StatCard label={t("Pending")} value={counts.pending - leavingPending} hint={t("Waiting for your decision")} />
      <StatCard
        label={t("Accepted this month")}
        value={counts.acceptedThisMonth + accepting}
        hint={t("facilityCounts.acceptedIn", { month })}
      />
      <StatCard
        label={t("Completed this month")}
        value={counts.completedThisMonth + completing}
        hint={t("facilityCounts.completedIn", { month })}
      />
    </StatGrid>
  );
}
