import { Link } from "react-router";
import { ROLE_LABELS } from "~/auth/roles";
import { Cell, Row } from "~/components/ui/table";
import { useLocale, useT } from "~/i18n/react";
import { formatAccraDateTime } from "~/lib/ghana-format";
import type { AuditLogEntry } from "../audit-log.server";
import { auditTypeLabel } from "../audit-types";
import { withLocalTimes } from "../local-times";

/** The audit log table's columns. */
export const AUDIT_HEADERS = ["When", "Who", "What", "About", "Details"];

/** A status `labels` names (a referral's) by its name in the page's language; any other recorded status as stored. */
function statusLabel(
  status: string | null,
  labels: Readonly<Record<string, string>>,
  t: (key: string) => string,
): string | null {
  return status && Object.hasOwn(labels, status) ? t(labels[status]) : status;
}

export function AuditRow({
  entry,
  statusLabels,
}: {
  entry: AuditLogEntry;
  /** The recorded statuses' names by status: the route passes the referrals' (`STATUS_LABELS`). */
  statusLabels: Readonly<Record<string, string>>;
}) {
  const t = useT();
  const locale = useLocale();
  const headers = AUDIT_HEADERS.map((h) => t(h));
  const from = statusLabel(entry.fromStatus, statusLabels, t);
  const to = statusLabel(entry.toStatus, statusLabels, t);
  return (
    <Row stacked>
      <Cell label={headers[0]} className="whitespace-nowrap">
        <time dateTime={entry.at}>{formatAccraDateTime(entry.at, locale)}</time>
      </Cell>
      <Cell label={headers[1]}>
        {entry.actor ? (
          <>
            <span className="font-semibold">{entry.actor.name}</span>
            <span className="block text-xs text-muted">{t(ROLE_LABELS[entry.actor.role])}</span>
          </>
        ) : entry.apiClient ? (
          <>
            <span className="font-semibold">{entry.apiClient.name}</span>
            <span className="block text-xs text-muted">{t("Hospital system (FHIR API)")}</span>
          </>
        ) : (
          <span className="text-muted">{t("A deleted account")}</span>
        )}
      </Cell>
      <Cell label={headers[2]}>
        {t(auditTypeLabel(entry.action))}
        {from && to ? (
          <span className="block text-xs text-muted">
            {from} → {to}
          </span>
        ) : null}
      </Cell>
      <Cell label={headers[3]}>
        {entry.subject?.kind === "referral" ? (
          <Link
            to={`/referrals/${entry.subject.referralNumber}`}
            className="inline-flex min-h-11 min-w-11 items-center font-mono text-sm underline"
          >
            {entry.subject.referralNumber}
          </Link>
        ) : entry.subject?.kind === "user" ? (
          <>
            {entry.subject.name}
            <span className="block text-xs break-all text-muted">{entry.subject.email}</span>
          </>
        ) : entry.subject?.kind === "facility" ? (
          <Link
            to={`/dashboard/facilities/${entry.subject.id}`}
            className="inline-flex min-h-11 items-center text-sm underline"
          >
            {entry.subject.name}
          </Link>
        ) : entry.subject?.kind === "hub" ? (
          <Link
            to={`/dashboard/system-admin/hubs/${entry.subject.slug}`}
            className="inline-flex min-h-11 items-center text-sm underline"
          >
            {t("audit.hub", { title: entry.subject.title })}
          </Link>
        ) : (
          <span className="text-muted">—</span>
        )}
      </Cell>
      <Cell label={headers[4]} className="max-w-xs break-words">
        {entry.detail ? withLocalTimes(entry.detail) : <span className="text-muted">—</span>}
      </Cell>
    </Row>
  );
}
