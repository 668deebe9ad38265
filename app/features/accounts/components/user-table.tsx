import type { ReactNode } from "react";
import { ROLE_LABELS } from "~/auth/roles";
import { Cell, Row, Table } from "~/components/ui/table";
import { Badge, formatAccraDate } from "~/features/referrals/public";
import { ACCOUNT_STATUS_LABELS, type AccountStatus } from "../account-status";
import type { UserRow } from "../user-admin.server";
import { RegistrationCheck } from "./registration-check";

const TONES = { pending: "pending", approved: "completed", declined: "rejected" } as const;

/**
 * User Management: newest first; role; Pending, Approved or Declined (issue 19: "Approved" rather
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
  return (
    <Table
      caption="Accounts, newest first"
      headers={["Name", "Email", "Role", "Details", "Registered", "Status", "Actions"]}
      empty={empty}
      rowCount={rows.length}
      stacked
    >
      {rows.map((u) => {
        const busy = approving?.(u) ?? false;
        const status: AccountStatus = busy ? "approved" : u.status;
        return (
          <Row key={u.id} stacked busy={busy}>
            <Cell label="Name" className="font-medium">
              {u.fullName}
            </Cell>
            <Cell label="Email" className="break-all">
              {u.email}
            </Cell>
            <Cell label="Role">{ROLE_LABELS[u.role]}</Cell>
            <Cell label="Details" className="text-muted">
              {u.role === "doctor" ? (u.specialty ?? "") : (u.facilityName ?? "")}
              <RegistrationCheck user={u} />
              {u.approvalRequestedBy ? (
                <p className="text-sm">
                  Approval asked by {u.approvalRequestedBy}: a second system administrator must confirm it.
                </p>
              ) : null}
            </Cell>
            <Cell label="Registered" className="whitespace-nowrap">
              {formatAccraDate(u.createdAt)}
            </Cell>
            <Cell label="Status">
              <Badge tone={TONES[status]}>{ACCOUNT_STATUS_LABELS[status]}</Badge>
            </Cell>
            <Cell label="Actions">{status === "approved" ? null : actions(u)}</Cell>
          </Row>
        );
      })}
    </Table>
  );
}
