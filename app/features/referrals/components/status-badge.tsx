import { Badge } from "~/components/ui/badge";
import { type ReferralStatus, STATUS_LABELS, type UrgencyLevel } from "../referral-status";

/** The generic badge lives in components/ui; kept here for the modules that import it from the referrals. */
export { Badge };

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
