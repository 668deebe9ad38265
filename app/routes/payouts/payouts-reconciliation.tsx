import { data, Form, href, Link } from "react-router";
import * as z from "zod/mini";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { allowedActor } from "~/auth/context.server";
import { FormNotice } from "~/components/forms/form-parts";
import { Cell, Row, Table } from "~/components/ui/table";
import type { ToastMessage } from "~/components/ui/toaster";
import { SITE } from "~/content/site";
import { dbOf } from "~/db/context.server";
import { listReconciliations } from "~/features/payouts/payout-reads.server";
import { requestReconciliation } from "~/features/payouts/payout-reconcile.server";
import { i18nFor } from "~/i18n/i18n";
import type { Locale } from "~/i18n/locales";
import { pageLocale } from "~/i18n/page-locale";
import { useLocale, useT } from "~/i18n/react";
import { formAction, readForm } from "~/lib/form-action.server";
import { formatAccraDateTime, formatCedis } from "~/lib/ghana-format";
import type { Route } from "./+types/payouts-reconciliation";

/** Reconciliation (decision 026): each day's transfers compared with the provider's list, every mismatch shown. */
export async function loader({ context }: Route.LoaderArgs) {
  const actor = await allowedActor(context);
  const database = dbOf(context);
  return {
    actor,
    reports: await listReconciliations(database, actor),
  };
}

export const meta: Route.MetaFunction = ({ location, matches }) => [
  { title: `${i18nFor(pageLocale(location.pathname, matches))._("Reconciliation")} | ${SITE.name}` },
  { name: "robots", content: "noindex" },
];

const reconcileSchema = z.object({});
const failed = (description: string): ToastMessage => ({ title: "Not queued", description, variant: "destructive" });

/** Reconcile now (today and yesterday), through formAction. */
export async function action({ request, context }: Route.ActionArgs) {
  const database = dbOf(context);
  const actor = await allowedActor(context);
  const form = await readForm(request);
  if (form.get("intent") !== "reconcile") {
    return data({ ok: false, toast: failed("Unknown action") }, { status: 400 });
  }
  return formAction(form, {
    schema: reconcileSchema,
    run: () => requestReconciliation(database, actor),
    done: () => ({
      toast: {
        title: "Reconciliation queued",
        description: "Reload in a moment to see the result.",
        variant: "success",
      },
    }),
    refused: failed,
  });
}

const money = (v: { status: string; amountPesewas: number } | null, locale: Locale) =>
  v ? `${v.status}, ${formatCedis(v.amountPesewas, locale)}` : "—";

export default function PayoutsReconciliation({ loaderData, actionData }: Route.ComponentProps) {
  const view = loaderData;
  const t = useT();
  const locale = useLocale();
  return (
    <DashboardShell title={t("Reconciliation")} actor={view.actor}>
      <FormNotice answer={actionData} />
      <p className="mb-4">
        <Link to={href("/dashboard/system-admin/payouts")}>{t("Payouts")}</Link>
      </p>
      <p className="mb-4 max-w-2xl text-muted">
        {t("Every night at 03:00 the day before is compared with the provider's list of transfers.")}
      </p>
      <Form method="post" className="mb-8">
        <input type="hidden" name="intent" value="reconcile" />
        <button type="submit" className="btn-secondary">
          {t("Reconcile today and yesterday now")}
        </button>
      </Form>
      {view.reports.length === 0 ? <p className="text-muted">{t("No reconciliation has run yet.")}</p> : null}
      {view.reports.map((report) => (
        <section
          key={report.id}
          className="card mb-6 p-6"
          aria-label={t("payouts.reconciliation-of", { day: report.day })}
        >
          <h2 className="text-lg font-semibold">
            {t("payouts.reconciliation-result", { day: report.day, count: report.mismatches.length })}
          </h2>
          <p className="text-sm text-muted">
            {t("payouts.reconciliation-checked", {
              count: report.checkedTransfers,
              at: formatAccraDateTime(report.ranAt, locale),
            })}
          </p>
          {report.mismatches.length > 0 ? (
            <Table
              caption={t("payouts.mismatches-on", { day: report.day })}
              headers={[t("Reference"), t("Problem"), t("Ours"), t("Provider")]}
              empty=""
              rowCount={report.mismatches.length}
            >
              {report.mismatches.map((m) => (
                <Row key={m.reference}>
                  <Cell label={t("Reference")}>
                    <code>{m.reference}</code>
                  </Cell>
                  {/* The problems' words (features/payouts/payout-reconcile.server.ts), in the catalogues. */}
                  <Cell label={t("Problem")}>{t(m.problem)}</Cell>
                  <Cell label={t("Ours")}>{money(m.ours, locale)}</Cell>
                  <Cell label={t("Provider")}>{money(m.provider, locale)}</Cell>
                </Row>
              ))}
            </Table>
          ) : null}
        </section>
      ))}
    </DashboardShell>
  );
}
