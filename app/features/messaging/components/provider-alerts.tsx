import { useLocale, useT } from "~/i18n/react";
import { formatAccraDateTime } from "~/lib/ghana-format";
import { CHANNEL_LABELS } from "../message-labels";
import type { ProviderAlertRow } from "../message-log.server";

/** What each cause means to the administrator who must act on it. */
const CAUSE: Record<string, string> = {
  configuration:
    "refuses our configuration: an SMS sender ID must be registered and approved, a WhatsApp template approved with one body parameter",
  auth: "refuses our keys",
  no_credit: "has no credit left",
};

/**
 * The providers refusing every message now (decision 035): why, since when and how often. Their
 * messages are kept and retried; once the cause is fixed they go out and this disappears.
 */
export function ProviderAlerts({ alerts }: { alerts: readonly ProviderAlertRow[] }) {
  const t = useT();
  const locale = useLocale();
  if (alerts.length === 0) return null;
  return (
    <section
      role="alert"
      aria-labelledby="provider-alerts-title"
      className="mb-6 max-w-3xl rounded-lg border border-red-300 bg-red-50 p-4 text-red-900"
    >
      <h2 id="provider-alerts-title" className="font-bold">
        {t("Messages are waiting: a provider refuses them")}
      </h2>
      <ul className="mt-2 space-y-2 text-sm">
        {alerts.map((a) => (
          <li key={`${a.provider}:${a.code}`}>
            <strong>
              {t("messages.provider-through", { channel: t(CHANNEL_LABELS[a.channel]), provider: a.provider })}
            </strong>{" "}
            {t(CAUSE[a.code] ?? "refuses the messages")}. {t("It said:")} <q>{a.detail}</q>.{" "}
            {t("messages.provider-refusals", { since: formatAccraDateTime(a.firstAt, locale), count: a.failures })}
          </li>
        ))}
      </ul>
    </section>
  );
}
