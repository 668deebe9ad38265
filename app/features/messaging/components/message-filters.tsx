import { Form, Link } from "react-router";
import type { MessageChannel, MessageStatus } from "~/db/schema";
import { useT } from "~/i18n/react";
import { CHANNEL_LABELS, STATUS_LABELS } from "../message-labels";

/**
 * The Messages screen's filters: a GET form, so the filter is in the address, the
 * server reads it, and it works without JavaScript.
 */
export function MessageFilters({
  path,
  status,
  channel,
  loading,
}: {
  path: string;
  status: MessageStatus | null;
  channel: MessageChannel | null;
  loading: boolean;
}) {
  const t = useT();
  return (
    <search>
      <Form method="get" action={path} className="mb-6 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="messages-status" className="field-label">
            {t("Status")}
          </label>
          <select
            key={status ?? ""}
            id="messages-status"
            name="status"
            defaultValue={status ?? ""}
            className="field-input"
          >
            <option value="">{t("All statuses")}</option>
            {(Object.keys(STATUS_LABELS) as MessageStatus[]).map((s) => (
              <option key={s} value={s}>
                {t(STATUS_LABELS[s])}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="messages-channel" className="field-label">
            {t("Channel")}
          </label>
          <select
            key={channel ?? ""}
            id="messages-channel"
            name="channel"
            defaultValue={channel ?? ""}
            className="field-input"
          >
            <option value="">{t("All channels")}</option>
            {(Object.keys(CHANNEL_LABELS) as MessageChannel[]).map((c) => (
              <option key={c} value={c}>
                {t(CHANNEL_LABELS[c])}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary">
          {loading ? t("Filtering...") : t("Filter")}
        </button>
        {status || channel ? (
          <Link to={path} className="btn-ghost">
            {t("Clear filters")}
          </Link>
        ) : null}
      </Form>
    </search>
  );
}
