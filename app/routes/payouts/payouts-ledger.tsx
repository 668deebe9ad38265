import { href, Link } from "react-router";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { allowedActor } from "~/auth/context.server";
import { Cell, Row, Table } from "~/components/ui/table";
import { SITE } from "~/content/site";
import { dbOf } from "~/db/context.server";
import { trialBalance } from "~/features/ledger/ledger.server";
import { i18nFor } from "~/i18n/i18n";
import { pageLocale } from "~/i18n/page-locale";
import { useLocale, useT } from "~/i18n/react";
import { formatCedis } from "~/lib/ghana-format";
import type { Route } from "./+types/payouts-ledger";

/** The ledger's trial balance (decision 026): each kind of account's balance; the total must be zero. System administrators. */
export async function loader({ context }: Route.LoaderArgs) {
  const actor = await allowedActor(context);
  const database = dbOf(context);
  return {
    actor,
    trial: await trialBalance(database, actor),
  };
}

export const meta: Route.MetaFunction = ({ location, matches }) => [
  { title: `${i18nFor(pageLocale(location.pathname, matches))._("Trial balance")} | ${SITE.name}` },
  { name: "robots", content: "noindex" },
];

export default function PayoutsLedger({ loaderData }: Route.ComponentProps) {
  const view = loaderData;
  const { trial } = view;
  const t = useT();
  const locale = useLocale();
  return (
    <DashboardShell title={t("Trial balance")} actor={view.actor}>
      <p className="mb-4">
        <Link to={href("/dashboard/system-admin/payouts")}>{t("Payouts")}</Link>
      </p>
      <p className="mb-6 max-w-2xl text-muted">{t("payouts.trial-balance-explained", { count: trial.entries })}</p>
      <Table
        caption={t("Trial balance")}
        headers={[t("Account"), t("payouts.accounts-column"), t("Debit"), t("Credit")]}
        empty={t("The ledger is empty.")}
        rowCount={trial.rows.length}
      >
        {trial.rows.map((r) => (
          <Row key={r.kind}>
            {/* The account kinds' names (features/ledger/ledger.server.ts), in the catalogues. */}
            <Cell label={t("Account")}>{t(r.name)}</Cell>
            <Cell label={t("payouts.accounts-column")}>{r.accounts}</Cell>
            <Cell label={t("Debit")}>{r.balance > 0 ? formatCedis(r.balance, locale) : "—"}</Cell>
            <Cell label={t("Credit")}>{r.balance < 0 ? formatCedis(-r.balance, locale) : "—"}</Cell>
          </Row>
        ))}
      </Table>
      <p className="mt-4 font-semibold" role="status">
        {trial.total === 0
          ? t("The ledger balances: debits equal credits.")
          : t("payouts.ledger-does-not-balance", { total: formatCedis(trial.total, locale) })}
      </p>
    </DashboardShell>
  );
}
