import { href, Link } from "react-router";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { allowedActor } from "~/auth/context.server";
import { Cell, Row, Table } from "~/components/ui/table";
import { SITE } from "~/content/site";
import { dbOf } from "~/db/context.server";
import { env } from "~/env.server";
import { ENTRY_KIND_LABELS, TRANSFER_STATUS_LABELS } from "~/features/payouts/payout-labels";
import { doctorMoney } from "~/features/payouts/statement.server";
import { formatAccraDate, formatAccraDateTime, formatCedis } from "~/features/referrals/referral-status";
import type { Route } from "./+types/doctor-payouts";

/** The doctor's money (issue 27): balance, statement with running balance, payouts and monthly statements. */
export async function loader({ context }: Route.LoaderArgs) {
  const actor = await allowedActor(context);
  const database = dbOf(context);
  return {
    actor,
    minimum: env().PAYOUT_MINIMUM_PESEWAS,
    ...(await doctorMoney(database, actor)),
  };
}

export const meta: Route.MetaFunction = () => [
  { title: `Your payouts | ${SITE.name}` },
  { name: "robots", content: "noindex" },
];

export default function DoctorPayouts({ loaderData }: Route.ComponentProps) {
  const view = loaderData;
  const lines = [...view.statement.lines].reverse();
  return (
    <DashboardShell title="Your payouts" actor={view.actor}>
      <section aria-labelledby="balance-title" className="card mb-8 p-6">
        <h2 id="balance-title" className="text-sm font-semibold text-muted">
          Balance owed to you
        </h2>
        <p className="mt-1 text-3xl font-bold">{formatCedis(view.balance)}</p>
        <p className="mt-2 text-muted">
          Paid in the next payout run once it reaches {formatCedis(view.minimum)}, to your{" "}
          <Link to={href("/account/payout-details")}>payout details</Link>. Runs are prepared and approved by two of the
          network's administrators.
        </p>
      </section>
      <h2 className="mb-3 text-lg font-semibold">Payouts</h2>
      <Table
        caption="Your payouts"
        headers={["Date", "Amount", "To", "Status", "Reference"]}
        empty="No payouts yet."
        rowCount={view.payouts.length}
      >
        {view.payouts.map((p) => (
          <Row key={p.id}>
            <Cell label="Date">{formatAccraDateTime(p.updatedAt)}</Cell>
            <Cell label="Amount">{formatCedis(p.amountPesewas)}</Cell>
            <Cell label="To">{p.destination}</Cell>
            <Cell label="Status">{TRANSFER_STATUS_LABELS[p.status]}</Cell>
            <Cell label="Reference">
              <code>{p.reference}</code>
            </Cell>
          </Row>
        ))}
      </Table>
      <h2 className="mt-10 mb-3 text-lg font-semibold">Statement</h2>
      <Table
        caption="Your statement, newest first"
        headers={["Date", "Referral", "What", "Amount", "Balance"]}
        empty="Nothing yet: your share of each completed referral appears here."
        rowCount={lines.length}
      >
        {lines.map((l) => (
          <Row key={l.id}>
            <Cell label="Date">{formatAccraDate(l.at)}</Cell>
            <Cell label="Referral">{l.referralNumber ?? "—"}</Cell>
            <Cell label="What">{ENTRY_KIND_LABELS[l.kind]}</Cell>
            <Cell label="Amount">{l.amount < 0 ? `−${formatCedis(-l.amount)}` : formatCedis(l.amount)}</Cell>
            <Cell label="Balance">{formatCedis(l.runningBalance)}</Cell>
          </Row>
        ))}
      </Table>
      <h2 className="mt-10 mb-3 text-lg font-semibold">Monthly statements</h2>
      <ul className="grid gap-2 sm:grid-cols-2">
        {view.months.map((m) => (
          <li key={m} className="flex items-center gap-3">
            <span className="w-20">{m}</span>
            <a
              href={`/dashboard/doctor/payouts/statement.csv?month=${m}`}
              download
              aria-label={`Statement for ${m} as CSV`}
              className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg px-2 font-medium text-brand-700 underline"
            >
              CSV
            </a>
            <a
              href={`/dashboard/doctor/payouts/statement.pdf?month=${m}`}
              download
              aria-label={`Statement for ${m} as PDF`}
              className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg px-2 font-medium text-brand-700 underline"
            >
              PDF
            </a>
          </li>
        ))}
      </ul>
    </DashboardShell>
  );
}
