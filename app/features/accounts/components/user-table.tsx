import type { ReactNode } from "react";
import { ROLE_LABELS } from "~/auth/roles";
import { Cell, Table } from "~/components/ui/table";
import { Badge } from "~/features/referrals/components/status-badge";
import { formatAccraDate } from "~/features/referrals/referral-status";
import type { UserRow } from "../user-admin.server";

/**
 * User Management (spec section 2): newest first; role; Pending or Verified; `approve` draws the
 * Approve control of an account still pending (the page owns how it posts); an account whose
 * approval is on its way (`approving`) shows as verified at once.
 */
export function UserTable({
  rows,
  approve,
  approving,
}: {
  rows: UserRow[];
  approve: (u: UserRow) => ReactNode;
  approving?: (u: UserRow) => boolean;
}) {
  return (
    <Table
      caption="Accounts, newest first"
      headers={["Name", "Email", "Role", "Details", "Registered", "Status", "Actions"]}
      empty="No accounts yet."
      rowCount={rows.length}
    >
      {rows.map((u) => (
        <tr key={u.id} aria-busy={approving?.(u) || undefined}>
          <Cell className="font-medium">{u.fullName}</Cell>
          <Cell className="break-all">{u.email}</Cell>
          <Cell>{ROLE_LABELS[u.role]}</Cell>
          <Cell className="text-muted">{u.role === "doctor" ? (u.specialty ?? "") : (u.facilityName ?? "")}</Cell>
          <Cell className="whitespace-nowrap">{formatAccraDate(u.createdAt)}</Cell>
          <Cell>
            {u.verified || approving?.(u) ? (
              <Badge tone="completed">Verified</Badge>
            ) : (
              <Badge tone="pending">Pending</Badge>
            )}
          </Cell>
          <Cell>{u.verified ? null : approve(u)}</Cell>
        </tr>
      ))}
    </Table>
  );
}
