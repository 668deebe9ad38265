import { data, Form, href, Link } from "react-router";
import * as z from "zod/mini";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { actorTranslator, allowedActor } from "~/auth/context.server";
import { FormNotice } from "~/components/forms/form-parts";
import { Cell } from "~/components/ui/table";
import type { ToastMessage } from "~/components/ui/toaster";
import { SITE } from "~/content/site";
import { dbOf } from "~/db/context.server";
import { RunSummary } from "~/features/payouts/components/run-summary";
import { TransferTable } from "~/features/payouts/components/transfer-table";
import { getPayoutRun } from "~/features/payouts/payout-reads.server";
import { approvePayoutRun, cancelPayoutRun, retryTransfer } from "~/features/payouts/payouts.server";
import { payoutProvider } from "~/features/payouts/providers.server";
import { i18nFor } from "~/i18n/i18n";
import { pageLocale } from "~/i18n/page-locale";
import { useLocale, useT } from "~/i18n/react";
import { formAction, readForm } from "~/lib/form-action.server";
import { formatCedis } from "~/lib/ghana-format";
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

export const meta: Route.MetaFunction = ({ location, matches }) => [
  { title: `${i18nFor(pageLocale(location.pathname, matches))._("Payout run")} | ${SITE.name}` },
  { name: "robots", content: "noindex" },
];

const runSchema = z.object({});
const retrySchema = z.object({ transferId: z.optional(z.string()) });
const failed =
  (title: string) =>
  (description: string): ToastMessage => ({ title, description, variant: "destructive" });

/** A run's and a transfer's state in the page's language (the words of features/payouts/payout-labels.ts). */

/** Approve, Cancel and Send again: each through formAction; the domain functions refuse with their status and message. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const database = dbOf(context);
  const actor = await allowedActor(context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  if (intent === "approve") {
    const t = await actorTranslator(context);
    return formAction(form, {
      schema: runSchema,
      run: () => approvePayoutRun(database, actor, params.runId, payoutProvider()),
      done: (result) => ({
        toast: {
          title: "Payout run approved",
          description: result.cancelled
            ? t("payouts.run-approved-some-cancelled", { queued: result.queued, cancelled: result.cancelled })
            : t("payouts.run-approved", { queued: result.queued }),
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
  const t = useT();
  const locale = useLocale();
  return (
    <DashboardShell title={t("Payout run")} actor={view.actor}>
      <FormNotice answer={actionData} />
      <p className="mb-4">
        <Link to={href("/dashboard/system-admin/payouts")}>{t("All payout runs")}</Link>
      </p>
      <RunSummary run={run} />
      {run.status === "prepared" ? (
        <div className="mb-8 flex flex-wrap gap-3">
          {view.payoutsConfigured ? null : (
            <p role="status" className="w-full">
              {t(
                "Payouts are not configured on this server (no payment provider key, PAYSTACK_SECRET_KEY): this run cannot be approved or sent until they are.",
              )}
            </p>
          )}
          {canApprove ? (
            view.payoutsConfigured ? (
              <Form method="post">
                <input type="hidden" name="intent" value="approve" />
                <button type="submit" className="btn-primary">
                  {t("payouts.approve-and-send", { total: formatCedis(run.totalPesewas, locale) })}
                </button>
              </Form>
            ) : null
          ) : (
            <p role="status">
              {run.preparedById === view.actor.id
                ? t("You prepared this run: a second system administrator must approve it.")
                : approveRefusal
                  ? t(approveRefusal)
                  : approveRefusal}
            </p>
          )}
          <Form method="post">
            <input type="hidden" name="intent" value="cancel" />
            <button type="submit" className="btn-secondary">
              {t("Cancel run")}
            </button>
          </Form>
        </div>
      ) : null}
      <TransferTable
        caption={t("Transfers")}
        empty={t("No transfers.")}
        transfers={transfers}
        more={{
          headers: [t("Tries"), t("Note")],
          cells: (transfer) => (
            <>
              <Cell label={t("Tries")}>{transfer.attempts}</Cell>
              <Cell label={t("Note")}>
                {transfer.lastError ?? "—"}
                {transfer.status === "queued" && transfer.attempts > 0 ? (
                  <Form method="post" className="mt-1">
                    <input type="hidden" name="intent" value="retry" />
                    <input type="hidden" name="transferId" value={transfer.id} />
                    <button type="submit" className="btn-secondary">
                      {t("Send again")}
                    </button>
                  </Form>
                ) : null}
              </Cell>
            </>
          ),
        }}
      />
    </DashboardShell>
  );
}
