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
import { formatAccraDateTime, formatCedis } from "~/features/referrals/referral-status";
import { formAction, readForm } from "~/lib/form-action.server";
import type { Route } from "./+types/payouts-reconciliation";

/** Reconciliation (issue 27): each day's transfers compared with the provider's list, every mismatch shown. */
export async function loader({ context }: Route.LoaderArgs) {
  const actor = await allowedActor(context);
  const database = dbOf(context);
  return {
    actor,
    reports: await listReconciliations(database, actor),
  };
}

export const meta: Route.MetaFunction = () => [
  { title: `Reconciliation | ${SITE.name}` },
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

const money = (v: { status: string; amountPesewas: number } | null) =>
  v ? `${v.status}, ${formatCedis(v.amountPesewas)}` : "—";

export default function PayoutsReconciliation({ loaderData, actionData }: Route.ComponentProps) {
  const view = loaderData;
  return (
    <DashboardShell title="Reconciliation" actor={view.actor}>
      <FormNotice answer={actionData} />
      <p className="mb-4">
        <Link to={href("/dashboard/system-admin/payouts")}>Payouts</Link>
      </p>
      <p className="mb-4 max-w-2xl text-muted">
        Every night at 03:00 the day before is compared with the provider's list of transfers.
      </p>
      <Form method="post" className="mb-8">
        <input type="hidden" name="intent" value="reconcile" />
        <button type="submit" className="btn-secondary">
          Reconcile today and yesterday now
        </button>
      </Form>
      {view.reports.length === 0 ? <p className="text-muted">No reconciliation has run yet.</p> : null}
      {view.reports.map((report) => (
        <section key={report.id} className="card mb-6 p-6" aria-label={`Reconciliation of ${report.day}`}>
          <h2 className="text-lg font-semibold">
            {report.day}:{" "}
            {report.mismatches.length === 0 ? "everything matches" : `${report.mismatches.length} mismatches`}
          </h2>
          <p className="text-sm text-muted">
            {report.checkedTransfers} of our transfers checked, {formatAccraDateTime(report.ranAt)}
          </p>
          {report.mismatches.length > 0 ? (
            <Table
              caption={`Mismatches on ${report.day}`}
              headers={["Reference", "Problem", "Ours", "Provider"]}
              empty=""
              rowCount={report.mismatches.length}
            >
              {report.mismatches.map((m) => (
                <Row key={m.reference}>
                  <Cell label="Reference">
                    <code>{m.reference}</code>
                  </Cell>
                  <Cell label="Problem">{m.problem}</Cell>
                  <Cell label="Ours">{money(m.ours)}</Cell>
                  <Cell label="Provider">{money(m.provider)}</Cell>
                </Row>
              ))}
            </Table>
          ) : null}
        </section>
      ))}
    </DashboardShell>
  );
}
