import { data, Form, href, Link } from "react-router";
import * as z from "zod/mini";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { actorLocale, allowedActor } from "~/auth/context.server";
import { FormNotice } from "~/components/forms/form-parts";
import { Cell, Row, Table } from "~/components/ui/table";
import type { ToastMessage } from "~/components/ui/toaster";
import { SITE } from "~/content/site";
import { dbOf } from "~/db/context.server";
import { env } from "~/env.server";
import { readTrialBalance } from "~/features/ledger/ledger.server";
import { runStatusLabel, TransferTable, transferStatusLabel } from "~/features/payouts/components/transfer-table";
import { listPayoutRuns, payoutFailures } from "~/features/payouts/payout-reads.server";
import { requestReconciliation } from "~/features/payouts/payout-reconcile.server";
import { preparePayoutRun } from "~/features/payouts/payouts.server";
import { payoutProvider } from "~/features/payouts/providers.server";
import { i18nFor, translator } from "~/i18n/i18n";
import { pageLocale } from "~/i18n/page-locale";
import { useLocale, useT } from "~/i18n/react";
import { formAction, readForm } from "~/lib/form-action.server";
import { formatAccraDateTime, formatCedis } from "~/lib/ghana-format";
import { FormKeyField } from "~/lib/idempotency";
import { answerOf, once, postedKey } from "~/lib/idempotency.server";
import type { Route } from "./+types/payouts-admin";

/** Payout runs (decision 026): prepare one, see every run's progress and the transfers to act on. System administrators. */
export async function loader({ context }: Route.LoaderArgs) {
  const actor = await allowedActor(context);
  const database = dbOf(context);
  return {
    actor,
    runs: await listPayoutRuns(database, actor),
    failures: await payoutFailures(database, actor),
    ledgerTotal: (await readTrialBalance(database)).total,
    minimum: env().PAYOUT_MINIMUM_PESEWAS,
    provider: payoutProvider()?.name ?? null,
  };
}

export const meta: Route.MetaFunction = ({ location, matches }) => [
  { title: `${i18nFor(pageLocale(location.pathname, matches))._("Payouts")} | ${SITE.name}` },
  { name: "robots", content: "noindex" },
];

const postSchema = z.object({});
const failed =
  (title: string) =>
  (description: string): ToastMessage => ({ title, description, variant: "destructive" });

/** A run's and a transfer's state in the page's language (the words of features/payouts/payout-labels.ts). */

/** Prepare (one run per form key) and Reconcile, through formAction; refusals keep their status and message. */
export async function action({ request, context }: Route.ActionArgs) {
  const database = dbOf(context);
  const actor = await allowedActor(context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  if (intent === "prepare") {
    const locale = await actorLocale(context);
    const t = translator(locale);
    return formAction(form, {
      schema: postSchema,
      // One run per key (decision 026): a double tap or a retry after a timeout goes to the run the
      // first post prepared, with its toast, instead of "a run is already waiting".
      run: async () => {
        const outcome = await once(
          database,
          { scope: actor.id, key: postedKey(form), form: "payout-run-prepare" },
          (tx) => preparePayoutRun(tx, actor),
          (result) => ({
            status: 302,
            location: `/dashboard/system-admin/payouts/${result.runId}`,
            recordId: result.runId,
            toast: {
              title: "Payout run prepared",
              description: t("payouts.run-prepared", {
                count: result.count,
                total: formatCedis(result.total, locale),
              }),
              variant: "success",
            },
          }),
        );
        if (!outcome.answer) throw new Error("unreachable: a prepared run has an answer");
        return outcome.answer;
      },
      // This form keeps only its redirects (a prepared run): the first post's answer, or the same again.
      done: (kept) => answerOf(kept) as Promise<Response>,
      refused: failed("No run prepared"),
      extra: { intent },
    });
  }
  if (intent === "reconcile") {
    return formAction(form, {
      schema: postSchema,
      run: () => requestReconciliation(database, actor),
      done: () => ({
        toast: {
          title: "Reconciliation queued",
          description: "Today and yesterday are being compared with the provider.",
          variant: "success",
        },
      }),
      refused: failed("Not queued"),
      extra: { intent },
    });
  }
  return data({ ok: false, intent, toast: failed("Error")("Unknown action") }, { status: 400 });
}

export default function PayoutsAdmin({ loaderData, actionData }: Route.ComponentProps) {
  const view = loaderData;
  const t = useT();
  const locale = useLocale();
  return (
    <DashboardShell title={t("Payouts")} actor={view.actor}>
      <FormNotice answer={actionData} />
      <nav aria-label={t("Payouts")} className="mb-6 flex flex-wrap gap-2">
        <Link to={href("/dashboard/system-admin/payouts/ledger")} className="btn-secondary">
          {t("Trial balance")}
        </Link>
        <Link to={href("/dashboard/system-admin/payouts/reconciliation")} className="btn-secondary">
          {t("Reconciliation")}
        </Link>
      </nav>
      {view.ledgerTotal !== 0 ? (
        <p role="alert" className="card mb-6 p-4 font-semibold">
          {t("payouts.ledger-unbalanced", { total: formatCedis(view.ledgerTotal, locale) })}
        </p>
      ) : null}
      <section aria-labelledby="prepare-title" className="card mb-8 p-6">
        <h2 id="prepare-title" className="text-lg font-semibold">
          {t("Prepare a payout run")}
        </h2>
        <p className="mt-2 text-muted">
          {view.provider
            ? t("payouts.prepare-explained-provider", {
                minimum: formatCedis(view.minimum, locale),
                provider: view.provider === "paystack" ? "Paystack" : view.provider,
              })
            : t("payouts.prepare-explained", { minimum: formatCedis(view.minimum, locale) })}
        </p>
        {view.provider ? null : (
          <p className="mt-2 text-sm" role="status">
            {t("No payout provider is configured (PAYSTACK_SECRET_KEY): runs can be prepared but not approved.")}
          </p>
        )}
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="prepare" />
          <FormKeyField form="payout-run-prepare" />
          <button type="submit" className="btn-primary">
            {t("Prepare a run")}
          </button>
        </Form>
      </section>
      <h2 className="mb-3 text-lg font-semibold">{t("Runs")}</h2>
      <Table
        caption={t("Payout runs")}
        headers={[t("Prepared"), t("By"), t("Status"), t("Transfers"), t("Total"), t("Progress"), t("Approved by")]}
        empty={t("No payout runs yet.")}
        rowCount={view.runs.length}
      >
        {view.runs.map((run) => (
          <Row key={run.id}>
            <Cell label={t("Prepared")}>
              <Link to={href("/dashboard/system-admin/payouts/:runId", { runId: run.id })}>
                {formatAccraDateTime(run.preparedAt, locale)}
              </Link>
            </Cell>
            <Cell label={t("By")}>{run.preparedBy}</Cell>
            <Cell label={t("Status")}>{runStatusLabel(t, run.status)}</Cell>
            <Cell label={t("Transfers")}>{run.transferCount}</Cell>
            <Cell label={t("Total")}>{formatCedis(run.totalPesewas, locale)}</Cell>
            <Cell label={t("Progress")}>
              {(["queued", "pending", "success", "failed", "reversed", "cancelled"] as const)
                .filter((s) => run.progress[s] > 0)
                .map((s) => `${transferStatusLabel(t, s)} ${run.progress[s]}`)
                .join(" · ") || "—"}
            </Cell>
            <Cell label={t("Approved by")}>{run.approvedBy ?? "—"}</Cell>
          </Row>
        ))}
      </Table>
      <h2 className="mt-10 mb-3 text-lg font-semibold">{t("Failures to act on")}</h2>
      <TransferTable
        caption={t("Failed, reversed and stuck transfers")}
        empty={t("No failed transfers.")}
        transfers={view.failures}
        more={{
          headers: [t("Error")],
          cells: (transfer) => <Cell label={t("Error")}>{transfer.lastError ?? "—"}</Cell>,
        }}
      />
    </DashboardShell>
  );
}
