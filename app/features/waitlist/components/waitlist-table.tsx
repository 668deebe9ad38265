import { Badge } from "~/components/ui/badge";
import { PhoneNumber } from "~/components/ui/phone-number";
import { Cell, Row, Table } from "~/components/ui/table";
import { formatAccraDate } from "~/lib/ghana-format";
import type { WaitlistEntry } from "../waitlist-admin.server";

/** Hub Waitlist (spec section 2): newest first, Pending or Notified. */
export function WaitlistTable({ rows }: { rows: WaitlistEntry[] }) {
  return (
    <Table
      caption="Hub waitlist sign-ups, newest first"
      headers={["Signed up", "Hub", "Type", "Name", "Email or phone", "Country", "Status"]}
      empty="No one has joined a hub waitlist yet."
      rowCount={rows.length}
      stacked
    >
      {rows.map((w) => (
        <Row key={w.id} stacked>
          <Cell label="Signed up" className="whitespace-nowrap">
            {formatAccraDate(w.createdAt)}
          </Cell>
          <Cell label="Hub">{w.hubTitle ?? w.hubId}</Cell>
          <Cell label="Type">
            {w.userType === "facility" ? "Facility" : w.userType === "patient" ? "Patient or family" : "Professional"}
          </Cell>
          <Cell label="Name">
            <span className="font-medium">{w.userType === "facility" ? w.facilityName : w.fullName}</span>
            {w.userType === "facility" && w.fullName ? (
              <span className="block text-xs text-muted">{w.fullName}</span>
            ) : w.professionalTitle ? (
              <span className="block text-xs text-muted">{w.professionalTitle}</span>
            ) : null}
          </Cell>
          {/* A patient may have given only a mobile number (decision 029): then the number is the contact. */}
          <Cell label="Email or phone" className="break-all">
            {w.email}
            {w.call ? (
              <span className={w.email ? "block text-xs" : undefined}>
                <PhoneNumber phone={w.call} label={w.fullName ?? undefined} />
                {w.smsConsentAt && !w.smsStoppedAt ? " (SMS)" : ""}
              </span>
            ) : null}
          </Cell>
          <Cell label="Country">{w.country ?? ""}</Cell>
          <Cell label="Status">
            {w.notified ? <Badge tone="notified">Notified</Badge> : <Badge tone="pending">Pending</Badge>}
          </Cell>
        </Row>
      ))}
    </Table>
  );
}
