import { ROLE_LABELS } from "~/auth/roles";
import { Cell, Table } from "~/components/ui/table";
import { Badge } from "~/features/referrals/components/status-badge";
import { formatAccraDate } from "~/features/referrals/referral-status";
import type { UserRow } from "../user-admin.server";

/** User Management (spec section 2): newest first; role; Pending or Verified; Approve while pending. */
export function UserTable({ rows }: { rows: UserRow[] }) {
  return (
    <Table
      caption="Accounts, newest first"
      headers={["Name", "Email", "Role", "Details", "Registered", "Status", "Actions"]}
      empty="No accounts yet."
      rowCount={rows.length}
    >
      {rows.map((u) => (
        <tr key={u.id}>
          <Cell className="font-medium">{u.fullName}</Cell>
          <Cell className="break-all">{u.email}</Cell>
          <Cell>{ROLE_LABELS[u.role]}</Cell>
          <Cell className="text-muted">{u.role === "doctor" ? (u.specialty ?? "") : (u.facilityName ?? "")}</Cell>
          <Cell className="whitespace-nowrap">{formatAccraDate(u.createdAt)}</Cell>
          <Cell>{u.verified ? <Badge tone="completed">Verified</Badge> : <Badge tone="pending">Pending</Badge>}</Cell>
          <Cell>
            {u.verified ? null : (
              <form method="post">
                <input type="hidden" name="userId" value={u.id} />
                <button
                  type="submit"
                  name="intent"
                  value="approve"
                  className="btn-primary min-h-9 px-3 py-1.5"
                  data-busy-label="Approving..."
                  aria-label={`Approve ${u.fullName}`}
                >
                  Approve
                </button>
              </form>
            )}
          </Cell>
        </tr>
      ))}
    </Table>
  );
}
