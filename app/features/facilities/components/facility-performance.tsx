import { useLocale, useT } from "~/i18n/react";
import type { FacilityPerformance } from "../performance.server";
import { durationLabel, PERFORMANCE_DAYS, PERFORMANCE_MIN_ANSWERED, percentLabel } from "../performance-format";

/**
 * "Referral performance" on a facility's profile: the median time to accept and the
 * acceptance rate over the last 90 days, from the referrals it answered; until it has answered 5
 * in that time, a sentence saying the figures are not shown yet.
 */
export function FacilityPerformanceCard({ performance }: { performance: FacilityPerformance | null }) {
  const t = useT();
  const locale = useLocale();
  return (
    <section aria-labelledby="performance-title" className="card sm:p-6">
      <h2 id="performance-title" className="text-xl font-bold">
        {t("Referral performance")}
      </h2>
      {performance ? (
        <>
          <dl className="mt-4 grid gap-4 sm:grid-cols-2">
            <div>
              <dt className="text-sm text-muted">{t("Median time to accept")}</dt>
              <dd className="text-2xl font-bold">
                {performance.medianMinutesToAccept === null
                  ? "—"
                  : durationLabel(performance.medianMinutesToAccept, locale)}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-muted">{t("Acceptance rate")}</dt>
              <dd className="text-2xl font-bold">{percentLabel(performance.acceptanceRate, locale)}</dd>
            </div>
          </dl>
          <p className="mt-3 text-sm text-muted">
            {t("facility.performance.from", {
              answered: performance.answered,
              days: PERFORMANCE_DAYS,
              accepted: performance.accepted,
            })}
          </p>
        </>
      ) : (
        <p className="mt-2 text-muted">
          {t("facility.performance.notYet", { answered: PERFORMANCE_MIN_ANSWERED, days: PERFORMANCE_DAYS })}
        </p>
      )}
    </section>
  );
}
