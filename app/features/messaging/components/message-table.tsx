import { Form } from "react-router";
import { SubmitButton } from "~/components/forms/form-parts";
import { useIsSubmitting } from "~/components/forms/schema-form";
import { Badge } from "~/components/ui/badge";
import { Cell, Row, Table } from "~/components/ui/table";
import { useLocale, useT } from "~/i18n/react";
import { formatAccraDateTime } from "~/lib/ghana-format";
import { CHANNEL_LABELS, STATUS_LABELS } from "../message-labels";
import type { MessageLogRow } from "../message-log.server";

const HEADERS = ["Created", "Channel", "Recipient", "Event", "Status", "Attempts", "Segments", "Last error", ""];

/**
 * Every outbound message of a page (decision 024), newest first, each with Retry when it did not
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
  const t = useT();
  const locale = useLocale();
  return (
    <Table
      caption={t("Outbound messages")}
      headers={HEADERS.map((h) => (h ? t(h) : h))}
      empty={filtered ? t("No messages match these filters.") : t("No messages yet.")}
      rowCount={rows.length}
      stacked
    >
      {rows.map((m) => (
        <Row key={m.id} stacked>
          <Cell label={t("Created")} className="whitespace-nowrap">
            {formatAccraDateTime(m.createdAt, locale)}
          </Cell>
          <Cell label={t("Channel")}>{t(CHANNEL_LABELS[m.channel])}</Cell>
          <Cell label={t("Recipient")} className="whitespace-nowrap">
            {m.recipient}
          </Cell>
          <Cell label={t("Event")}>
            {/* The events' names (features/messaging/message-labels.ts), in the catalogues; one without is its code. */}
            <span title={m.event}>{t(m.eventLabel)}</span>
          </Cell>
          <Cell label={t("Status")}>
            <Badge tone={m.status}>{t(STATUS_LABELS[m.status])}</Badge>
          </Cell>
          <Cell label={t("Attempts")} className="tabular-nums">
            {m.attempts}
          </Cell>
          <Cell label={t("Segments")} className="tabular-nums">
            {m.segments ?? "—"}
          </Cell>
          <Cell label={t("Last error")} className="max-w-xs break-words">
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
  const t = useT();
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="messageId" value={message.id} />
      <SubmitButton busy={busy} busyLabel={t("Retrying...")} className="btn-secondary" name="intent" value="retry">
        {t("Retry")}
        <span className="sr-only">
          {" "}
          {t("messages.retry-what", { channel: message.channel, recipient: message.recipient })}
        </span>
      </SubmitButton>
    </Form>
  );
}
