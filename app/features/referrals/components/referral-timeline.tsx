import type { ReactNode } from "react";
import { ROLE_LABELS, type Role } from "~/auth/roles";
import { attachmentHref } from "../attachment-href";
import { formatAccraDateTime } from "../referral-status";
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

function who(entry: TimelineEntry): string {
  if (entry.kind === "escalated") return "Automatic";
  if (!entry.who) return "A former user";
  return `${entry.who.name} (${ROLE_LABELS[entry.who.role as Role]})`;
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
  return (
    <section aria-labelledby="timeline-heading" className="card mt-6 p-5">
      <h2 id="timeline-heading" className="text-lg font-bold">
        Timeline
      </h2>
      <p className="text-sm text-muted">Oldest first. Times in Ghana (Africa/Accra).</p>
      <ol aria-label="Timeline, oldest first" className="mt-3 space-y-3">
        {entries.map((e) => (
          <li key={e.id} className="border-l-4 border-brand-200 pl-3">
            <p className="text-sm">
              <span className="font-semibold">{TIMELINE_LABELS[e.kind]}</span> · {who(e)} ·{" "}
              <time dateTime={e.at}>{formatAccraDateTime(e.at)}</time>
              {e.read === true ? <span className="ml-2 text-xs font-semibold text-muted">· Read</span> : null}
              {e.read === false ? (
                <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                  Unread
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
                {e.kind === "payment" ? e.text.replaceAll("_", " ") : e.text}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
      {children}
    </section>
  );
}
