import { Link } from "react-router";
import { Pagination } from "~/components/ui/pagination";
import { useT } from "~/i18n/react";
import type { WaitlistByType, WaitlistEntry } from "../waitlist-admin.server";
import { WaitlistTable } from "./waitlist-table";

/** Hub Waitlist (the system administrator's tab): the sign-ups, newest first, and the CSV of them all. */
export function WaitlistPanel({
  waitlist,
}: {
  waitlist: { rows: WaitlistEntry[]; page: number; hasNext: boolean; byType: WaitlistByType };
}) {
  const { professional, facility, patient } = waitlist.byType;
  const t = useT();
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted">{t("waitlist.by-type", { professional, facility, patient })}</p>
        {/* A file, not a page: the browser downloads it. */}
        <Link to="/dashboard/system-admin/waitlist.csv" reloadDocument download className="btn-secondary">
          {t("Download CSV")}
        </Link>
      </div>
      <WaitlistTable rows={waitlist.rows} />
      <Pagination page={waitlist.page} hasNext={waitlist.hasNext} label={t("Waitlist pages")} />
    </>
  );
}
