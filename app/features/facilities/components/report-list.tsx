import { Form } from "react-router";
import { SubmitButton } from "~/components/forms/form-parts";
import { useIsSubmitting } from "~/components/forms/schema-form";
import { useLocale, useT } from "~/i18n/react";
import { formatAccraDateTime } from "~/lib/ghana-format";

export type ReportItem = {
  id: string;
  facilityName: string;
  facilitySlug: string;
  details: string;
  email: string | null;
  createdAt: string;
};

/**
 * Open "Report wrong information" reports, oldest first, each with Mark as Resolved (a plain post
 * to `action`, intent "resolve"). The text is what a member of the public typed: shown as text.
 */
export function ReportList({
  reports,
  action,
  showFacility,
}: {
  reports: readonly ReportItem[];
  action: string;
  showFacility: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  if (reports.length === 0) return <p className="mt-2 text-sm text-muted">{t("No open reports.")}</p>;
  return (
    <ul className="mt-3 space-y-4">
      {reports.map((report) => (
        <li key={report.id} className="rounded-xl border border-slate-200 p-4">
          {showFacility ? (
            <p className="font-semibold">
              <a href={`/facility/${report.facilitySlug}`} className="text-brand-700 underline">
                {report.facilityName}
              </a>
            </p>
          ) : null}
          <p className="text-xs text-muted">
            {t("reports.reportedAt", { at: formatAccraDateTime(report.createdAt, locale) })}
          </p>
          <p className="mt-2 text-sm break-words whitespace-pre-line">{report.details}</p>
          {report.email ? (
            <p className="mt-2 text-sm">
              {t("Reply to:")}{" "}
              <a href={`mailto:${report.email}`} className="break-all text-brand-700 underline">
                {report.email}
              </a>
            </p>
          ) : null}
          <ResolveButton action={action} reportId={report.id} />
        </li>
      ))}
    </ul>
  );
}

function ResolveButton({ action, reportId }: { action: string; reportId: string }) {
  const busy = useIsSubmitting({ formAction: action, intent: "resolve" });
  const t = useT();
  return (
    <Form method="post" action={action} className="mt-3">
      <input type="hidden" name="reportId" value={reportId} />
      <SubmitButton busy={busy} busyLabel={t("Resolving...")} className="btn-secondary" name="intent" value="resolve">
        {t("Mark as Resolved")}
      </SubmitButton>
    </Form>
  );
}
