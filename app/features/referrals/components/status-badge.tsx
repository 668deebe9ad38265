import { Badge } from "~/components/ui/badge";
import { useT } from "~/i18n/react";
import { type ReferralStatus, STATUS_KEYS, URGENCY_KEYS, type UrgencyLevel } from "../referral-status";

/** The generic badge lives in components/ui; kept here for the modules that import it from the referrals. */
export { Badge };

export function StatusBadge({ status }: { status: ReferralStatus }) {
  const t = useT();
  return <Badge tone={status}>{t(STATUS_KEYS[status])}</Badge>;
}

const URGENCY_STYLES: Record<UrgencyLevel, string> = {
  routine: "text-muted",
  urgent: "font-semibold text-amber-800",
  emergency: "font-bold text-red-700",
};

export function UrgencyText({ urgency }: { urgency: UrgencyLevel }) {
  const t = useT();
  return <span className={URGENCY_STYLES[urgency]}>{t(URGENCY_KEYS[urgency])}</span>;
}
