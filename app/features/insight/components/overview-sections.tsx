import { ScrollRegion } from "~/components/ui/scroll-region";
import { StatCard, StatGrid } from "~/components/ui/stat-card";
import { statusChartColour } from "~/components/ui/status-colours";
import { TitledSection } from "~/components/ui/titled-section";
import { formatCedis, REFERRAL_STATUSES, STATUS_LABELS, URGENCY_OPTIONS } from "~/features/referrals/public";
import { bucketLabel, formatMinutes, formatRate, PERIODS } from "../calendar";
import type { SystemOverview, VolumeBucket } from "../insight.server";
import { Bars, Figure, Lines, SERIES_COLOURS } from "./charts";
import { FacilityRatesTable } from "./facility-rates-table";

/*
 * The system administrator's Overview (issue 18), section by section: answers (volumes, rates,
 * urgency, facilities), money (payouts and the ledger) and growth (accounts, waitlists).
 */

/** Each status in its one colour, as its badge (components/ui/status-colours.ts). */
const STATUS_SERIES = REFERRAL_STATUSES.map((status) => ({
  key: status,
  label: STATUS_LABELS[status],
  colour: statusChartColour(status),
}));

export function Answers({ view }: { view: SystemOverview }) {
  const { network, unit } = view;
  const period = PERIODS[view.period].label;
  const busiest = view.volume.reduce((top, b) => (b.total > top.total ? b : top), view.volume[0]);
  return (
    <>
      <StatGrid label={`Referrals in the last ${period}`} columns={5}>
        <StatCard label="Referrals" value={network.received.toLocaleString("en-GH")} hint={`Last ${period}`} />
        <StatCard label="Acceptance rate" value={formatRate(network.acceptanceRate)} hint="Of those answered" />
        <StatCard label="Completion rate" value={formatRate(network.completionRate)} hint="Of those accepted" />
        <StatCard label="Median time to accept" value={formatMinutes(network.medianToAccept)} hint="From referral" />
        <StatCard
          label="Median time to complete"
          value={formatMinutes(network.medianToComplete)}
          hint="From acceptance"
        />
      </StatGrid>
      <TitledSection id="volume" title={`Referrals per ${unit}`}>
        <Figure
          id="volume-chart"
          title={`Referrals per ${unit}, by status today`}
          summary={
            network.received === 0
              ? `No referrals in the last ${period}.`
              : `${network.received.toLocaleString("en-GH")} referrals in the last ${period}; the busiest ${unit} began ${bucketLabel(busiest.start, unit)} with ${busiest.total.toLocaleString("en-GH")}.`
          }
          rows={view.volume}
          rowLabel={{ header: unit === "week" ? "Week of" : "Month", value: (b) => bucketLabel(b.start, unit) }}
          series={STATUS_SERIES.map((s) => ({ ...s, value: (b: VolumeBucket) => b.counts[s.key] }))}
          chart={(data) => <Bars data={data} series={STATUS_SERIES} stacked />}
        />
      </TitledSection>
      <TitledSection id="urgency" title="By urgency">
        <ScrollRegion label="Figures per urgency" className="rounded-xl border border-slate-200">
          <table className="w-full min-w-[36rem] text-left text-sm tabular-nums">
            <caption className="sr-only">Figures per urgency for the period</caption>
            <thead className="bg-slate-50 text-xs text-muted uppercase">
              <tr>
                {[
                  "Urgency",
                  "Referrals",
                  "Accepted",
                  "Completed",
                  "Median time to accept",
                  "Median time to complete",
                ].map((h, i) => (
                  <th key={h} scope="col" className={`px-3 py-2 font-semibold ${i > 0 ? "text-right" : ""}`}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {[...view.byUrgency].reverse().map((u) => (
                <tr key={u.urgency}>
                  <th scope="row" className="px-3 py-2 font-semibold">
                    {URGENCY_OPTIONS.find((o) => o.value === u.urgency)?.label}
                  </th>
                  <td className="px-3 py-2 text-right">{u.received.toLocaleString("en-GH")}</td>
                  <td className="px-3 py-2 text-right">{formatRate(u.acceptanceRate)}</td>
                  <td className="px-3 py-2 text-right">{formatRate(u.completionRate)}</td>
                  <td className="px-3 py-2 text-right">{formatMinutes(u.medianToAccept)}</td>
                  <td className="px-3 py-2 text-right">{formatMinutes(u.medianToComplete)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </TitledSection>
      <TitledSection id="facilities" title="By facility">
        <FacilityRatesTable rows={view.byFacility} />
      </TitledSection>
    </>
  );
}

const cedisTick = (pesewas: number) => formatCedis(pesewas);

export function Money({ view }: { view: SystemOverview }) {
  const revenue = view.money.reduce((sum, m) => sum + m.platformRevenue, 0);
  const earnings = view.money.reduce((sum, m) => sum + m.doctorEarnings, 0);
  const { pending, paid, byMethod } = view.payouts;
  const series = [
    { key: "platform", label: "Platform revenue", colour: SERIES_COLOURS[1] },
    { key: "doctors", label: "Doctors' earnings", colour: SERIES_COLOURS[3] },
  ];
  return (
    <TitledSection id="money" title="Money">
      <StatGrid label="Payouts to doctors">
        <StatCard label="Payouts pending" value={formatCedis(pending.amount)} hint={`${pending.count} to pay`} />
        <StatCard label="Payouts paid" value={formatCedis(paid.amount)} hint={`${paid.count} paid`} />
        <StatCard label="Platform revenue" value={formatCedis(revenue)} hint="Last 12 months" />
        <StatCard label="Doctors' earnings" value={formatCedis(earnings)} hint="Last 12 months" />
      </StatGrid>
      <div className="mt-4">
        <StatGrid label="The ledger now">
          <StatCard label="Owed to doctors" value={formatCedis(view.ledger.owedToDoctors)} hint="Their balances" />
          <StatCard
            label="Fees receivable"
            value={formatCedis(view.ledger.feesReceivable)}
            hint="Completed referrals' fees, not yet collected"
          />
          <StatCard
            label="With the payout provider"
            value={formatCedis(view.ledger.inTransit)}
            hint="Sent, not yet settled"
          />
          <StatCard label="Provider fees" value={formatCedis(view.ledger.providerFees)} hint="All time" />
          <StatCard
            label="Platform revenue"
            value={formatCedis(view.ledger.platformRevenue)}
            hint={view.ledger.balanced ? "All time; the ledger balances" : "All time; THE LEDGER DOES NOT BALANCE"}
          />
        </StatGrid>
      </div>
      <div className="mt-4 grid gap-4 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <Figure
            id="money-chart"
            title="Earned per month of completion"
            summary={`In the last 12 months the platform earned ${formatCedis(revenue)} and doctors ${formatCedis(earnings)}.`}
            rows={view.money}
            rowLabel={{ header: "Month", value: (m) => bucketLabel(m.start, "month") }}
            series={[
              { ...series[0], value: (m) => m.platformRevenue },
              { ...series[1], value: (m) => m.doctorEarnings },
            ]}
            format={cedisTick}
            chart={(data) => <Bars data={data} series={series} format={cedisTick} />}
          />
        </div>
        <div className="card">
          <h3 className="text-base font-bold">Paid per method</h3>
          {byMethod.length === 0 ? (
            <p className="mt-2 text-sm text-muted">No payouts recorded yet.</p>
          ) : (
            <table className="mt-2 w-full text-left text-sm tabular-nums">
              <caption className="sr-only">Payouts paid per method</caption>
              <thead className="text-xs text-muted uppercase">
                <tr>
                  <th scope="col" className="py-1">
                    Method
                  </th>
                  <th scope="col" className="py-1 text-right">
                    Payouts
                  </th>
                  <th scope="col" className="py-1 text-right">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {byMethod.map((m) => (
                  <tr key={m.method}>
                    <th scope="row" className="py-1 font-normal">
                      {m.method}
                    </th>
                    <td className="py-1 text-right">{m.count}</td>
                    <td className="py-1 text-right">{formatCedis(m.amount)}</td>
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
  const last = view.growth.at(-1) ?? { doctors: 0, facilityAdmins: 0 };
  const series = [
    { key: "doctors", label: "Approved doctors", colour: SERIES_COLOURS[1] },
    { key: "admins", label: "Approved facility administrators", colour: SERIES_COLOURS[0], dashed: true },
  ];
  const waiting = view.waitlist.reduce((sum, w) => sum + w.entries, 0);
  return (
    <TitledSection id="growth" title="Growth">
      <div className="grid gap-4 lg:grid-cols-2">
        <Figure
          id="growth-chart"
          title="Approved accounts over time"
          summary={`${last.doctors} approved doctors and ${last.facilityAdmins} approved facility administrators today.`}
          rows={view.growth}
          rowLabel={{ header: "End of", value: (g) => bucketLabel(g.start, "month") }}
          series={[
            { ...series[0], value: (g) => g.doctors },
            { ...series[1], value: (g) => g.facilityAdmins },
          ]}
          chart={(data) => <Lines data={data} series={series} />}
        />
        <Figure
          id="waitlist-chart"
          title="Waitlist sign-ups per hub"
          summary={`${waiting} people and facilities are waiting for ${view.waitlist.length} coming-soon hubs.`}
          rows={view.waitlist}
          rowLabel={{ header: "Hub", value: (w) => w.title }}
          series={[{ key: "entries", label: "Sign-ups", colour: SERIES_COLOURS[3], value: (w) => w.entries }]}
          height={Math.max(200, view.waitlist.length * 32)}
          chart={(data) => (
            <Bars
              data={data}
              series={[{ key: "entries", label: "Sign-ups", colour: SERIES_COLOURS[3] }]}
              layout="vertical"
            />
          )}
        />
      </div>
    </TitledSection>
  );
}
