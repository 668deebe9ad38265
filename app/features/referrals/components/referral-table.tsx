import type { ReactNode } from "react";
import { Cell, Table } from "~/components/ui/table";
import { formatAccraDateTime, formatCedis } from "../referral-status";
import type { ReferralRow } from "../referrals.server";
import { StatusBadge, UrgencyText } from "./status-badge";

/** The columns a dashboard shows, in order (spec section 2: number, patient, facility, status, created, amount). */
export type ReferralColumn =
  | "number"
  | "patient"
  | "facility"
  | "doctor"
  | "complaint"
  | "urgency"
  | "status"
  | "created"
  | "amount";

const HEADERS: Record<ReferralColumn, string> = {
  number: "Referral",
  patient: "Patient",
  facility: "Facility",
  doctor: "Doctor",
  complaint: "Chief complaint",
  urgency: "Urgency",
  status: "Status",
  created: "Created",
  amount: "Amount",
};

function cell(column: ReferralColumn, r: ReferralRow): ReactNode {
  switch (column) {
    case "number":
      return <span className="font-mono text-xs font-semibold whitespace-nowrap">{r.referralNumber}</span>;
    case "patient":
      return (
        <>
          <span className="font-medium">{r.patient.fullName}</span>
          <span className="block text-xs text-muted">{r.patient.phone}</span>
        </>
      );
    case "facility":
      return r.facility.name;
    case "doctor":
      return (
        <>
          {r.doctor.fullName}
          {r.doctor.specialty ? <span className="block text-xs text-muted">{r.doctor.specialty}</span> : null}
        </>
      );
    case "complaint":
      return (
        <>
          <span className="break-words">{r.chiefComplaint}</span>
          {r.clinicalNotes ? (
            <details className="mt-1 text-xs">
              <summary className="cursor-pointer text-brand-700">Clinical notes</summary>
              <p className="mt-1 whitespace-pre-line text-muted">{r.clinicalNotes}</p>
            </details>
          ) : null}
        </>
      );
    case "urgency":
      return <UrgencyText urgency={r.urgencyLevel} />;
    case "status":
      return (
        <>
          <StatusBadge status={r.status} />
          {r.status === "rejected" && r.rejectionReason ? (
            <span className="mt-1 block text-xs text-muted">Reason: {r.rejectionReason}</span>
          ) : null}
        </>
      );
    case "created":
      return <span className="whitespace-nowrap">{formatAccraDateTime(r.createdAt)}</span>;
    case "amount":
      return <span className="tabular-nums">{formatCedis(r.referralFee)}</span>;
  }
}

/** Referrals as a table; `actions` adds a last column (the facility administrator's buttons). */
export function ReferralTable({
  caption,
  rows,
  columns,
  empty,
  actions,
}: {
  caption: string;
  rows: ReferralRow[];
  columns: ReferralColumn[];
  empty: string;
  actions?: (r: ReferralRow) => ReactNode;
}) {
  const headers = columns.map((c) => HEADERS[c]);
  if (actions) headers.push("Actions");
  const table = (
    <Table caption={caption} headers={headers} empty={empty} rowCount={rows.length}>
      {rows.map((r) => (
        <tr key={r.id}>
          {columns.map((c) => (
            <Cell key={c}>{cell(c, r)}</Cell>
          ))}
          {actions ? <Cell>{actions(r)}</Cell> : null}
        </tr>
      ))}
    </Table>
  );
  if (rows.length === 0) return table;
  const details = columns.filter((c) => c !== "number");
  return (
    <>
      {/* On a phone: one card per referral, nothing to scroll sideways. */}
      <ul aria-label={caption} className="space-y-3 sm:hidden">
        {rows.map((r) => (
          <li key={r.id} className="card p-4">
            {cell("number", r)}
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
              {details.map((c) => (
                <div key={c} className="contents">
                  <dt className="text-muted">{HEADERS[c]}</dt>
                  <dd className="min-w-0 break-words">{cell(c, r)}</dd>
                </div>
              ))}
            </dl>
            {actions ? <div className="mt-3">{actions(r)}</div> : null}
          </li>
        ))}
      </ul>
      <div className="hidden sm:block">{table}</div>
    </>
  );
}
