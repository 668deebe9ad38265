import { useNavigation } from "react-router";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { allowedActor } from "~/auth/context.server";
import { Pagination } from "~/components/ui/pagination";
import { Table } from "~/components/ui/table";
import { dbOf } from "~/db/context.server";
import { auditFiltersFrom, listAuditLog } from "~/features/audit/audit-log.server";
import { AuditFilterForm } from "~/features/audit/components/audit-filter-form";
import { AUDIT_HEADERS, AuditRow } from "~/features/audit/components/audit-row";
import { STATUS_LABELS } from "~/features/referrals/public";
import { useT } from "~/i18n/react";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/audit-log";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Audit Log",
    description: "Every transition, approval, payment and export on the platform.",
    noindex: true,
  });

/** The audit log: approved system administrators; the gate screens for anyone else. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await allowedActor(context);
  const filters = auditFiltersFrom(new URL(request.url).searchParams);
  return { actor, view: { filters, log: await listAuditLog(dbOf(context), actor, filters) } };
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { actor, view } = loaderData;
  const navigation = useNavigation();
  const t = useT();
  const { filters, log } = view;
  const filtered = Boolean(filters.actor || filters.referral || filters.type || filters.from || filters.to);
  const loading = navigation.state === "loading" && navigation.location.pathname === "/dashboard/system-admin/audit";
  return (
    <DashboardShell title={t("Audit Log")} actor={actor}>
      <p className="mb-6 max-w-2xl text-muted">
        {t(
          "Every referral transition, message and file, account approval, payment and export: who did it and when (Ghana time), newest first.",
        )}
      </p>
      <AuditFilterForm filters={filters} filtered={filtered} loading={loading} />
      <div aria-busy={loading || undefined} className={loading ? "opacity-60" : undefined}>
        <Table
          caption={t("Audit log, newest first")}
          headers={AUDIT_HEADERS.map((h) => t(h))}
          rowCount={log.rows.length}
          empty={filtered ? t("No events match these filters.") : t("Nothing has been recorded yet.")}
          stacked
        >
          {log.rows.map((entry) => (
            <AuditRow key={entry.id} entry={entry} statusLabels={STATUS_LABELS} />
          ))}
        </Table>
      </div>
      <Pagination page={log.page} hasNext={log.hasNext} label={t("Audit log pages")} />
    </DashboardShell>
  );
}
