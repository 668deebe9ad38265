import { Link } from "react-router";
import { Pagination } from "~/components/ui/pagination";
import type { WaitlistByType, WaitlistEntry } from "../waitlist-admin.server";
import { WaitlistTable } from "./waitlist-table";

/** Hub Waitlist (the system administrator's tab): the sign-ups, newest first, and the CSV of them all. */
export function WaitlistPanel({
  waitlist,
}: {
  waitlist: { rows: WaitlistEntry[]; page: number; hasNext: boolean; byType: WaitlistByType };
}) {
  const { professional, facility, patient } = waitlist.byType;
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted">
          {professional} professionals · {facility} facilities · {patient} patients or family members
        </p>
        {/* A file, not a page: the browser downloads it. */}
        <Link to="/dashboard/system-admin/waitlist.csv" reloadDocument download className="btn-secondary">
          Download CSV
        </Link>
      </div>
      <WaitlistTable rows={waitlist.rows} />
      <Pagination page={waitlist.page} hasNext={waitlist.hasNext} label="Waitlist pages" />
    </>
  );
}
