import { type ReferralStatus, STATUS_LABELS, type UrgencyLevel } from "../referral-status";

const STATUS_STYLES: Record<ReferralStatus | "paid", string> = {
  pending: "bg-amber-100 text-amber-900",
  accepted: "bg-sky-100 text-sky-900",
  rejected: "bg-red-100 text-red-900",
  completed: "bg-emerald-100 text-emerald-900",
  cancelled: "bg-slate-200 text-slate-800",
  paid: "bg-emerald-100 text-emerald-900",
};

export function Badge({ tone, children }: { tone: keyof typeof STATUS_STYLES; children: React.ReactNode }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLES[tone]}`}>
      {children}
    </span>
  );
}

export function StatusBadge({ status }: { status: ReferralStatus }) {
  return <Badge tone={status}>{STATUS_LABELS[status]}</Badge>;
}

const URGENCY_STYLES: Record<UrgencyLevel, string> = {
  routine: "text-muted",
  urgent: "font-semibold text-amber-800",
  emergency: "font-bold text-red-700",
};

export function UrgencyText({ urgency }: { urgency: UrgencyLevel }) {
  return <span className={URGENCY_STYLES[urgency]}>{urgency[0].toUpperCase() + urgency.slice(1)}</span>;
}
