import { getFormProps } from "@conform-to/react";
import { useFetcher } from "react-router";
import { FormNotice, SubmitButton } from "~/components/forms/form-parts";
import { useSchemaForm } from "~/components/forms/schema-form";
import { TextAreaField } from "~/components/ui/field";
import { useLocale, useT } from "~/i18n/react";
import type { ActionAnswer } from "~/lib/form-action.server";
import { formatAccraDate } from "~/lib/ghana-format";
import { COMMENT_MAX, REVIEW_EDIT_DAYS, reviewSchema } from "../review-schema";
import type { ReviewState } from "../reviews.server";

/** Where a referral's review is posted (app/routes/referrals/review.tsx). */
export function reviewAction(referralNumber: string): string {
  return `/referrals/${encodeURIComponent(referralNumber)}/review`;
}

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * The referring doctor's review of the facility, on a completed referral's page: 1 to 5
 * stars and an optional comment, one review per referral, changeable for 30 days. Posts with its
 * own fetcher to the review route, which answers a saved review with a redirect back to the
 * referral's page (and its toast), so the page shows the saved review; a refusal comes back here.
 * Without JavaScript it is a plain form posting to the same route. `state` is `reviewStateFor`'s
 * answer: render nothing when it is null (not the referring doctor, or not completed).
 */
export function FacilityReviewForm({
  state,
  answer,
}: {
  state: ReviewState;
  /** The review page's own action answer (a post without JavaScript that was refused). */
  answer?: ActionAnswer | null;
}) {
  const t = useT();
  const locale = useLocale();
  const fetcher = useFetcher<ActionAnswer>({ key: `review:${state.referralNumber}` });
  const last = fetcher.data ?? answer ?? null;
  const [form, fields] = useSchemaForm(reviewSchema, {
    id: `review-${state.referralNumber}`,
    lastResult: last?.result,
    defaultValue: {
      rating: state.review ? String(state.review.rating) : "",
      comment: state.review?.comment ?? "",
    },
    invalidToast: (message) => ({ title: "Review not saved", description: message, variant: "destructive" }),
  });
  const busy = fetcher.state !== "idle";
  const review = state.review;
  const ratingError = fields.rating.errors?.[0];

  return (
    <section aria-labelledby="review-title" className="card sm:p-6">
      <h2 id="review-title" className="text-lg font-bold">
        {t("review.rate", { facility: state.facilityName })}
      </h2>
      {review ? (
        <p className="mt-1 text-sm text-muted">
          {t("review.rated", { rating: review.rating, date: formatAccraDate(review.createdAt, locale) })}
          {state.editable && state.editableUntil
            ? ` ${t("review.editableUntil", { date: formatAccraDate(state.editableUntil, locale) })}`
            : ""}
        </p>
      ) : (
        <p className="mt-1 text-sm text-muted">{t("review.intro", { days: REVIEW_EDIT_DAYS })}</p>
      )}
      {!state.editable && review ? (
        review.comment ? (
          <blockquote className="mt-3 border-l-4 border-slate-200 pl-3 whitespace-pre-line">
            {review.comment}
          </blockquote>
        ) : null
      ) : (
        <>
          <FormNotice answer={last} />
          <fetcher.Form
            method="post"
            action={reviewAction(state.referralNumber)}
            {...getFormProps(form)}
            className="mt-4 space-y-4"
          >
            <fieldset aria-describedby={ratingError ? fields.rating.errorId : undefined}>
              <legend className="field-label">
                {t("Rating")}
                <span aria-hidden="true" className="text-red-700">
                  {" "}
                  *
                </span>
              </legend>
              <div className="mt-1 flex flex-wrap gap-2">
                {STARS.map((stars) => (
                  <label
                    key={stars}
                    className="inline-flex min-h-11 min-w-11 cursor-pointer items-center gap-1.5 rounded-lg border border-slate-300 px-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
                  >
                    <input
                      type="radio"
                      name={fields.rating.name}
                      value={String(stars)}
                      defaultChecked={fields.rating.initialValue === String(stars)}
                      required
                      aria-invalid={ratingError ? true : undefined}
                      className="size-4"
                    />
                    <span aria-hidden="true" className="text-amber-500">
                      {"★".repeat(stars)}
                    </span>
                    <span className="sr-only">{t("review.stars", { count: stars })}</span>
                  </label>
                ))}
              </div>
              {ratingError ? (
                <p id={fields.rating.errorId} className="field-error">
                  {t(ratingError)}
                </p>
              ) : null}
            </fieldset>
            <TextAreaField
              field={fields.comment}
              label={t("Comment (optional)")}
              required={false}
              maxLength={COMMENT_MAX}
              rows={3}
              hint={t("review.commentHint", { max: COMMENT_MAX })}
            />
            <SubmitButton busy={busy} busyLabel={t("Saving...")}>
              {review ? t("Update review") : t("Submit review")}
            </SubmitButton>
          </fetcher.Form>
        </>
      )}
    </section>
  );
}
