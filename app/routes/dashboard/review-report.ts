import * as z from "zod/mini";
import { allowedActor } from "~/auth/context.server";
import { dbOf } from "~/db/context.server";
import { reportReviewComment } from "~/features/reviews/public.server";
import { redirectWithToast } from "~/lib/flash.server";
import { formAction, readForm } from "~/lib/form-action.server";
import type { Route } from "./+types/review-report";

const reportSchema = z.object({ reviewId: z.string({ error: "Review not found" }) });

/**
 * The facility's administrator reports a review's comment: the public profile leaves it
 * out from then on. Behind the facility administrators' gate; back to the dashboard's reviews.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = await allowedActor(context);
  const form = await readForm(request);
  return formAction(form, {
    schema: reportSchema,
    run: ({ reviewId }) => reportReviewComment(dbOf(context), actor, reviewId),
    done: () =>
      redirectWithToast("/dashboard/facility-admin#reviews-heading", {
        title: "Comment reported",
        description: "It is no longer shown on your facility's profile.",
        variant: "success",
      }),
    refused: (message) => ({ title: "Not reported", description: message, variant: "destructive" }),
  });
}
