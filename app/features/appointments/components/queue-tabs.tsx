import { Link } from "react-router";
import { useT } from "~/i18n/react";

/** The facility administrator's queue: referrals, and appointment requests with how many wait. */
export function QueueTabs({ current, waiting }: { current: "referrals" | "appointments"; waiting: number }) {
  const t = useT();
  const tab = (active: boolean) =>
    `inline-flex min-h-11 items-center gap-2 border-b-2 px-3 font-semibold ${active ? "border-brand-700 text-brand-700" : "border-transparent text-muted hover:text-ink"}`;
  return (
    <nav aria-label={t("Queue")} className="mb-6 flex gap-2 border-b border-line">
      <Link
        to="/dashboard/facility-admin"
        className={tab(current === "referrals")}
        aria-current={current === "referrals" ? "page" : undefined}
      >
        {t("Referrals")}
      </Link>
      <Link
        to="/dashboard/facility-admin/appointments"
        className={tab(current === "appointments")}
        aria-current={current === "appointments" ? "page" : undefined}
      >
        {t("Appointment requests")}
        <span className="rounded-full bg-brand-50 px-2 text-sm">
          {waiting}
          <span className="sr-only"> {t("waiting")}</span>
        </span>
      </Link>
    </nav>
  );
}
