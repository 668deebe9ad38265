import { memo } from "react";
import { statusChartColour } from "~/components/ui/status-colours";
import { TitledSection } from "~/components/ui/titled-section";
import type { Translate } from "~/i18n/i18n";
import type { Locale } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/react";
import { formatCedis } from "~/lib/ghana-format";
import { bucketLabel, formatMinutes } from "../calendar";
import type { DoctorInsight, FacilityInsight } from "../insight.server";
import { Bars, Figure, SERIES_COLOURS } from "./charts";

const monthLabel = (t: Translate, locale: Locale) => ({
  header: t("Month"),
  value: (m: { start: string }) => bucketLabel(m.start, "month", locale),
});

/**
 * A facility administrator's last 12 months: referrals received per month with how
 * many were accepted, rejected and completed, and the facility's median time to accept against
 * the network's. Memoized: its chart is the costliest part of the dashboard to draw, and it stays
 * as it is while an Accept or a Complete is on its way (the counts and the row change at once).
 */
export const FacilityInsightSection = memo(function FacilityInsightSection({ insight }: { insight: FacilityInsight }) {
  const t = useT();
  const locale = useLocale();
  const received = insight.months.reduce((sum, m) => sum + m.received, 0);
  const series = [
    // Received is not a status: a colour no status has. The others as their badges.
    { key: "received", label: t("insight.series.received"), colour: SERIES_COLOURS[5] },
    { key: "accepted", label: t("insight.series.accepted"), colour: statusChartColour("accepted") },
    { key: "rejected", label: t("insight.series.rejected"), colour: statusChartColour("rejected") },
    { key: "completed", label: t("insight.series.completed"), colour: statusChartColour("completed") },
  ] as const;
  const own = insight.ownMedianToAccept;
  const network = insight.networkMedianToAccept;
  const comparison =
    own === null || network === null
      ? t("There are not enough answered referrals yet to compare response times.")
      : t("insight.facilityComparison", { own: formatMinutes(own, t), network: formatMinutes(network, t) });
  return (
    <TitledSection id="insight" title={t("The last 12 months")}>
      <p className="mb-4 text-muted">{comparison}</p>
      <Figure
        id="facility-months"
        title={t("Referrals per month")}
        summary={t("insight.facilityReceived", { count: received })}
        rows={insight.months}
        rowLabel={monthLabel(t, locale)}
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
  const t = useT();
  const locale = useLocale();
  const cedis = (pesewas: number) => formatCedis(pesewas, locale);
  return (
    <TitledSection id="insight" title={t("The last 12 months")}>
      <p className="mb-4 text-muted">
        {t("insight.doctorPayouts", {
          paid: cedis(paid.amount),
          paidCount: paid.count,
          pending: cedis(pending.amount),
          pendingCount: pending.count,
        })}
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        <Figure
          id="doctor-referrals"
          title={t("Referrals per month")}
          summary={t("insight.doctorReferrals", { count: referrals })}
          rows={insight.months}
          rowLabel={monthLabel(t, locale)}
          series={[{ key: "referrals", label: t("Referrals"), colour: SERIES_COLOURS[1], value: (m) => m.referrals }]}
          chart={(data) => (
            <Bars data={data} series={[{ key: "referrals", label: t("Referrals"), colour: SERIES_COLOURS[1] }]} />
          )}
        />
        <Figure
          id="doctor-earnings"
          title={t("Earnings per month")}
          summary={t("insight.doctorEarnings", { earned: cedis(earnings) })}
          rows={insight.months}
          rowLabel={monthLabel(t, locale)}
          series={[{ key: "earnings", label: t("Earnings"), colour: SERIES_COLOURS[3], value: (m) => m.earnings }]}
          format={cedis}
          chart={(data) => (
            <Bars
              data={data}
              series={[{ key: "earnings", label: t("Earnings"), colour: SERIES_COLOURS[3] }]}
              format={cedis}
            />
          )}
        />
      </div>
    </TitledSection>
  );
});
