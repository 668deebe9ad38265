import type { ReactNode } from "react";
import { ROLE_LABELS, type Role } from "~/auth/roles";
import type { Translate } from "~/i18n/i18n";
import { useLocale, useT } from "~/i18n/react";
import { formatAccraDateTime } from "~/lib/ghana-format";
import { attachmentHref } from "../attachment-href";
import type { TimelineEntry } from "../workspace.server";

const TIMELINE_LABELS: Record<TimelineEntry["kind"], string> = {
  created: "Referral created",
  accepted: "Referral accepted",
  rejected: "Referral rejected",
  completed: "Referral completed",
  cancelled: "Referral cancelled",
  escalated: "Escalated: not accepted in time",
  message: "Message",
  attachment: "File attached",
  payment: "Payout recorded",
};

function who(entry: TimelineEntry, t: Translate): string {
  if (entry.kind === "escalated") return t("Automatic");
  if (!entry.who) return t("A former user");
  return `${entry.who.name} (${t(ROLE_LABELS[entry.who.role as Role])})`;
}

/**
 * The referral's history, oldest first: each change of status, message, file and payout, by whom
 * and when; `children` (who was notified, and how) follow it in the same card.
 */
export function ReferralTimeline({
  entries,
  referralNumber,
  children,
}: {
  entries: TimelineEntry[];
  referralNumber: string;
  children?: ReactNode;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <section aria-labelledby="timeline-heading" className="card mt-6 p-5">
      <h2 id="timeline-heading" className="text-lg font-bold">
        {t("Timeline")}
      </h2>
      <p className="text-sm text-muted">{t("Oldest first. Times in Ghana (Africa/Accra).")}</p>
      <ol aria-label={t("Timeline, oldest first")} className="mt-3 space-y-3">
        {entries.map((e) => (
          <li key={e.id} className="border-l-4 border-brand-200 pl-3">
            <p className="text-sm">
              <span className="font-semibold">{t(TIMELINE_LABELS[e.kind])}</span> · {who(e, t)} ·{" "}
              <time dateTime={e.at}>{formatAccraDateTime(e.at, locale)}</time>
              {e.read === true ? (
                <span className="ml-2 text-xs font-semibold text-muted">· {t("referral.timeline.read")}</span>
              ) : null}
              {e.read === false ? (
                <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                  {t("referral.timeline.unread")}
                </span>
              ) : null}
            </p>
            {e.attachment ? (
              <a
                href={attachmentHref(referralNumber, e.attachment.id)}
                className="break-all text-brand-700 underline underline-offset-2"
              >
                {e.attachment.fileName}
              </a>
            ) : e.text ? (
              <p className="mt-1 whitespace-pre-line break-words">
                {/* An escalation's reason is the system's own words ("Not accepted within 4 hours"). */}
                {e.kind === "payment" ? e.text.replaceAll("_", " ") : e.kind === "escalated" ? t(e.text) : e.text}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
      {children}
    </section>
  );
}
