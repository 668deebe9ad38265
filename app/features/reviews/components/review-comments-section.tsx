import { Form } from "react-router";
import { TitledSection } from "~/components/ui/titled-section";
import { useLocale, useT } from "~/i18n/react";
import { formatAccraDate } from "~/lib/ghana-format";
import type { FacilityReviewComment } from "../reviews.server";

/**
 * The comments referring doctors wrote about the administrator's facility, each with
 * Report: a reported comment leaves the public profile (the rating still counts).
 */
export function ReviewCommentsSection({ comments }: { comments: FacilityReviewComment[] }) {
  const t = useT();
  const locale = useLocale();
  if (comments.length === 0) return null;
  const reviewDate = (at: string | Date) => formatAccraDate(at, locale);
  return (
    <TitledSection id="reviews" title={t("Reviews of your facility")}>
      <p className="mb-3 text-sm text-muted">
        {t(
          "Shown on your public profile. Report a comment that is abusive, names a patient or is about another facility: it is then no longer shown.",
        )}
      </p>
      <ul className="space-y-3">
        {comments.map((c) => (
          <li key={c.id} className="card p-4">
            <p className="text-sm text-muted">
              {t("reviews.ratingOutOf5", { rating: c.rating })} · {reviewDate(c.createdAt)}
            </p>
            <p className="mt-1 text-ink">{c.comment}</p>
            {c.reported ? (
              <p className="mt-2 text-sm font-medium text-muted">{t("Reported: not shown on your profile.")}</p>
            ) : (
              <Form method="post" action="/dashboard/facility-admin/reviews/report" className="mt-2">
                <input type="hidden" name="reviewId" value={c.id} />
                <button
                  type="submit"
                  className="btn-secondary min-h-11"
                  aria-label={t("reviews.reportCommentOf", { date: reviewDate(c.createdAt) })}
                >
                  {t("Report")}
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
