import { Form, Link, useNavigation } from "react-router";
import { SubmitButton } from "~/components/forms/form-parts";
import { useLocale, useLocalePath, useT } from "~/i18n/react";
import { formatAccraDate, formatAccraDateTime } from "~/lib/ghana-format";
import type { ModerationDecision, ReportedComment } from "../moderation.server";

const REVIEWS_ADMIN_PATH = "/dashboard/system-admin/reviews";

/**
 * The review comments facilities reported, oldest report first, as cards that fit a
 * phone: the facility, the stars, the words, who reported it and when, and Restore / Remove (plain
 * posts: they work without JavaScript).
 */
export function ReportedComments({ comments }: { comments: readonly ReportedComment[] }) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalePath();
  if (comments.length === 0) {
    return (
      <p className="card p-4 text-muted">{t("No reported comments. A comment a facility reports is listed here.")}</p>
    );
  }
  return (
    <ul className="space-y-3" aria-label={t("Reported comments")}>
      {comments.map((c) => (
        <li key={c.id} className="card p-4">
          <p className="text-sm text-muted">
            <Link to={to(`/facility/${c.facilitySlug}`)} className="font-semibold text-brand-700 underline">
              {c.facilityName}
            </Link>{" "}
            · {t("reviews.rating-written", { rating: c.rating, date: formatAccraDate(c.writtenAt, locale) })}
          </p>
          <blockquote className="mt-2 border-l-4 border-slate-300 pl-3 text-ink break-words">{c.comment}</blockquote>
          <p className="mt-2 text-sm text-muted">
            {c.reportedBy
              ? t("reviews.reported-by", { at: formatAccraDateTime(c.reportedAt, locale), name: c.reportedBy })
              : t("reviews.reported", { at: formatAccraDateTime(c.reportedAt, locale) })}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Decision comment={c} decision="restore" />
            <Decision comment={c} decision="remove" />
          </div>
        </li>
      ))}
    </ul>
  );
}

const WORDS: Record<ModerationDecision, { label: string; busy: string; className: string }> = {
  restore: { label: "Restore", busy: "Restoring...", className: "btn-secondary" },
  remove: {
    label: "Remove",
    busy: "Removing...",
    className: "btn border border-red-700 bg-white text-red-800 hover:bg-red-50",
  },
};

function Decision({ comment, decision }: { comment: ReportedComment; decision: ModerationDecision }) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === decision &&
    navigation.formData?.get("reviewId") === comment.id;
  const words = WORDS[decision];
  const t = useT();
  const locale = useLocale();
  return (
    <Form method="post" action={REVIEWS_ADMIN_PATH}>
      <input type="hidden" name="reviewId" value={comment.id} />
      <SubmitButton
        busy={busy}
        busyLabel={t(words.busy)}
        className={words.className}
        name="intent"
        value={decision}
        label={t(decision === "restore" ? "reviews.restore-comment" : "reviews.remove-comment", {
          facility: comment.facilityName,
          date: formatAccraDate(comment.writtenAt, locale),
        })}
      >
        {t(words.label)}
      </SubmitButton>
    </Form>
  );
}
