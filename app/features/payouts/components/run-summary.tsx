import { useLocale, useT } from "~/i18n/react";
import { formatAccraDateTime, formatCedis } from "~/lib/ghana-format";
import type { RunRow } from "../payout-reads.server";
import { runStatusLabel } from "./transfer-table";

/** A payout run at a glance: its status, who prepared and approved it, its total and its progress. */
export function RunSummary({ run }: { run: RunRow }) {
  const t = useT();
  const locale = useLocale();
  const done = run.progress.success + run.progress.failed + run.progress.reversed + run.progress.cancelled;
  return (
    <dl className="card mb-6 grid gap-2 p-6 sm:grid-cols-2">
      <dt className="font-semibold">{t("Status")}</dt>
      <dd>{runStatusLabel(t, run.status)}</dd>
      <dt className="font-semibold">{t("Prepared")}</dt>
      <dd>{t("payouts.run-by", { at: formatAccraDateTime(run.preparedAt, locale), name: run.preparedBy })}</dd>
      <dt className="font-semibold">{t("Total")}</dt>
      <dd>{t("payouts.run-total", { total: formatCedis(run.totalPesewas, locale), count: run.transferCount })}</dd>
      {run.approvedBy ? (
        <>
          <dt className="font-semibold">{t("Approved")}</dt>
          <dd>
            {t("payouts.run-by", {
              at: run.approvedAt ? formatAccraDateTime(run.approvedAt, locale) : "",
              name: run.approvedBy,
            })}
          </dd>
        </>
      ) : null}
      <dt className="font-semibold">{t("Progress")}</dt>
      <dd aria-live="polite">
        {t("payouts.run-progress", {
          done,
          count: run.transferCount,
          paid: run.progress.success,
          initiated: run.progress.pending,
          queued: run.progress.queued,
          failed: run.progress.failed,
          reversed: run.progress.reversed,
        })}
      </dd>
    </dl>
  );
}
