import type { ReactNode } from "react";
import { Link } from "react-router";
import { PhoneNumber } from "~/components/ui/phone-number";
import { Cell, Row, Table } from "~/components/ui/table";
import type { Translate } from "~/i18n/i18n";
import type { Locale } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/react";
import { formatAccraDate, formatAccraDateTime, formatCedis } from "~/lib/ghana-format";
import { formatShare, NO_VALUE } from "../referral-status";
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
  | "amount"
  | "share"
  | "payout";

/** Each column's name: its catalogue key (the English itself, or a named key where French needs another word). */
const HEADERS: Record<ReferralColumn, string> = {
  number: "Referral",
  patient: "Patient",
  facility: "Facility",
  doctor: "Doctor",
  complaint: "Chief complaint",
  urgency: "Urgency",
  status: "Status",
  created: "referral.column.created",
  amount: "Amount",
  share: "Your share",
  payout: "Payout",
};

/** The referral's own page. */
export function referralPath(referralNumber: string): string {
  return `/referrals/${encodeURIComponent(referralNumber)}`;
}

/** "2 files · 1 new message" under a row's number; nothing when there is neither. */
export function activityText(activity: ReferralRow["activity"], t: Translate): string | null {
  if (!activity) return null;
  const parts: string[] = [];
  if (activity.files > 0) parts.push(t("referral.activity.files", { count: activity.files }));
  if (activity.newMessages > 0) parts.push(t("referral.activity.messages", { count: activity.newMessages }));
  return parts.length > 0 ? parts.join(" · ") : null;
}

function ActivityNote({ activity }: { activity: ReferralRow["activity"] }) {
  const t = useT();
  const text = activityText(activity, t);
  if (!text) return null;
  return (
    <span
      className={`block text-xs whitespace-nowrap ${activity?.newMessages ? "font-semibold text-brand-800" : "text-muted"}`}
    >
      {text}
    </span>
  );
}

function cell(column: ReferralColumn, r: ReferralRow, t: Translate, locale: Locale): ReactNode {
  switch (column) {
    case "number":
      return (
        <>
          <Link
            to={referralPath(r.referralNumber)}
            // 44 px high and at least as wide: the number is the row's link on a phone.
            className="inline-flex min-h-11 min-w-11 items-center font-mono text-xs font-semibold whitespace-nowrap text-brand-700 underline-offset-2 hover:underline"
          >
            {r.referralNumber}
          </Link>
          <ActivityNote activity={r.activity} />
        </>
      );
    case "patient":
      return (
        <>
          <span className="font-medium">{r.patient.fullName}</span>
          <span className="block text-xs">
            <PhoneNumber phone={r.patient.call} label={r.patient.fullName} />
          </span>
          {r.patient.email ? <span className="block text-xs break-all text-muted">{r.patient.email}</span> : null}
          {r.patient.dateOfBirth ? (
            <span className="block text-xs text-muted">
              {t("referral.born", { date: formatAccraDate(`${r.patient.dateOfBirth}T12:00:00Z`, locale) })}
            </span>
          ) : null}
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
              <summary className="inline-flex min-h-11 cursor-pointer items-center text-brand-700">
                {t("Clinical notes")}
              </summary>
              <p className="mt-1 whitespace-pre-line text-muted">{r.clinicalNotes}</p>
            </details>
          ) : null}
        </>
      );
    case "urgency":
      return (
        <>
          <UrgencyText urgency={r.urgencyLevel} />
          {r.overdue ? (
            <span className="mt-1 block w-fit rounded-full border border-red-700 px-2 py-0.5 text-xs font-semibold text-red-800">
              {t("Overdue")}
            </span>
          ) : null}
          {r.escalated ? (
            <span className="mt-1 block w-fit rounded-full border border-red-700 bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800">
              {t("Escalated")}
            </span>
          ) : null}
        </>
      );
    case "status":
      return (
        <>
          <StatusBadge status={r.status} />
          {r.status === "rejected" && r.rejectionReason ? (
            <span className="mt-1 block text-xs text-muted">{t("referral.reason", { reason: r.rejectionReason })}</span>
          ) : null}
        </>
      );
    case "created":
      return <span className="whitespace-nowrap">{formatAccraDateTime(r.createdAt, locale)}</span>;
    case "amount":
      return <span className="tabular-nums">{formatCedis(r.referralFee, locale)}</span>;
    case "share":
      // A share exists only for a completed referral: "—" before, and for a rejected or cancelled one.
      return <span className="tabular-nums">{formatShare(r.status, r.doctorShare, locale)}</span>;
    case "payout":
      if (!r.payout) return <span className="text-muted">{r.status === "completed" ? t("Pending") : NO_VALUE}</span>;
      return r.payout.status === "paid" ? (
        <>
          <span className="font-semibold text-emerald-800">{t("referral.payout.paidShort")}</span>
          <span className="block text-xs text-muted">
            {[r.payout.method, r.payout.paidAt ? formatAccraDate(r.payout.paidAt, locale) : null]
              .filter(Boolean)
              .join(", ")}
          </span>
        </>
      ) : (
        <span className="font-semibold text-amber-800">{t("Pending")}</span>
      );
  }
}

/**
 * Referrals as a table; `actions` adds a last column (the facility administrator's buttons);
 * `busy` marks the rows something is being done to (an answer awaited).
 */
export function ReferralTable({
  caption,
  rows,
  columns,
  empty,
  actions,
  busy,
}: {
  caption: string;
  rows: ReferralRow[];
  columns: ReferralColumn[];
  empty: string;
  actions?: (r: ReferralRow) => ReactNode;
  busy?: (r: ReferralRow) => boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const headers = columns.map((c) => t(HEADERS[c]));
  if (actions) headers.push(t("Actions"));
  return (
    <Table caption={caption} headers={headers} empty={empty} rowCount={rows.length} stacked>
      {rows.map((r) => (
        <Row key={r.id} stacked busy={busy?.(r) ?? false}>
          {columns.map((c) => (
            <Cell key={c} label={t(HEADERS[c])}>
              {cell(c, r, t, locale)}
            </Cell>
          ))}
          {actions ? <Cell label={t("Actions")}>{actions(r)}</Cell> : null}
        </Row>
      ))}
    </Table>
  );
}
