import { Link } from "react-router";
import { StatCard, StatGrid } from "~/components/ui/stat-card";
import { TitledSection } from "~/components/ui/titled-section";
import type { MessageChannel } from "~/db/schema";
import { CHANNEL_LABELS } from "~/features/messaging/public";
import type { MessageMonth } from "~/features/messaging/public.server";
import { INTL_LOCALE } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/react";
import { bucketLabel } from "../calendar";
import { Bars, Figure, SERIES_COLOURS } from "./charts";

const CHANNELS: MessageChannel[] = ["email", "sms", "whatsapp"];
/** Each channel's series, named in the page's language. */
const messageSeries = (t: (key: string) => string) =>
  CHANNELS.map((channel, i) => ({
    key: channel,
    label: t(CHANNEL_LABELS[channel]),
    colour: SERIES_COLOURS[[1, 0, 3][i]!],
  }));

const sum = (months: MessageMonth[], of: (m: MessageMonth) => number) => months.reduce((n, m) => n + of(m), 0);

/** Messages sent per month and channel, and the SMS and WhatsApp segments billed, last 12 months. */
export function Messaging({ months }: { months: MessageMonth[] }) {
  const t = useT();
  const locale = useLocale();
  const count = (n: number) => n.toLocaleString(INTL_LOCALE[locale]);
  const channelSeries = messageSeries(t);
  /** Email is not billed in segments: the segments figure has the two text channels. */
  const segmentSeries = channelSeries.filter((s) => s.key !== "email");
  const month = (m: MessageMonth) => bucketLabel(m.start, "month", locale);
  const total = (c: MessageChannel) => sum(months, (m) => m.messages[c]);
  const segments = (c: MessageChannel) => sum(months, (m) => m.segments[c]);
  const all = CHANNELS.reduce((n, c) => n + total(c), 0);
  return (
    <TitledSection id="messaging" title={t("Messages")}>
      <StatGrid label={t("Messages in the last 12 months")} columns={4}>
        <StatCard label={t("Emails")} value={count(total("email"))} hint={t("insight.last.12m")} />
        <StatCard
          label={t("SMS")}
          value={count(total("sms"))}
          hint={t("insight.segments", { count: count(segments("sms")) })}
        />
        <StatCard
          label={t("WhatsApp")}
          value={count(total("whatsapp"))}
          hint={t("insight.segments", { count: count(segments("whatsapp")) })}
        />
        <StatCard label={t("All messages")} value={count(all)} hint={t("Every channel")} />
      </StatGrid>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <Figure
          id="messages-chart"
          title={t("Messages per month, by channel")}
          summary={
            all === 0
              ? t("No messages in the last 12 months.")
              : t("insight.messages-summary", {
                  count: count(all),
                  parts: CHANNELS.map((c) => `${count(total(c))} ${t(CHANNEL_LABELS[c])}`).join(", "),
                })
          }
          rows={months}
          rowLabel={{ header: t("Month"), value: month }}
          series={channelSeries.map((s) => ({ ...s, value: (m: MessageMonth) => m.messages[s.key] }))}
          chart={(data) => <Bars data={data} series={channelSeries} stacked />}
        />
        <Figure
          id="segments-chart"
          title={t("Segments billed per month")}
          summary={t("insight.segments-summary", {
            sms: count(segments("sms")),
            whatsapp: count(segments("whatsapp")),
          })}
          rows={months}
          rowLabel={{ header: t("Month"), value: month }}
          series={segmentSeries.map((s) => ({ ...s, value: (m: MessageMonth) => m.segments[s.key] }))}
          chart={(data) => <Bars data={data} series={segmentSeries} stacked />}
        />
      </div>
      <p className="mt-3 text-sm">
        <Link to="/dashboard/system-admin/messages" className="font-semibold text-brand-700 underline">
          {t("Every message and its delivery")}
        </Link>
      </p>
    </TitledSection>
  );
}
