import type { ReactNode } from "react";
import { ROLE_LABELS } from "~/auth/roles";
import { Cell, Row, Table } from "~/components/ui/table";
import { Badge } from "~/features/referrals/public";
import { useLocale, useT } from "~/i18n/react";
import { formatAccraDate } from "~/lib/ghana-format";
import type { AccountStatus } from "../account-status";
import type { UserRow } from "../user-admin.server";
import { RegistrationCheck } from "./registration-check";

const TONES = { pending: "pending", approved: "completed", declined: "rejected" } as const;

/**
 * User Management: newest first; role; Pending, Approved or Declined ("Approved" rather
 * than the spec's "Verified"). `actions` draws the controls of an account not yet approved (the
 * page owns how they post); an account whose approval is on its way (`approving`) shows as
 * approved at once. On a phone each account is a card.
 */
export function UserTable({
  rows,
  actions,
  approving,
  empty,
}: {
  rows: UserRow[];
  actions: (u: UserRow) => ReactNode;
  approving?: (u: UserRow) => boolean;
  empty: string;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <Table
      caption={t("Accounts, newest first")}
      headers={[t("Name"), t("Email"), t("Role"), t("Details"), t("Registered"), t("Status"), t("Actions")]}
      empty={empty}
      rowCount={rows.length}
      stacked
    >
      {rows.map((u) => {
        const busy = approving?.(u) ?? false;
        const status: AccountStatus = busy ? "approved" : u.status;
        return (
          <Row key={u.id} stacked busy={busy}>
            <Cell label={t("Name")} className="font-medium">
              {u.fullName}
            </Cell>
            <Cell label={t("Email")} className="break-all">
              {u.email}
            </Cell>
            <Cell label={t("Role")}>{t(ROLE_LABELS[u.role])}</Cell>
            <Cell label={t("Details")} className="text-muted">
              {u.role === "doctor" ? (u.specialty ?? "") : (u.facilityName ?? "")}
              <RegistrationCheck user={u} />
              {u.approvalRequestedBy ? (
                <p className="text-sm">{t("admin.approvalAskedBy", { name: u.approvalRequestedBy })}</p>
              ) : null}
            </Cell>
            <Cell label={t("Registered")} className="whitespace-nowrap">
              {formatAccraDate(u.createdAt, locale)}
            </Cell>
            <Cell label={t("Status")}>
              <Badge tone={TONES[status]}>{t(`account.status.${status}`)}</Badge>
            </Cell>
            <Cell label={t("Actions")}>{status === "approved" ? null : actions(u)}</Cell>
          </Row>
        );
      })}
    </Table>
  );
}
