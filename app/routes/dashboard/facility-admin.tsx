import { data, Link, type ShouldRevalidateFunctionArgs, useLocation, useSearchParams } from "react-router";
import * as z from "zod/mini";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { actorLocale, actorOf, allowedActor } from "~/auth/context.server";
import { FormNotice } from "~/components/forms/form-parts";
import { useAddressDialog } from "~/components/ui/dialog-state";
import { useFetcherToasts } from "~/components/ui/fetcher-toasts";
import { dbOf } from "~/db/context.server";
import { waitingRequestCount } from "~/features/appointments/appointment-queue.server";
import { QueueTabs } from "~/features/appointments/components/queue-tabs";
import { AcceptedReferralsSection } from "~/features/facilities/components/accepted-referrals-section";
import { FacilityReferralCounts } from "~/features/facilities/components/facility-referral-counts";
import { PendingReferralsSection } from "~/features/facilities/components/pending-referrals-section";
import { type DialogSubject, useTransitionsInFlight } from "~/features/facilities/transitions-in-flight";
import { FacilityInsightSection } from "~/features/insight/components/own-insight";
import { facilityInsight } from "~/features/insight/insight.server";
import { CompleteDialog } from "~/features/referrals/components/complete-dialog";
import { RejectDialog, type TransitionAnswer } from "~/features/referrals/components/reject-dialog";
import { rejectionSchema } from "~/features/referrals/referral-schema";
import { isTransition } from "~/features/referrals/referral-status";
import { transitionReferral } from "~/features/referrals/referral-transitions.server";
import { facilityDashboard } from "~/features/referrals/referrals.server";
import { outcomeSchema } from "~/features/referrals/workspace-schemas";
import { ReviewCommentsSection } from "~/features/reviews/components/review-comments-section";
import { facilityReviewComments } from "~/features/reviews/public.server";
import { translator } from "~/i18n/i18n";
import { INTL_LOCALE } from "~/i18n/locales";
import { useT } from "~/i18n/react";
import { formAction, readForm } from "~/lib/form-action.server";
import { readFields } from "~/lib/form-fields";
import { pageFrom } from "~/lib/paging";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/facility-admin";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Facility Administrator Dashboard",
    description: "Referrals sent to your facility.",
    noindex: true,
  });

/** Gated (spec section 6); only the administrator's own facility's referrals. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await allowedActor(context);
  const db = dbOf(context);
  const locale = await actorLocale(context);
  const params = new URL(request.url).searchParams;
  const pages = { pending: pageFrom(params.get("pending")), accepted: pageFrom(params.get("accepted")) };
  const dashboard = {
    ...(await facilityDashboard(db, actor, pages)),
    insight: await facilityInsight(db, actor),
    reviews: await facilityReviewComments(db, actor),
    appointmentsWaiting: await waitingRequestCount(db, actor),
    // Named by the server (the browser's clock and locale could say another month).
    month: new Date().toLocaleDateString(INTL_LOCALE[locale], {
      timeZone: "Africa/Accra",
      month: "long",
      year: "numeric",
    }),
  };
  return { actor, dashboard };
}

/**
 * After a refusal the figures are read again when it was a conflict (another administrator acted
 * first: the row is no longer what the page shows); other refusals change nothing.
 */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 ? true : defaultShouldRevalidate;
}

const failed = (message: string) => ({
  title: "Error Updating Referral",
  description: message,
  variant: "destructive" as const,
});

/** Each transition's form: Accept names no values; Reject and Complete their dialog's text. */
const SCHEMAS = { accept: z.object({}), reject: rejectionSchema, complete: outcomeSchema, cancel: z.object({}) };
/** The text field a refused value is shown under (its dialog stays open). */
const TEXT_FIELD = { accept: null, reject: "reason", complete: "outcome", cancel: null } as const;

/**
 * Accept, reject (with a reason) or complete (with an outcome): the dialog's schema, then the
 * domain function, which checks who may, and when (a referral someone else has already moved on is
 * a 409). Not the page's gate: a doctor's post about a referral that is not there is a 404, as on
 * the referral's own page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const { intent, referralId, reason, outcome } = readFields(form, ["intent", "referralId", "reason", "outcome"]);
  if (!isTransition(intent)) {
    return data<TransitionAnswer>(
      { ok: false, intent: null, referralId, toast: failed("Unknown action") },
      { status: 400 },
    );
  }
  const db = dbOf(context);
  const actor = await actorOf(context);
  const t = translator(await actorLocale(context));
  const answer = await formAction(form, {
    schema: SCHEMAS[intent],
    run: () => transitionReferral(db, actor, referralId, intent, { reason, outcome }),
    done: ({ status }) => ({
      toast: {
        title: t("facilityAdmin.transitionTitle", { status }),
        description: t("facilityAdmin.transitionDone", { status }),
        variant: "success",
      },
    }),
    refused: failed,
    extra: { intent, referralId },
  });
  if (answer instanceof Response) return answer;
  // A refused reason or outcome (blank, too long) is shown under its field, in the dialog that stays open.
  const body = answer.data as TransitionAnswer;
  const field = TEXT_FIELD[intent];
  if (!body.ok && field && answer.init?.status === 400) {
    body.reasonRefused = true;
    const error = body.result?.error;
    if (error?.[""] && !error[field]) body.result = { ...body.result, error: { [field]: error[""] } };
  }
  return data<TransitionAnswer>(body, answer.init ?? undefined);
}

export default function FacilityAdminPage({ loaderData, actionData }: Route.ComponentProps) {
  const { actor, dashboard } = loaderData;
  const [params] = useSearchParams();
  const { search } = useLocation();
  const inFlight = useTransitionsInFlight();
  const { watch, watchers } = useFetcherToasts();
  const t = useT();

  // The Reject dialog: opened by the address (?reject=<id>, a plain link without JavaScript) or,
  // with React, by its link without leaving the page.
  const fromAddress = dashboard.pending.rows.find((r) => r.id === params.get("reject")) ?? null;
  const reject = useAddressDialog<DialogSubject>("reject", fromAddress);
  // The Complete dialog (the outcome note), the same way: ?complete=<id>.
  const toComplete = dashboard.accepted.rows.find((r) => r.id === params.get("complete")) ?? null;
  const complete = useAddressDialog<DialogSubject>("complete", toComplete);

  const pendingIds = new Set(dashboard.pending.rows.map((r) => r.id));
  const acceptedIds = new Set(dashboard.accepted.rows.map((r) => r.id));

  return (
    <DashboardShell title={t("Facility Administrator Dashboard")} actor={actor}>
      <QueueTabs current="referrals" waiting={dashboard.appointmentsWaiting} />
      <p className="mb-6 text-muted">
        {t("Referrals to")} <span className="font-semibold text-ink">{dashboard.facility.name}</span>
      </p>
      <FormNotice answer={actionData} />
      {/* The queue first, emergencies at its top: on a phone it is what the page opens on. */}
      <PendingReferralsSection
        pending={dashboard.pending}
        search={search}
        inFlight={inFlight}
        onAccepted={watch}
        onReject={reject.show}
      />
      <FacilityReferralCounts
        counts={dashboard.counts}
        month={dashboard.month}
        pendingIds={pendingIds}
        acceptedIds={acceptedIds}
        inFlight={inFlight}
      />
      <AcceptedReferralsSection
        accepted={dashboard.accepted}
        search={search}
        inFlight={inFlight}
        onComplete={complete.show}
      />
      <FacilityInsightSection insight={dashboard.insight} />
      <ReviewCommentsSection comments={dashboard.reviews} />
      <p className="mt-6 flex flex-wrap gap-3">
        <Link to="/referrals/history" className="btn-secondary">
          {t("History")}
        </Link>
        {/* A file, not a page: the browser downloads it. */}
        <Link to="/exports/referrals.csv" reloadDocument download className="btn-ghost">
          {t("Download your facility's referrals (CSV)")}
        </Link>
      </p>
      <RejectDialog referral={reject.subject} answer={actionData} {...reject.props} />
      <CompleteDialog referral={complete.subject} answer={actionData} {...complete.props} />
      {watchers}
    </DashboardShell>
  );
}
