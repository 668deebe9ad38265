import { data } from "react-router";
import * as z from "zod/mini";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { actorTranslator, allowedActor } from "~/auth/context.server";
import { FormNotice } from "~/components/forms/form-parts";
import type { ToastMessage } from "~/components/ui/toaster";
import { dbOf } from "~/db/context.server";
import { ReportedComments } from "~/features/reviews/components/reported-comments";
import { listReportedComments, moderateReviewComment } from "~/features/reviews/moderation.server";
import { useT } from "~/i18n/react";
import { formAction, readForm } from "~/lib/form-action.server";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/reviews-admin";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Reported Reviews",
    description: "Review comments facilities reported, to restore or remove.",
    noindex: true,
  });

/** The reported review comments (approved system administrators; the gate screens others). */
export async function loader({ context }: Route.LoaderArgs) {
  const actor = await allowedActor(context);
  return { actor, comments: await listReportedComments(dbOf(context), actor) };
}

const decisionSchema = z.object({ reviewId: z.optional(z.string()) });
const failed = (description: string): ToastMessage => ({ title: "Error", description, variant: "destructive" });

/** Restore or Remove one reported comment (the domain function checks who may, and which may). */
export async function action({ request, context }: Route.ActionArgs) {
  // The gate before the form: whatever is posted, a refused visitor gets 401 or 403.
  const actor = await allowedActor(context);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent !== "restore" && intent !== "remove") {
    return data({ ok: false, toast: failed("Unknown action") }, { status: 400 });
  }
  const t = await actorTranslator(context);
  return formAction(form, {
    schema: decisionSchema,
    run: ({ reviewId }) => moderateReviewComment(dbOf(context), actor, reviewId ?? "", intent),
    done: ({ facilityName }) => ({
      toast:
        intent === "restore"
          ? {
              title: "Comment restored",
              description: t("reviews.comment-restored", { facility: facilityName }),
              variant: "success",
            }
          : {
              title: "Comment removed",
              description: t("reviews.comment-removed", { facility: facilityName }),
              variant: "success",
            },
    }),
    refused: (message) => failed(message),
  });
}

export default function ReviewsAdmin({ loaderData, actionData }: Route.ComponentProps) {
  const { actor, comments } = loaderData;
  const t = useT();
  return (
    <DashboardShell title={t("Reported Reviews")} actor={actor}>
      <FormNotice answer={actionData} />
      <p className="mb-6 max-w-2xl text-muted">
        {t(
          "Comments a facility reported are hidden from its public profile until you decide. Restore shows the comment again; Remove deletes its words for good (the rating still counts). Remove a comment that is abusive, names a patient or is about another facility.",
        )}
      </p>
      <ReportedComments comments={comments} />
    </DashboardShell>
  );
}
