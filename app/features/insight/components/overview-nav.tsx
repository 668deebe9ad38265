import { Link } from "react-router";
import { TitledSection } from "~/components/ui/titled-section";
import { useT } from "~/i18n/react";
import { PERIODS, type Period } from "../calendar";

/** The Overview's period links (the period is in the address: shareable, and read by the server). */
export function PeriodNav({ path, current }: { path: string; current: Period }) {
  const t = useT();
  return (
    <nav aria-label={t("Period")} className="mb-6 flex flex-wrap items-center gap-2">
      <span className="text-sm font-semibold text-muted">{t("Period:")}</span>
      {(Object.keys(PERIODS) as Period[]).map((p) => (
        <Link
          key={p}
          to={`${path}?period=${p}`}
          preventScrollReset
          aria-current={p === current ? "page" : undefined}
          className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-full border border-slate-300 px-3 py-1.5 text-sm font-semibold text-muted hover:border-brand-700 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
        >
          {t(`insight.last.${p}`)}
        </Link>
      ))}
    </nav>
  );
}

/** The Overview's downloads (CSV exports) and the audit log. */
export function Downloads() {
  const t = useT();
  return (
    <TitledSection id="exports" title={t("Downloads")}>
      <ul className="flex flex-wrap gap-3">
        <li>
          <Link to="/exports/referrals.csv" reloadDocument download className="btn-secondary">
            {t("All referrals (CSV)")}
          </Link>
        </li>
        <li>
          <Link to="/exports/payments.csv?status=pending" reloadDocument download className="btn-secondary">
            {t("Pending payouts (CSV)")}
          </Link>
        </li>
        <li>
          <Link to="/exports/payments.csv" reloadDocument download className="btn-secondary">
            {t("All payouts (CSV)")}
          </Link>
        </li>
        <li>
          <Link to="/exports/users.csv" reloadDocument download className="btn-secondary">
            {t("Accounts (CSV)")}
          </Link>
        </li>
        <li>
          <Link to="/dashboard/system-admin/audit" className="btn-ghost">
            {t("Audit log")}
          </Link>
        </li>
      </ul>
    </TitledSection>
  );
}
