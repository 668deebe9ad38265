import { href, Link } from "react-router";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { allowedActor } from "~/auth/context.server";
import { Cell, Row, Table } from "~/components/ui/table";
import { SITE } from "~/content/site";
import { dbOf } from "~/db/context.server";
import { env } from "~/env.server";
import { ENTRY_KIND_LABELS } from "~/features/payouts/payout-labels";
import { doctorMoney } from "~/features/payouts/statement.server";
import { translator } from "~/i18n/i18n";
import { pageLocale } from "~/i18n/page-locale";
import { useLocale, useT } from "~/i18n/react";
import { formatAccraDate, formatAccraDateTime, formatCedis } from "~/lib/ghana-format";
import type { Route } from "./+types/doctor-payouts";

/** The doctor's money (decision 026): balance, statement with running balance, payouts and monthly statements. */
export async function loader({ context }: Route.LoaderArgs) {
  const actor = await allowedActor(context);
  const database = dbOf(context);
  return {
    actor,
    minimum: env().PAYOUT_MINIMUM_PESEWAS,
    ...(await doctorMoney(database, actor)),
  };
}

export const meta: Route.MetaFunction = ({ location, matches }) => [
  { title: `${translator(pageLocale(location.pathname, matches))("Your payouts")} | ${SITE.name}` },
  { name: "robots", content: "noindex" },
];

export default function DoctorPayouts({ loaderData }: Route.ComponentProps) {
  const view = loaderData;
  const t = useT();
  const locale = useLocale();
  const cedis = (pesewas: number) => formatCedis(pesewas, locale);
  const lines = [...view.statement.lines].reverse();
  return (
    <DashboardShell title={t("Your payouts")} actor={view.actor}>
      <section aria-labelledby="balance-title" className="card mb-8 p-6">
        <h2 id="balance-title" className="text-sm font-semibold text-muted">
          {t("Balance owed to you")}
        </h2>
        <p className="mt-1 text-3xl font-bold">{cedis(view.balance)}</p>
        <p className="mt-2 text-muted">
          {t("doctorPayouts.nextRun", { minimum: cedis(view.minimum) })}{" "}
          <Link to={href("/account/payout-details")}>{t("payout details")}</Link>
          {t("doctorPayouts.runsApproved")}
        </p>
      </section>
      <h2 className="mb-3 text-lg font-semibold">{t("Payouts")}</h2>
      <Table
        caption={t("Your payouts")}
        headers={[t("Date"), t("Amount"), t("To"), t("Status"), t("Reference")]}
        empty={t("No payouts yet.")}
        rowCount={view.payouts.length}
      >
        {view.payouts.map((p) => (
          <Row key={p.id}>
            <Cell label={t("Date")}>{formatAccraDateTime(p.updatedAt, locale)}</Cell>
            <Cell label={t("Amount")}>{cedis(p.amountPesewas)}</Cell>
            <Cell label={t("To")}>{p.destination}</Cell>
            <Cell label={t("Status")}>{t(`payout.status.${p.status}`)}</Cell>
            <Cell label={t("Reference")}>
              <code>{p.reference}</code>
            </Cell>
          </Row>
        ))}
      </Table>
      <h2 className="mt-10 mb-3 text-lg font-semibold">{t("Statement")}</h2>
      <Table
        caption={t("Your statement, newest first")}
        headers={[t("Date"), t("Referral"), t("doctorPayouts.what"), t("Amount"), t("Balance")]}
        empty={t("Nothing yet: your share of each completed referral appears here.")}
        rowCount={lines.length}
      >
        {lines.map((l) => (
          <Row key={l.id}>
            <Cell label={t("Date")}>{formatAccraDate(l.at, locale)}</Cell>
            <Cell label={t("Referral")}>{l.referralNumber ?? "—"}</Cell>
            <Cell label={t("doctorPayouts.what")}>{t(ENTRY_KIND_LABELS[l.kind])}</Cell>
            <Cell label={t("Amount")}>{l.amount < 0 ? `−${cedis(-l.amount)}` : cedis(l.amount)}</Cell>
            <Cell label={t("Balance")}>{cedis(l.runningBalance)}</Cell>
          </Row>
        ))}
      </Table>
      <h2 className="mt-10 mb-3 text-lg font-semibold">{t("Monthly statements")}</h2>
      <ul className="grid gap-2 sm:grid-cols-2">
        {view.months.map((m) => (
          <li key={m} className="flex items-center gap-3">
            <span className="w-20">{m}</span>
            <a
              href={`/dashboard/doctor/payouts/statement.csv?month=${m}`}
              download
              aria-label={t("doctorPayouts.statementCsv", { month: m })}
              className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg px-2 font-medium text-brand-700 underline"
            >
              CSV
            </a>
            <a
              href={`/dashboard/doctor/payouts/statement.pdf?month=${m}`}
              download
              aria-label={t("doctorPayouts.statementPdf", { month: m })}
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
