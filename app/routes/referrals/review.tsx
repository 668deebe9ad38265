import { isRouteErrorResponse, Link } from "react-router";
import { GateScreen, refusedGateOf } from "~/auth/components/gate-screens";
import { actorOf, allowedActor } from "~/auth/context.server";
import { dbOf } from "~/db/context.server";
import { FacilityReviewForm } from "~/features/reviews/components/facility-review-form";
import { reviewSchema } from "~/features/reviews/review-schema";
import { REVIEW_NOT_FOUND, reviewStateFor, saveReview } from "~/features/reviews/reviews.server";
import { useT } from "~/i18n/react";
import { redirectWithToast } from "~/lib/flash.server";
import { formAction, readForm } from "~/lib/form-action.server";
import { refuse } from "~/lib/refusal";
import { ErrorScreen } from "~/shell/error-screen";
import { NotFound } from "~/shell/not-found";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/review";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Rate the facility", description: "Rate the facility a referral went to.", noindex: true });

/**
 * A completed referral's review of its facility, by its referring doctor. The form lives
 * on the referral's page (FacilityReviewForm) and posts here; this page shows it alone too (a
 * refused post without JavaScript lands here with its messages). Under the account gate: 401
 * signed out (the sign-in screen); 404 for anyone else and for a referral that is not completed.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const actor = await allowedActor(context);
  const state = await reviewStateFor(dbOf(context), actor, params.referralNumber);
  if (!state) refuse(404, REVIEW_NOT_FOUND);
  return { state };
}

/** Saves the review; a saved review goes back to the referral's page with its toast. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const actor = await actorOf(context);
  const form = await readForm(request);
  return formAction(form, {
    schema: reviewSchema,
    run: (value) => saveReview(dbOf(context), actor, params.referralNumber, value),
    done: async ({ referralNumber, created }) =>
      redirectWithToast(`/referrals/${referralNumber}`, {
        title: created ? "Review saved" : "Review updated",
        description: "Thank you. Your rating counts towards the facility's rating on its profile.",
        variant: "success",
      }),
    refused: (message) => ({ title: "Review not saved", description: message, variant: "destructive" }),
  });
}

export default function ReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { state } = loaderData;
  return (
    <main id="main" className="container-page max-w-2xl py-8">
      <Link to={`/referrals/${state.referralNumber}`} className="inline-flex min-h-11 items-center text-brand-700">
        {t("review.back", { number: state.referralNumber })}
      </Link>
      <div className="mt-4">
        <FacilityReviewForm state={state} answer={actionData ?? null} />
      </div>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const gate = refusedGateOf(error);
  if (gate) return <GateScreen gate={gate} />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <ErrorScreen error={error} />;
}
