import { ScrollRegion } from "~/components/ui/scroll-region";
import { StatCard, StatGrid } from "~/components/ui/stat-card";
import { statusChartColour } from "~/components/ui/status-colours";
import { TitledSection } from "~/components/ui/titled-section";
import { REFERRAL_STATUSES, STATUS_LABELS, URGENCY_KEYS } from "~/features/referrals/public";
import { INTL_LOCALE } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/react";
import { formatCedis } from "~/lib/ghana-format";
import { bucketLabel, formatMinutes, formatRate } from "../calendar";
import type { SystemOverview, VolumeBucket } from "../insight.server";
import { Bars, Figure, Lines, SERIES_COLOURS } from "./charts";
import { FacilityRatesTable } from "./facility-rates-table";

/*
 * The system administrator's Overview, section by section: answers (volumes, rates,
 * urgency, facilities), money (payouts and the ledger) and growth (accounts, waitlists).
 */

/** Each status in its one colour, as its badge (components/ui/status-colours.ts), named in the page's language. */
function statusSeries(t: (key: string) => string) {
  return REFERRAL_STATUSES.map((status) => ({
    key: status,
    label: t(STATUS_LABELS[status]),
    colour: statusChartColour(status),
  }));
}

export function Answers({ view }: { view: SystemOverview }) {
  const t = useT();
  const locale = useLocale();
  const count = (n: number) => n.toLocaleString(INTL_LOCALE[locale]);
  const minutes = (m: number | null) => formatMinutes(m, t);
  const { network, unit } = view;
  // "the last 4 weeks": the period as the sentences below name it.
  const last = t(`insight.the-last.${view.period}`);
  const busiest = view.volume.reduce((top, b) => (b.total > top.total ? b : top), view.volume[0]);
  const series = statusSeries(t);
  return (
    <>
      <StatGrid label={t("insight.referrals-in", { last })} columns={5}>
        <StatCard label={t("Referrals")} value={count(network.received)} hint={t(`insight.last.${view.period}`)} />
        <StatCard
          label={t("Acceptance rate")}
          value={formatRate(network.acceptanceRate, locale)}
          hint={t("Of those answered")}
        />
        <StatCard
          label={t("Completion rate")}
          value={formatRate(network.completionRate, locale)}
          hint={t("Of those accepted")}
        />
        <StatCard
          label={t("Median time to accept")}
          value={minutes(network.medianToAccept)}
          hint={t("From referral")}
        />
        <StatCard
          label={t("Median time to complete")}
          value={minutes(network.medianToComplete)}
          hint={t("From acceptance")}
        />
      </StatGrid>
      <TitledSection id="volume" title={t(unit === "week" ? "Referrals per week" : "Referrals per month")}>
        <Figure
          id="volume-chart"
          title={t(unit === "week" ? "Referrals per week, by status today" : "Referrals per month, by status today")}
          summary={
            network.received === 0
              ? t("insight.no-referrals-in", { last })
              : t(`insight.volume-summary.${unit}`, {
                  count: network.received,
                  last,
                  start: bucketLabel(busiest.start, unit, locale),
                  busiest: count(busiest.total),
                })
          }
          rows={view.volume}
          rowLabel={{
            header: t(unit === "week" ? "Week of" : "Month"),
            value: (b) => bucketLabel(b.start, unit, locale),
          }}
          series={series.map((s) => ({ ...s, value: (b: VolumeBucket) => b.counts[s.key] }))}
          chart={(data) => <Bars data={data} series={series} stacked />}
        />
      </TitledSection>
      <TitledSection id="urgency" title={t("By urgency")}>
        <ScrollRegion label={t("Figures per urgency")} className="rounded-xl border border-slate-200">
          <table className="w-full min-w-[36rem] text-left text-sm tabular-nums">
            <caption className="sr-only">{t("Figures per urgency for the period")}</caption>
            <thead className="bg-slate-50 text-xs text-muted uppercase">
              <tr>
                {[
                  "Urgency",
                  "Referrals",
                  "insight.column.accepted",
                  "insight.column.completed",
                  "Median time to accept",
                  "Median time to complete",
                ].map((h, i) => (
                  <th key={h} scope="col" className={`px-3 py-2 font-semibold ${i > 0 ? "text-right" : ""}`}>
                    {t(h)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {[...view.byUrgency].reverse().map((u) => (
                <tr key={u.urgency}>
                  <th scope="row" className="px-3 py-2 font-semibold">
                    {t(URGENCY_KEYS[u.urgency])}
                  </th>
                  <td className="px-3 py-2 text-right">{count(u.received)}</td>
                  <td className="px-3 py-2 text-right">{formatRate(u.acceptanceRate, locale)}</td>
                  <td className="px-3 py-2 text-right">{formatRate(u.completionRate, locale)}</td>
                  <td className="px-3 py-2 text-right">{minutes(u.medianToAccept)}</td>
                  <td className="px-3 py-2 text-right">{minutes(u.medianToComplete)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </TitledSection>
      <TitledSection id="facilities" title={t("By facility")}>
        <FacilityRatesTable rows={view.byFacility} />
      </TitledSection>
    </>
  );
}

export function Money({ view }: { view: SystemOverview }) {
  const t = useT();
  const locale = useLocale();
  const cedis = (pesewas: number) => formatCedis(pesewas, locale);
  const revenue = view.money.reduce((sum, m) => sum + m.platformRevenue, 0);
  const earnings = view.money.reduce((sum, m) => sum + m.doctorEarnings, 0);
  const { pending, paid, byMethod } = view.payouts;
  const series = [
    { key: "platform", label: t("Platform revenue"), colour: SERIES_COLOURS[1] },
    { key: "doctors", label: t("Doctors' earnings"), colour: SERIES_COLOURS[3] },
  ];
  return (
    <TitledSection id="money" title={t("Money")}>
      <StatGrid label={t("Payouts to doctors")}>
        <StatCard
          label={t("Payouts pending")}
          value={cedis(pending.amount)}
          hint={t("insight.to-pay", { count: pending.count })}
        />
        <StatCard
          label={t("Payouts paid")}
          value={cedis(paid.amount)}
          hint={t("insight.paid", { count: paid.count })}
        />
        <StatCard label={t("Platform revenue")} value={cedis(revenue)} hint={t("insight.last.12m")} />
        <StatCard label={t("Doctors' earnings")} value={cedis(earnings)} hint={t("insight.last.12m")} />
      </StatGrid>
      <div className="mt-4">
        <StatGrid label={t("The ledger now")}>
          <StatCard label={t("Owed to doctors")} value={cedis(view.ledger.owedToDoctors)} hint={t("Their balances")} />
          <StatCard
            label={t("Fees receivable")}
            value={cedis(view.ledger.feesReceivable)}
            hint={t("Completed referrals' fees, not yet collected")}
          />
          <StatCard
            label={t("With the payout provider")}
            value={cedis(view.ledger.inTransit)}
            hint={t("Sent, not yet settled")}
          />
          <StatCard label={t("Provider fees")} value={cedis(view.ledger.providerFees)} hint={t("All time")} />
          <StatCard
            label={t("Platform revenue")}
            value={cedis(view.ledger.platformRevenue)}
            hint={
              view.ledger.balanced ? t("All time; the ledger balances") : t("All time; THE LEDGER DOES NOT BALANCE")
            }
          />
        </StatGrid>
      </div>
      <div className="mt-4 grid gap-4 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <Figure
            id="money-chart"
            title={t("Earned per month of completion")}
            summary={t("insight.money-summary", { revenue: cedis(revenue), earnings: cedis(earnings) })}
            rows={view.money}
            rowLabel={{ header: t("Month"), value: (m) => bucketLabel(m.start, "month", locale) }}
            series={[
              { ...series[0], value: (m) => m.platformRevenue },
              { ...series[1], value: (m) => m.doctorEarnings },
            ]}
            format={cedis}
            chart={(data) => <Bars data={data} series={series} format={cedis} />}
          />
        </div>
        <div className="card">
          <h3 className="text-base font-bold">{t("Paid per method")}</h3>
          {byMethod.length === 0 ? (
            <p className="mt-2 text-sm text-muted">{t("No payouts recorded yet.")}</p>
          ) : (
            <table className="mt-2 w-full text-left text-sm tabular-nums">
              <caption className="sr-only">{t("Payouts paid per method")}</caption>
              <thead className="text-xs text-muted uppercase">
                <tr>
                  <th scope="col" className="py-1">
                    {t("Method")}
                  </th>
                  <th scope="col" className="py-1 text-right">
                    {t("Payouts")}
                  </th>
                  <th scope="col" className="py-1 text-right">
                    {t("Amount")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {byMethod.map((m) => (
                  <tr key={m.method}>
                    <th scope="row" className="py-1 font-normal">
                      {m.method}
                    </th>
                    <td className="py-1 text-right">{m.count.toLocaleString(INTL_LOCALE[locale])}</td>
                    <td className="py-1 text-right">{cedis(m.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </div>
    </TitledSection>
  );
}

export function Growth({ view }: { view: SystemOverview }) {
  const t = useT();
  const locale = useLocale();
  const last = view.growth.at(-1) ?? { doctors: 0, facilityAdmins: 0 };
  const series = [
    { key: "doctors", label: t("Approved doctors"), colour: SERIES_COLOURS[1] },
    { key: "admins", label: t("Approved facility administrators"), colour: SERIES_COLOURS[0], dashed: true },
  ];
  const signUps = [{ key: "entries", label: t("Sign-ups"), colour: SERIES_COLOURS[3] }];
  const waiting = view.waitlist.reduce((sum, w) => sum + w.entries, 0);
  return (
    <TitledSection id="growth" title={t("insight.growth")}>
      <div className="grid gap-4 lg:grid-cols-2">
        <Figure
          id="growth-chart"
          title={t("Approved accounts over time")}
          summary={t("insight.growth-summary", { doctors: last.doctors, admins: last.facilityAdmins })}
          rows={view.growth}
          rowLabel={{ header: t("End of"), value: (g) => bucketLabel(g.start, "month", locale) }}
          series={[
            { ...series[0], value: (g) => g.doctors },
            { ...series[1], value: (g) => g.facilityAdmins },
          ]}
          chart={(data) => <Lines data={data} series={series} />}
        />
        <Figure
          id="waitlist-chart"
          title={t("Waitlist sign-ups per hub")}
          summary={t("insight.waitlist-summary", { waiting, hubs: view.waitlist.length })}
          rows={view.waitlist}
          rowLabel={{ header: t("Hub"), value: (w) => w.title }}
          series={[{ ...signUps[0], value: (w) => w.entries }]}
          height={Math.max(200, view.waitlist.length * 32)}
          chart={(data) => <Bars data={data} series={signUps} layout="vertical" />}
        />
      </div>
    </TitledSection>
  );
}
