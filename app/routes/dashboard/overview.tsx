import { Link, useNavigation } from "react-router";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { GateScreen } from "~/auth/components/gate-screens";
import { loadGated } from "~/auth/gate-loader.server";
import { StatCard, StatGrid } from "~/components/ui/stat-card";
import { TitledSection } from "~/components/ui/titled-section";
import { db } from "~/db/database.server";
import { bucketLabel, formatMinutes, formatRate, isPeriod, PERIODS, type Period } from "~/features/insight/calendar";
import { Bars, Figure, Lines, SERIES_COLOURS } from "~/features/insight/components/charts";
import { FacilityRatesTable } from "~/features/insight/components/facility-rates-table";
import { type SystemOverview, systemOverview, type VolumeBucket } from "~/features/insight/insight.server";
import { formatCedis, REFERRAL_STATUSES, STATUS_LABELS, URGENCY_OPTIONS } from "~/features/referrals/referral-status";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/overview";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Overview",
    description: "The network's referrals, answers, money and growth.",
    noindex: true,
  });

const PATH = "/dashboard/system-admin/overview";

/** The network's numbers for a period (approved system administrators; the gate screens otherwise). */
export async function loader({ request }: Route.LoaderArgs) {
  const database = await db();
  const requested = new URL(request.url).searchParams.get("period");
  const period: Period = isPeriod(requested) ? requested : "12w";
  return loadGated(database, request, "system-admin", (actor) => systemOverview(database, actor, period));
}

const STATUS_SERIES = REFERRAL_STATUSES.map((status, i) => ({
  key: status,
  label: STATUS_LABELS[status],
  colour: SERIES_COLOURS[i],
}));

export default function Overview({ loaderData }: Route.ComponentProps) {
  const { gate, data: view } = loaderData;
  const navigation = useNavigation();
  if (gate.kind !== "allowed" || !view) return <GateScreen gate={gate}>{null}</GateScreen>;
  const loading = navigation.state === "loading" && navigation.location.pathname === PATH;
  return (
    <DashboardShell title="Overview" actor={gate.actor}>
      <nav aria-label="Period" className="mb-6 flex flex-wrap items-center gap-2">
        <span className="text-sm font-semibold text-muted">Period:</span>
        {(Object.keys(PERIODS) as Period[]).map((p) => (
          <Link
            key={p}
            to={`${PATH}?period=${p}`}
            preventScrollReset
            aria-current={p === view.period ? "page" : undefined}
            className="rounded-full border border-slate-300 px-3 py-1.5 text-sm font-semibold text-muted hover:border-brand-700 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
          >
            Last {PERIODS[p].label}
          </Link>
        ))}
      </nav>
      <div aria-busy={loading || undefined} className={loading ? "opacity-60 transition-opacity" : undefined}>
        <Answers view={view} />
        <Money view={view} />
        <Growth view={view} />
      </div>
      <TitledSection id="exports" title="Downloads">
        <ul className="flex flex-wrap gap-3">
          <li>
            <Link to="/exports/referrals.csv" reloadDocument download className="btn-secondary">
              All referrals (CSV)
            </Link>
          </li>
          <li>
            <Link to="/exports/payments.csv?status=pending" reloadDocument download className="btn-secondary">
              Pending payouts (CSV)
            </Link>
          </li>
          <li>
            <Link to="/exports/payments.csv" reloadDocument download className="btn-secondary">
              All payouts (CSV)
            </Link>
          </li>
          <li>
            <Link to="/exports/users.csv" reloadDocument download className="btn-secondary">
              Accounts (CSV)
            </Link>
          </li>
          <li>
            <Link to="/dashboard/system-admin/audit" className="btn-ghost">
              Audit log
            </Link>
          </li>
        </ul>
      </TitledSection>
    </DashboardShell>
  );
}

function Answers({ view }: { view: SystemOverview }) {
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
        <div className="overflow-x-auto rounded-xl border border-slate-200">
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
        </div>
      </TitledSection>
      <TitledSection id="facilities" title="By facility">
        <FacilityRatesTable rows={view.byFacility} />
      </TitledSection>
    </>
  );
}

const cedisTick = (pesewas: number) => formatCedis(pesewas);

function Money({ view }: { view: SystemOverview }) {
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

function Growth({ view }: { view: SystemOverview }) {
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
