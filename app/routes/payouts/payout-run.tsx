import { data, Form, href, Link } from "react-router";
import * as z from "zod/mini";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { allowedActor } from "~/auth/context.server";
import { FormNotice } from "~/components/forms/form-parts";
import { Cell, Row, Table } from "~/components/ui/table";
import type { ToastMessage } from "~/components/ui/toaster";
import { SITE } from "~/content/site";
import { dbOf } from "~/db/context.server";
import { RUN_STATUS_LABELS, TRANSFER_STATUS_LABELS } from "~/features/payouts/payout-labels";
import { getPayoutRun } from "~/features/payouts/payout-reads.server";
import { approvePayoutRun, cancelPayoutRun, retryTransfer } from "~/features/payouts/payouts.server";
import { payoutProvider } from "~/features/payouts/providers.server";
import { formatAccraDateTime, formatCedis } from "~/features/referrals/referral-status";
import { formAction, readForm } from "~/lib/form-action.server";
import type { Route } from "./+types/payout-run";

/** One payout run: its transfers and their progress; Approve (a second system administrator) or Cancel. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const actor = await allowedActor(context);
  const database = dbOf(context);
  return {
    actor,
    // Without PAYSTACK_SECRET_KEY a run can be prepared, not sent: Approve is not offered (UX 8).
    payoutsConfigured: payoutProvider() !== null,
    ...(await getPayoutRun(database, actor, params.runId)),
  };
}

export const meta: Route.MetaFunction = () => [
  { title: `Payout run | ${SITE.name}` },
  { name: "robots", content: "noindex" },
];

const runSchema = z.object({});
const retrySchema = z.object({ transferId: z.optional(z.string()) });
const failed =
  (title: string) =>
  (description: string): ToastMessage => ({ title, description, variant: "destructive" });

/** Approve, Cancel and Send again: each through formAction; the domain functions refuse with their status and message. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const database = dbOf(context);
  const actor = await allowedActor(context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  if (intent === "approve") {
    return formAction(form, {
      schema: runSchema,
      run: () => approvePayoutRun(database, actor, params.runId, payoutProvider()),
      done: (result) => ({
        toast: {
          title: "Payout run approved",
          description: `${result.queued} transfers are being sent${result.cancelled ? `; ${result.cancelled} cancelled (see each one)` : ""}.`,
          variant: "success",
        },
      }),
      refused: failed("Not approved"),
      extra: { intent },
    });
  }
  if (intent === "cancel") {
    return formAction(form, {
      schema: runSchema,
      run: () => cancelPayoutRun(database, actor, params.runId),
      done: () => ({ toast: { title: "Payout run cancelled", description: "Nothing was sent.", variant: "success" } }),
      refused: failed("Not cancelled"),
      extra: { intent },
    });
  }
  if (intent === "retry") {
    return formAction(form, {
      schema: retrySchema,
      run: ({ transferId }) => retryTransfer(database, actor, params.runId, transferId ?? ""),
      done: (queued) => ({
        toast: queued
          ? {
              title: "Transfer queued again",
              description: "It is sent under the same reference: never paid twice.",
              variant: "success",
            }
          : {
              title: "Already on its way",
              description: "This transfer's job is queued or running.",
              variant: "default",
            },
      }),
      refused: failed("Not sent again"),
      extra: { intent },
    });
  }
  return data({ ok: false, intent, toast: failed("Error")("Unknown action") }, { status: 400 });
}

export default function PayoutRunPage({ loaderData, actionData }: Route.ComponentProps) {
  const view = loaderData;
  const { run, transfers, canApprove, approveRefusal } = view;
  const done = run.progress.success + run.progress.failed + run.progress.reversed + run.progress.cancelled;
  return (
    <DashboardShell title="Payout run" actor={view.actor}>
      <FormNotice answer={actionData} />
      <p className="mb-4">
        <Link to={href("/dashboard/system-admin/payouts")}>All payout runs</Link>
      </p>
      <dl className="card mb-6 grid gap-2 p-6 sm:grid-cols-2">
        <dt className="font-semibold">Status</dt>
        <dd>{RUN_STATUS_LABELS[run.status] ?? run.status}</dd>
        <dt className="font-semibold">Prepared</dt>
        <dd>
          {formatAccraDateTime(run.preparedAt)} by {run.preparedBy}
        </dd>
        <dt className="font-semibold">Total</dt>
        <dd>
          {formatCedis(run.totalPesewas)} to {run.transferCount} {run.transferCount === 1 ? "doctor" : "doctors"}
        </dd>
        {run.approvedBy ? (
          <>
            <dt className="font-semibold">Approved</dt>
            <dd>
              {run.approvedAt ? formatAccraDateTime(run.approvedAt) : ""} by {run.approvedBy}
            </dd>
          </>
        ) : null}
        <dt className="font-semibold">Progress</dt>
        <dd aria-live="polite">
          {done} of {run.transferCount} finished: paid {run.progress.success}, initiated {run.progress.pending}, queued{" "}
          {run.progress.queued}, failed {run.progress.failed}, reversed {run.progress.reversed}
        </dd>
      </dl>
      {run.status === "prepared" ? (
        <div className="mb-8 flex flex-wrap gap-3">
          {view.payoutsConfigured ? null : (
            <p role="status" className="w-full">
              Payouts are not configured on this server (no payment provider key, PAYSTACK_SECRET_KEY): this run cannot
              be approved or sent until they are.
            </p>
          )}
          {canApprove ? (
            view.payoutsConfigured ? (
              <Form method="post">
                <input type="hidden" name="intent" value="approve" />
                <button type="submit" className="btn-primary">
                  Approve and send {formatCedis(run.totalPesewas)}
                </button>
              </Form>
            ) : null
          ) : (
            <p role="status">
              {run.preparedById === view.actor.id
                ? "You prepared this run: a second system administrator must approve it."
                : approveRefusal}
            </p>
          )}
          <Form method="post">
            <input type="hidden" name="intent" value="cancel" />
            <button type="submit" className="btn-secondary">
              Cancel run
            </button>
          </Form>
        </div>
      ) : null}
      <Table
        caption="Transfers"
        headers={["Doctor", "To", "Amount", "Status", "Reference", "Tries", "Note"]}
        empty="No transfers."
        rowCount={transfers.length}
      >
        {transfers.map((t) => (
          <Row key={t.id}>
            <Cell label="Doctor">{t.doctorName}</Cell>
            <Cell label="To">{t.destination}</Cell>
            <Cell label="Amount">{formatCedis(t.amountPesewas)}</Cell>
            <Cell label="Status">{TRANSFER_STATUS_LABELS[t.status]}</Cell>
            <Cell label="Reference">
              <code>{t.reference}</code>
            </Cell>
            <Cell label="Tries">{t.attempts}</Cell>
            <Cell label="Note">
              {t.lastError ?? "—"}
              {t.status === "queued" && t.attempts > 0 ? (
                <Form method="post" className="mt-1">
                  <input type="hidden" name="intent" value="retry" />
                  <input type="hidden" name="transferId" value={t.id} />
                  <button type="submit" className="btn-secondary">
                    Send again
                  </button>
                </Form>
              ) : null}
            </Cell>
          </Row>
        ))}
      </Table>
    </DashboardShell>
  );
}
