import { Link } from "react-router";
import { ROLE_LABELS } from "~/auth/roles";
import { Cell, Row } from "~/components/ui/table";
import { formatAccraDateTime, isReferralStatus, STATUS_LABELS } from "~/features/referrals/public";
import type { AuditLogEntry } from "../audit-log.server";
import { auditTypeLabel } from "../audit-types";
import { withLocalTimes } from "../local-times";

/** The audit log table's columns. */
export const AUDIT_HEADERS = ["When", "Who", "What", "About", "Details"];

function statusLabel(status: string | null): string | null {
  return status && isReferralStatus(status) ? STATUS_LABELS[status] : status;
}

export function AuditRow({ entry }: { entry: AuditLogEntry }) {
  const from = statusLabel(entry.fromStatus);
  const to = statusLabel(entry.toStatus);
  return (
    <Row stacked>
      <Cell label={AUDIT_HEADERS[0]} className="whitespace-nowrap">
        <time dateTime={entry.at}>{formatAccraDateTime(entry.at)}</time>
      </Cell>
      <Cell label={AUDIT_HEADERS[1]}>
        {entry.actor ? (
          <>
            <span className="font-semibold">{entry.actor.name}</span>
            <span className="block text-xs text-muted">{ROLE_LABELS[entry.actor.role]}</span>
          </>
        ) : entry.apiClient ? (
          <>
            <span className="font-semibold">{entry.apiClient.name}</span>
            <span className="block text-xs text-muted">Hospital system (FHIR API)</span>
          </>
        ) : (
          <span className="text-muted">A deleted account</span>
        )}
      </Cell>
      <Cell label={AUDIT_HEADERS[2]}>
        {auditTypeLabel(entry.action)}
        {from && to ? (
          <span className="block text-xs text-muted">
            {from} → {to}
          </span>
        ) : null}
      </Cell>
      <Cell label={AUDIT_HEADERS[3]}>
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
            {entry.subject.title} hub
          </Link>
        ) : (
          <span className="text-muted">—</span>
        )}
      </Cell>
      <Cell label={AUDIT_HEADERS[4]} className="max-w-xs break-words">
        {entry.detail ? withLocalTimes(entry.detail) : <span className="text-muted">—</span>}
      </Cell>
    </Row>
  );
}
