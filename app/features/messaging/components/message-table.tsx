import { Form } from "react-router";
import { SubmitButton } from "~/components/forms/form-parts";
import { useIsSubmitting } from "~/components/forms/schema-form";
import { Badge } from "~/components/ui/badge";
import { Cell, Row, Table } from "~/components/ui/table";
import { formatAccraDateTime } from "~/features/referrals/public";
import { CHANNEL_LABELS, STATUS_LABELS } from "../message-labels";
import type { MessageLogRow } from "../message-log.server";

const HEADERS = ["Created", "Channel", "Recipient", "Event", "Status", "Attempts", "Segments", "Last error", ""];

/**
 * Every outbound message of a page (issue 26), newest first, each with Retry when it did not
 * reach its person. Retry is a plain post to `action` (the page's address with its filters), so
 * it works without JavaScript and the page comes back as it was filtered.
 */
export function MessageTable({
  rows,
  action,
  filtered,
}: {
  rows: readonly MessageLogRow[];
  action: string;
  filtered: boolean;
}) {
  return (
    <Table
      caption="Outbound messages"
      headers={HEADERS}
      empty={filtered ? "No messages match these filters." : "No messages yet."}
      rowCount={rows.length}
      stacked
    >
      {rows.map((m) => (
        <Row key={m.id} stacked>
          <Cell label="Created" className="whitespace-nowrap">
            {formatAccraDateTime(m.createdAt)}
          </Cell>
          <Cell label="Channel">{CHANNEL_LABELS[m.channel]}</Cell>
          <Cell label="Recipient" className="whitespace-nowrap">
            {m.recipient}
          </Cell>
          <Cell label="Event">
            <span title={m.event}>{m.eventLabel}</span>
          </Cell>
          <Cell label="Status">
            <Badge tone={m.status}>{STATUS_LABELS[m.status]}</Badge>
          </Cell>
          <Cell label="Attempts" className="tabular-nums">
            {m.attempts}
          </Cell>
          <Cell label="Segments" className="tabular-nums">
            {m.segments ?? "—"}
          </Cell>
          <Cell label="Last error" className="max-w-xs break-words">
            {m.lastError ?? "—"}
          </Cell>
          <Cell label="">{m.canRetry ? <RetryButton action={action} message={m} /> : null}</Cell>
        </Row>
      ))}
    </Table>
  );
}

function RetryButton({ action, message }: { action: string; message: MessageLogRow }) {
  const busy = useIsSubmitting({ formAction: action, intent: "retry" });
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="messageId" value={message.id} />
      <SubmitButton busy={busy} busyLabel="Retrying..." className="btn-secondary" name="intent" value="retry">
        Retry
        <span className="sr-only">
          {" "}
          the {CHANNEL_LABELS[message.channel]} to {message.recipient}
        </span>
      </SubmitButton>
    </Form>
  );
}
