import { memo } from "react";
import { statusChartColour } from "~/components/ui/status-colours";
import { TitledSection } from "~/components/ui/titled-section";
import { formatCedis } from "~/features/referrals/public";
import { bucketLabel, formatMinutes } from "../calendar";
import type { DoctorInsight, FacilityInsight } from "../insight.server";
import { Bars, Figure, SERIES_COLOURS } from "./charts";

const monthLabel = { header: "Month", value: (m: { start: string }) => bucketLabel(m.start, "month") };

/**
 * A facility administrator's last 12 months (issue 18): referrals received per month with how
 * many were accepted, rejected and completed, and the facility's median time to accept against
 * the network's. Memoized: its chart is the costliest part of the dashboard to draw, and it stays
 * as it is while an Accept or a Complete is on its way (the counts and the row change at once).
 */
export const FacilityInsightSection = memo(function FacilityInsightSection({ insight }: { insight: FacilityInsight }) {
  const received = insight.months.reduce((sum, m) => sum + m.received, 0);
  const series = [
    // Received is not a status: a colour no status has. The others as their badges.
    { key: "received", label: "Received", colour: SERIES_COLOURS[5] },
    { key: "accepted", label: "Accepted", colour: statusChartColour("accepted") },
    { key: "rejected", label: "Rejected", colour: statusChartColour("rejected") },
    { key: "completed", label: "Completed", colour: statusChartColour("completed") },
  ] as const;
  const own = insight.ownMedianToAccept;
  const network = insight.networkMedianToAccept;
  const comparison =
    own === null || network === null
      ? "There are not enough answered referrals yet to compare response times."
      : `Your facility accepts a referral in ${formatMinutes(own)} (median); the network takes ${formatMinutes(network)}.`;
  return (
    <TitledSection id="insight" title="The last 12 months">
      <p className="mb-4 text-muted">{comparison}</p>
      <Figure
        id="facility-months"
        title="Referrals per month"
        summary={`${received.toLocaleString("en-GH")} referrals received in the last 12 months, by the month they were made.`}
        rows={insight.months}
        rowLabel={monthLabel}
        series={series.map((s) => ({ ...s, value: (m: FacilityInsight["months"][number]) => m[s.key] }))}
        chart={(data) => <Bars data={data} series={[...series]} />}
      />
    </TitledSection>
  );
});

/**
 * A doctor's last 12 months: referrals made and earnings per month, and payouts paid and pending.
 * Memoized like the facility's: nothing on the dashboard that changes on the client redraws it.
 */
export const DoctorInsightSection = memo(function DoctorInsightSection({ insight }: { insight: DoctorInsight }) {
  const referrals = insight.months.reduce((sum, m) => sum + m.referrals, 0);
  const earnings = insight.months.reduce((sum, m) => sum + m.earnings, 0);
  const { paid, pending } = insight.payouts;
  return (
    <TitledSection id="insight" title="The last 12 months">
      <p className="mb-4 text-muted">
        Paid to you: {formatCedis(paid.amount)} ({paid.count}). Waiting to be paid: {formatCedis(pending.amount)} (
        {pending.count}).
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        <Figure
          id="doctor-referrals"
          title="Referrals per month"
          summary={`You made ${referrals} referrals in the last 12 months.`}
          rows={insight.months}
          rowLabel={monthLabel}
          series={[{ key: "referrals", label: "Referrals", colour: SERIES_COLOURS[1], value: (m) => m.referrals }]}
          chart={(data) => (
            <Bars data={data} series={[{ key: "referrals", label: "Referrals", colour: SERIES_COLOURS[1] }]} />
          )}
        />
        <Figure
          id="doctor-earnings"
          title="Earnings per month"
          summary={`Your completed referrals of the last 12 months earned ${formatCedis(earnings)}.`}
          rows={insight.months}
          rowLabel={monthLabel}
          series={[{ key: "earnings", label: "Earnings", colour: SERIES_COLOURS[3], value: (m) => m.earnings }]}
          format={formatCedis}
          chart={(data) => (
            <Bars
              data={data}
              series={[{ key: "earnings", label: "Earnings", colour: SERIES_COLOURS[3] }]}
              format={formatCedis}
            />
          )}
        />
      </div>
    </TitledSection>
  );
});
