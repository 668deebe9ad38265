import { Form } from "react-router";
import { TitledSection } from "~/components/ui/titled-section";
import type { FacilityReviewComment } from "../reviews.server";

const reviewDate = new Intl.DateTimeFormat("en-GH", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Africa/Accra",
});

/**
 * The comments referring doctors wrote about the administrator's facility (issue 33), each with
 * Report: a reported comment leaves the public profile (the rating still counts).
 */
export function ReviewCommentsSection({ comments }: { comments: FacilityReviewComment[] }) {
  if (comments.length === 0) return null;
  return (
    <TitledSection id="reviews" title="Reviews of your facility">
      <p className="mb-3 text-sm text-muted">
        Shown on your public profile. Report a comment that is abusive, names a patient or is about another facility: it
        is then no longer shown.
      </p>
      <ul className="space-y-3">
        {comments.map((c) => (
          <li key={c.id} className="card p-4">
            <p className="text-sm text-muted">
              {c.rating} out of 5 · {reviewDate.format(new Date(c.createdAt))}
            </p>
            <p className="mt-1 text-ink">{c.comment}</p>
            {c.reported ? (
              <p className="mt-2 text-sm font-medium text-muted">Reported: not shown on your profile.</p>
            ) : (
              <Form method="post" action="/dashboard/facility-admin/reviews/report" className="mt-2">
                <input type="hidden" name="reviewId" value={c.id} />
                <button
                  type="submit"
                  className="btn-secondary min-h-11"
                  aria-label={`Report the comment of ${reviewDate.format(new Date(c.createdAt))}`}
                >
                  Report
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
