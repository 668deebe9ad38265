import type { MessageStatus } from "~/db/schema";
import { useLocale, useT } from "~/i18n/react";
import { formatAccraDateTime } from "~/lib/ghana-format";
import { CHANNEL_LABELS, STATUS_LABELS } from "../message-labels";
import type { ReferralDelivery } from "../message-log.server";

/** What a delivery's state means to the people following a referral. */
const OUTCOME: Record<MessageStatus, string> = {
  queued: "waiting to be sent",
  sent: "sent, not yet confirmed delivered",
  delivered: "delivered",
  failed: "could not be sent",
  undelivered: "not delivered",
};

/**
 * Who was told about a referral, how, and whether it arrived: for the referral's
 * timeline. Rows come from `referralDeliveries` (message-log.server.ts), which the referral page's
 * loader calls once it has checked that the reader may see the referral; recipients are masked.
 */
export function ReferralDeliveries({ deliveries }: { deliveries: readonly ReferralDelivery[] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <section aria-labelledby="referral-deliveries-title" className="mt-6">
      <h3 id="referral-deliveries-title" className="text-base font-bold">
        {t("Who was notified")}
      </h3>
      {deliveries.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{t("No one has been sent a message about this referral yet.")}</p>
      ) : (
        <ol className="mt-2 space-y-2 text-sm">
          {deliveries.map((d) => (
            <li key={d.id} className="flex flex-wrap items-baseline gap-x-2">
              <time dateTime={d.at} className="text-muted">
                {formatAccraDateTime(d.at, locale)}
              </time>
              <span>
                <span className="font-semibold">{d.name ?? d.recipient}</span>
                {d.name ? <span className="text-muted"> ({d.recipient})</span> : null}:{" "}
                {t("referral.delivery.event", { event: t(d.eventLabel), channel: t(CHANNEL_LABELS[d.channel]) })},{" "}
                <span data-status={d.status}>{t(OUTCOME[d.status])}</span>
                <span className="sr-only">
                  {" "}
                  {t("referral.delivery.status", { status: t(STATUS_LABELS[d.status]) })}
                </span>
                {d.deliveredAt ? (
                  <span className="text-muted">
                    {" "}
                    {t("referral.delivery.at", { at: formatAccraDateTime(d.deliveredAt, locale) })}
                  </span>
                ) : null}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
