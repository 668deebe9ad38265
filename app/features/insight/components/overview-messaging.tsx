import { Link } from "react-router";
import { StatCard, StatGrid } from "~/components/ui/stat-card";
import { TitledSection } from "~/components/ui/titled-section";
import type { MessageChannel } from "~/db/schema";
import { CHANNEL_LABELS } from "~/features/messaging/public";
import type { MessageMonth } from "~/features/messaging/public.server";
import { bucketLabel } from "../calendar";
import { Bars, Figure, SERIES_COLOURS } from "./charts";

const CHANNELS: MessageChannel[] = ["email", "sms", "whatsapp"];
const MESSAGE_SERIES = CHANNELS.map((channel, i) => ({
  key: channel,
  label: CHANNEL_LABELS[channel],
  colour: SERIES_COLOURS[[1, 0, 3][i]!],
}));
/** Email is not billed in segments: the segments figure has the two text channels. */
const SEGMENT_SERIES = MESSAGE_SERIES.filter((s) => s.key !== "email");

const sum = (months: MessageMonth[], of: (m: MessageMonth) => number) => months.reduce((n, m) => n + of(m), 0);
const count = (n: number) => n.toLocaleString("en-GH");

/** Messages sent per month and channel, and the SMS and WhatsApp segments billed, last 12 months (issue 26). */
export function Messaging({ months }: { months: MessageMonth[] }) {
  const total = (c: MessageChannel) => sum(months, (m) => m.messages[c]);
  const segments = (c: MessageChannel) => sum(months, (m) => m.segments[c]);
  const all = CHANNELS.reduce((n, c) => n + total(c), 0);
  return (
    <TitledSection id="messaging" title="Messages">
      <StatGrid label="Messages in the last 12 months" columns={4}>
        <StatCard label="Emails" value={count(total("email"))} hint="Last 12 months" />
        <StatCard label="SMS" value={count(total("sms"))} hint={`${count(segments("sms"))} segments`} />
        <StatCard label="WhatsApp" value={count(total("whatsapp"))} hint={`${count(segments("whatsapp"))} segments`} />
        <StatCard label="All messages" value={count(all)} hint="Every channel" />
      </StatGrid>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <Figure
          id="messages-chart"
          title="Messages per month, by channel"
          summary={
            all === 0
              ? "No messages in the last 12 months."
              : `${count(all)} messages in the last 12 months: ${CHANNELS.map((c) => `${count(total(c))} ${CHANNEL_LABELS[c]}`).join(", ")}.`
          }
          rows={months}
          rowLabel={{ header: "Month", value: (m) => bucketLabel(m.start, "month") }}
          series={MESSAGE_SERIES.map((s) => ({ ...s, value: (m: MessageMonth) => m.messages[s.key] }))}
          chart={(data) => <Bars data={data} series={MESSAGE_SERIES} stacked />}
        />
        <Figure
          id="segments-chart"
          title="Segments billed per month"
          summary={`${count(segments("sms"))} SMS segments and ${count(segments("whatsapp"))} WhatsApp segments in the last 12 months.`}
          rows={months}
          rowLabel={{ header: "Month", value: (m) => bucketLabel(m.start, "month") }}
          series={SEGMENT_SERIES.map((s) => ({ ...s, value: (m: MessageMonth) => m.segments[s.key] }))}
          chart={(data) => <Bars data={data} series={SEGMENT_SERIES} stacked />}
        />
      </div>
      <p className="mt-3 text-sm">
        <Link to="/dashboard/system-admin/messages" className="font-semibold text-brand-700 underline">
          Every message and its delivery
        </Link>
      </p>
    </TitledSection>
  );
}
