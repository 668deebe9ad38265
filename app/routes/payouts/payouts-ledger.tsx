import { href, Link } from "react-router";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { allowedActor } from "~/auth/context.server";
import { Cell, Row, Table } from "~/components/ui/table";
import { SITE } from "~/content/site";
import { dbOf } from "~/db/context.server";
import { trialBalance } from "~/features/ledger/ledger.server";
import { formatCedis } from "~/features/referrals/referral-status";
import type { Route } from "./+types/payouts-ledger";

/** The ledger's trial balance (issue 27): each kind of account's balance; the total must be zero. System administrators. */
export async function loader({ context }: Route.LoaderArgs) {
  const actor = await allowedActor(context);
  const database = dbOf(context);
  return {
    actor,
    trial: await trialBalance(database, actor),
  };
}

export const meta: Route.MetaFunction = () => [
  { title: `Trial balance | ${SITE.name}` },
  { name: "robots", content: "noindex" },
];

export default function PayoutsLedger({ loaderData }: Route.ComponentProps) {
  const view = loaderData;
  const { trial } = view;
  return (
    <DashboardShell title="Trial balance" actor={view.actor}>
      <p className="mb-4">
        <Link to={href("/dashboard/system-admin/payouts")}>Payouts</Link>
      </p>
      <p className="mb-6 max-w-2xl text-muted">
        Debits are positive, credits negative. What the network owes doctors and has earned are credits; the fees
        received, less what was paid out, are the cash. {trial.entries} journal entries.
      </p>
      <Table
        caption="Trial balance"
        headers={["Account", "Accounts", "Debit", "Credit"]}
        empty="The ledger is empty."
        rowCount={trial.rows.length}
      >
        {trial.rows.map((r) => (
          <Row key={r.kind}>
            <Cell label="Account">{r.name}</Cell>
            <Cell label="Accounts">{r.accounts}</Cell>
            <Cell label="Debit">{r.balance > 0 ? formatCedis(r.balance) : "—"}</Cell>
            <Cell label="Credit">{r.balance < 0 ? formatCedis(-r.balance) : "—"}</Cell>
          </Row>
        ))}
      </Table>
      <p className="mt-4 font-semibold" role="status">
        {trial.total === 0
          ? "The ledger balances: debits equal credits."
          : `The ledger does NOT balance: ${formatCedis(trial.total)}.`}
      </p>
    </DashboardShell>
  );
}
