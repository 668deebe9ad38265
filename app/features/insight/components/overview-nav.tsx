import { Link } from "react-router";
import { TitledSection } from "~/components/ui/titled-section";
import { PERIODS, type Period } from "../calendar";

/** The Overview's period links (the period is in the address: shareable, and read by the server). */
export function PeriodNav({ path, current }: { path: string; current: Period }) {
  return (
    <nav aria-label="Period" className="mb-6 flex flex-wrap items-center gap-2">
      <span className="text-sm font-semibold text-muted">Period:</span>
      {(Object.keys(PERIODS) as Period[]).map((p) => (
        <Link
          key={p}
          to={`${path}?period=${p}`}
          preventScrollReset
          aria-current={p === current ? "page" : undefined}
          className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-full border border-slate-300 px-3 py-1.5 text-sm font-semibold text-muted hover:border-brand-700 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
        >
          Last {PERIODS[p].label}
        </Link>
      ))}
    </nav>
  );
}

/** The Overview's downloads (CSV exports) and the audit log. */
export function Downloads() {
  return (
    <TitledSection id="exports" title="Downloads">
      <ul className="flex flex-wrap gap-3">
        <li>
          <Link to="/exports/referrals.csv" reloadDocument download className="btn-secondary">
            All referrals (CSV)
          </Link>
        </li>
        <li>
          <Link to="/exports/payments.csv?status=pending" reloadDocument download className="btn-secondary">
            Pending payouts (CSV)
          </Link>
        </li>
        <li>
          <Link to="/exports/payments.csv" reloadDocument download className="btn-secondary">
            All payouts (CSV)
          </Link>
        </li>
        <li>
          <Link to="/exports/users.csv" reloadDocument download className="btn-secondary">
            Accounts (CSV)
          </Link>
        </li>
        <li>
          <Link to="/dashboard/system-admin/audit" className="btn-ghost">
            Audit log
          </Link>
        </li>
      </ul>
    </TitledSection>
  );
}
