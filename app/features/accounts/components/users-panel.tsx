import { Form, useSearchParams } from "react-router";
import { Pagination } from "~/components/ui/pagination";
import { useT } from "~/i18n/react";
import { ACCOUNT_STATUSES, isAccountStatus } from "../account-status";
import type { UserRow } from "../user-admin.server";
import { ApproveButton, DeclineLink } from "./approve-button";
import { UserTable } from "./user-table";

/** User Management (the system administrator's tab): search by name or email and status, approve or decline. */
export function UsersPanel({
  users,
  approving,
  onApprove,
  onDecline,
}: {
  users: { rows: UserRow[]; page: number; hasNext: boolean };
  approving: Set<string>;
  onApprove: (fetcherKey: string) => void;
  onDecline: (user: UserRow, opener: HTMLElement) => void;
}) {
  const [params] = useSearchParams();
  const t = useT();
  const q = params.get("q") ?? "";
  const status = isAccountStatus(params.get("status")) ? (params.get("status") as string) : "";
  const empty = q
    ? status
      ? t(`admin.users.noMatch.${status}`, { q })
      : t("admin.users.noMatch", { q })
    : status
      ? t(`admin.users.none.${status}`)
      : t("No accounts yet.");
  return (
    <>
      <search>
        <Form method="get" preventScrollReset className="mb-4 flex flex-wrap items-end gap-3">
          <input type="hidden" name="tab" value="users" />
          <div className="grow sm:max-w-sm">
            <label htmlFor="user-search" className="field-label">
              {t("Search by name or email")}
            </label>
            <input key={q} id="user-search" name="q" type="search" defaultValue={q} className="field-input" />
          </div>
          <div>
            <label htmlFor="user-status" className="field-label">
              {t("Status")}
            </label>
            <select key={status} id="user-status" name="status" defaultValue={status} className="field-input min-w-36">
              <option value="">{t("All accounts")}</option>
              {ACCOUNT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`account.status.${s}`)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-secondary">
            {t("Search")}
          </button>
        </Form>
      </search>
      <UserTable
        rows={users.rows}
        empty={empty}
        approving={(u) => approving.has(u.id)}
        actions={(u) => (
          <div className="flex flex-wrap gap-2">
            <ApproveButton user={u} busy={approving.has(u.id)} onSubmitted={onApprove} />
            {u.status === "pending" ? <DeclineLink user={u} onDecline={onDecline} /> : null}
          </div>
        )}
      />
      <Pagination page={users.page} hasNext={users.hasNext} label={t("Account pages")} />
    </>
  );
}
