import { Form, Link, useNavigation } from "react-router";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { GateScreen } from "~/auth/components/gate-screens";
import { loadGated } from "~/auth/gate-loader.server";
import { ROLE_LABELS } from "~/auth/roles";
import { Pagination } from "~/components/ui/pagination";
import { Cell, Row, Table } from "~/components/ui/table";
import { db } from "~/db/database.server";
import { type AuditLogEntry, auditFiltersFrom, listAuditLog } from "~/features/audit/audit-log.server";
import { AUDIT_GROUPS, AUDIT_TYPES, auditTypeLabel } from "~/features/audit/audit-types";
import { formatAccraDateTime, isReferralStatus, STATUS_LABELS } from "~/features/referrals/referral-status";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/audit-log";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Audit Log",
    description: "Every transition, approval, payment and export on the platform.",
    noindex: true,
  });

/** The audit log (issue 18): approved system administrators; the gate screens for anyone else. */
export async function loader({ request }: Route.LoaderArgs) {
  const database = await db();
  const filters = auditFiltersFrom(new URL(request.url).searchParams);
  return loadGated(database, request, "system-admin", async (actor) => ({
    filters,
    log: await listAuditLog(database, actor, filters),
  }));
}

const HEADERS = ["When", "Who", "What", "About", "Details"];

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { gate, data: view } = loaderData;
  const navigation = useNavigation();
  if (gate.kind !== "allowed" || !view) return <GateScreen gate={gate}>{null}</GateScreen>;
  const { filters, log } = view;
  const filtered = Boolean(filters.actor || filters.referral || filters.type || filters.from || filters.to);
  const loading = navigation.state === "loading" && navigation.location.pathname === "/dashboard/system-admin/audit";
  return (
    <DashboardShell title="Audit Log" actor={gate.actor}>
      <p className="mb-6 max-w-2xl text-muted">
        Every referral transition, message and file, account approval, payment and export: who did it and when (Ghana
        time), newest first.
      </p>
      <search>
        <Form method="get" className="mb-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-6 lg:items-end">
          <div className="lg:col-span-2">
            <label htmlFor="audit-actor" className="field-label">
              Who (name or email)
            </label>
            <input
              key={filters.actor}
              id="audit-actor"
              name="actor"
              type="search"
              defaultValue={filters.actor}
              className="field-input"
            />
          </div>
          <div>
            <label htmlFor="audit-referral" className="field-label">
              Referral number
            </label>
            <input
              key={filters.referral}
              id="audit-referral"
              name="referral"
              type="search"
              placeholder="REF-2026-000123"
              defaultValue={filters.referral}
              className="field-input"
            />
          </div>
          <div>
            <label htmlFor="audit-type" className="field-label">
              Type
            </label>
            <select
              key={filters.type ?? ""}
              id="audit-type"
              name="type"
              defaultValue={filters.type ?? ""}
              className="field-input"
            >
              <option value="">All events</option>
              <optgroup label="Groups">
                {Object.entries(AUDIT_GROUPS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </optgroup>
              <optgroup label="Events">
                {Object.entries(AUDIT_TYPES).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </optgroup>
            </select>
          </div>
          <div className="grid grid-cols-2 gap-3 lg:col-span-2">
            <div>
              <label htmlFor="audit-from" className="field-label">
                From
              </label>
              <input
                key={filters.from ?? ""}
                id="audit-from"
                name="from"
                type="date"
                defaultValue={filters.from ?? ""}
                className="field-input"
              />
            </div>
            <div>
              <label htmlFor="audit-to" className="field-label">
                To
              </label>
              <input
                key={filters.to ?? ""}
                id="audit-to"
                name="to"
                type="date"
                defaultValue={filters.to ?? ""}
                className="field-input"
              />
            </div>
          </div>
          <div className="flex gap-2 sm:col-span-2 lg:col-span-6">
            <button type="submit" className="btn-primary">
              {loading ? "Filtering..." : "Filter"}
            </button>
            {filtered ? (
              <Link to="/dashboard/system-admin/audit" className="btn-ghost">
                Clear filters
              </Link>
            ) : null}
          </div>
        </Form>
      </search>
      <div aria-busy={loading || undefined} className={loading ? "opacity-60" : undefined}>
        <Table
          caption="Audit log, newest first"
          headers={HEADERS}
          rowCount={log.rows.length}
          empty={filtered ? "No events match these filters." : "Nothing has been recorded yet."}
          stacked
        >
          {log.rows.map((entry) => (
            <AuditRow key={entry.id} entry={entry} />
          ))}
        </Table>
      </div>
      <Pagination page={log.page} hasNext={log.hasNext} label="Audit log pages" />
    </DashboardShell>
  );
}

function statusLabel(status: string | null): string | null {
  return status && isReferralStatus(status) ? STATUS_LABELS[status] : status;
}

function AuditRow({ entry }: { entry: AuditLogEntry }) {
  const from = statusLabel(entry.fromStatus);
  const to = statusLabel(entry.toStatus);
  return (
    <Row stacked>
      <Cell label={HEADERS[0]} className="whitespace-nowrap">
        <time dateTime={entry.at}>{formatAccraDateTime(entry.at)}</time>
      </Cell>
      <Cell label={HEADERS[1]}>
        {entry.actor ? (
          <>
            <span className="font-semibold">{entry.actor.name}</span>
            <span className="block text-xs text-muted">{ROLE_LABELS[entry.actor.role]}</span>
          </>
        ) : (
          <span className="text-muted">A deleted account</span>
        )}
      </Cell>
      <Cell label={HEADERS[2]}>
        {auditTypeLabel(entry.action)}
        {from && to ? (
          <span className="block text-xs text-muted">
            {from} → {to}
          </span>
        ) : null}
      </Cell>
      <Cell label={HEADERS[3]}>
        {entry.subject?.kind === "referral" ? (
          <Link to={`/referrals/${entry.subject.referralNumber}`} className="font-mono text-sm underline">
            {entry.subject.referralNumber}
          </Link>
        ) : entry.subject?.kind === "user" ? (
          <>
            {entry.subject.name}
            <span className="block text-xs break-all text-muted">{entry.subject.email}</span>
          </>
        ) : entry.subject?.kind === "facility" ? (
          <Link to={`/dashboard/facilities/${entry.subject.id}`} className="text-sm underline">
            {entry.subject.name}
          </Link>
        ) : (
          <span className="text-muted">—</span>
        )}
      </Cell>
      <Cell label={HEADERS[4]} className="max-w-xs break-words">
        {entry.detail ?? <span className="text-muted">—</span>}
      </Cell>
    </Row>
  );
}
