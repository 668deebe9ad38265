import { formatAccraDateTime } from "~/features/referrals/public";
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
 * The providers refusing every message now (issue 35): why, since when and how often. Their
 * messages are kept and retried; once the cause is fixed they go out and this disappears.
 */
export function ProviderAlerts({ alerts }: { alerts: readonly ProviderAlertRow[] }) {
  if (alerts.length === 0) return null;
  return (
    <section
      role="alert"
      aria-labelledby="provider-alerts-title"
      className="mb-6 max-w-3xl rounded-lg border border-red-300 bg-red-50 p-4 text-red-900"
    >
      <h2 id="provider-alerts-title" className="font-bold">
        Messages are waiting: a provider refuses them
      </h2>
      <ul className="mt-2 space-y-2 text-sm">
        {alerts.map((a) => (
          <li key={`${a.provider}:${a.code}`}>
            <strong>
              {CHANNEL_LABELS[a.channel]} through {a.provider}
            </strong>{" "}
            {CAUSE[a.code] ?? "refuses the messages"}. It said: <q>{a.detail}</q>. Since{" "}
            {formatAccraDateTime(a.firstAt)}, {a.failures} {a.failures === 1 ? "refusal" : "refusals"}; the messages are
            kept and tried again.
          </li>
        ))}
      </ul>
    </section>
  );
}
