import { Form, useSearchParams } from "react-router";
import { Pagination } from "~/components/ui/pagination";
import { useT } from "~/i18n/react";
import { REFERRAL_STATUSES, STATUS_KEYS } from "../referral-status";
import type { ReferralRow } from "../referrals.server";
import { ReferralTable } from "./referral-table";

/** All Referrals (the system administrator's first tab): every referral, newest first, filtered by status. */
export function AllReferralsPanel({
  referrals,
}: {
  referrals: { rows: ReferralRow[]; page: number; pageCount: number };
}) {
  const t = useT();
  const [params] = useSearchParams();
  const status = params.get("status") ?? "";
  return (
    <>
      <Form method="get" preventScrollReset className="mb-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="status-filter" className="field-label">
            {t("Status")}
          </label>
          <select key={status} id="status-filter" name="status" defaultValue={status} className="field-input min-w-40">
            <option value="">{t("All statuses")}</option>
            {REFERRAL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(STATUS_KEYS[s])}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-secondary">
          {t("Filter")}
        </button>
      </Form>
      <ReferralTable
        caption={t("All referrals, newest first")}
        rows={referrals.rows}
        columns={["number", "patient", "doctor", "facility", "urgency", "status", "created", "amount"]}
        empty={t(status ? "No referrals with this status." : "No referrals yet.")}
      />
      <Pagination page={referrals.page} pageCount={referrals.pageCount} label={t("Referral pages")} />
    </>
  );
}
