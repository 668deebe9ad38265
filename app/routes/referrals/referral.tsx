import QRCode from "qrcode";
import { isRouteErrorResponse, useSearchParams } from "react-router";
import { GateScreen, refusedGateOf } from "~/auth/components/gate-screens";
import { actorOf, allowedActor } from "~/auth/context.server";
import { FormNotice } from "~/components/forms/form-parts";
import { useFetcherToasts } from "~/components/ui/fetcher-toasts";
import { dbOf } from "~/db/context.server";
import { env } from "~/env.server";
import { ReferralDeliveries } from "~/features/messaging/components/referral-deliveries";
import { AttachForm } from "~/features/referrals/components/attach-form";
import { AttachmentList } from "~/features/referrals/components/attachment-list";
import { CancelDialog } from "~/features/referrals/components/cancel-dialog";
import { CompleteDialog } from "~/features/referrals/components/complete-dialog";
import { MessageForm } from "~/features/referrals/components/message-form";
import { MessageShortcut } from "~/features/referrals/components/message-shortcut";
import { ReferralActionsPanel } from "~/features/referrals/components/referral-actions-panel";
import { ReferralDetails } from "~/features/referrals/components/referral-details";
import { ReferralOutcome } from "~/features/referrals/components/referral-outcome";
import { ReferralSlip, ReferralSlipPage } from "~/features/referrals/components/referral-slip";
import { ReferralStatusBanner, type SentState } from "~/features/referrals/components/referral-status-banner";
import { ReferralTimeline } from "~/features/referrals/components/referral-timeline";
import { RejectDialog } from "~/features/referrals/components/reject-dialog";
import { useReferralDialogs } from "~/features/referrals/components/use-referral-dialogs";
import { referralDeliveries } from "~/features/referrals/referral-deliveries.server";
import { referralLink } from "~/features/referrals/referral-mail";
import { markReferralRead } from "~/features/referrals/referral-reads.server";
import { referralForViewer } from "~/features/referrals/workspace.server";
import { workspaceAction } from "~/features/referrals/workspace-action.server";
import type { WorkspaceAnswer } from "~/features/referrals/workspace-answer";
import { FacilityReviewForm } from "~/features/reviews/components/facility-review-form";
import { reviewStateFor } from "~/features/reviews/reviews.server";
import { translator } from "~/i18n/i18n";
import { pageLocale } from "~/i18n/page-locale";
import { useT } from "~/i18n/react";
import { isNetworkFailure, keepDraftsOnNetworkFailure } from "~/lib/drafts";
import { NotFound } from "~/shell/not-found";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/referral";

export const meta: Route.MetaFunction = (args) => {
  // The title names the referral: made here in the person's language (pageMeta is told it is).
  const t = translator(pageLocale(args.location.pathname, args.matches));
  return pageMeta(args, {
    title: t("referral.title", { number: args.params.referralNumber }),
    description: t("A referral's details, timeline, messages and files."),
    noindex: true,
    translated: true,
  });
};

/**
 * A referral's own page, under the account gate (app/routes.ts): signed out, the sign-in screen
 * (401; sent to sign in, told why, when the session has just ended). Anyone signed in who may not
 * see the referral, like a number that does not exist, gets the 404 screen. The QR code of the
 * page's address is drawn here on the server, as SVG (no QR script in the browser).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const database = dbOf(context);
  const actor = await allowedActor(context);
  const referral = await referralForViewer(database, actor, params.referralNumber);
  const address = referralLink(env().APP_URL, referral.referralNumber);
  const qrSvg = await QRCode.toString(address, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  // Who was told and whether it arrived; the referring doctor's review once completed.
  const [deliveries, review] = await Promise.all([
    referralDeliveries(database, actor, referral.id),
    reviewStateFor(database, actor, referral.referralNumber),
    // Shown to this person: its messages are read by them (the rows' badges, the other side's "Read").
    markReferralRead(database, actor.id, referral.id),
  ]);
  return { userId: actor.id, page: { referral, qrSvg, address, deliveries, review } };
}

/** The gate's screen; 404 (missing, or not this viewer's): the site's not-found screen, the same for both. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  const gate = refusedGateOf(error);
  if (gate) return <GateScreen gate={gate} />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const message =
    isRouteErrorResponse(error) && error.status < 500 && typeof error.data === "string" && error.data
      ? error.data
      : "We could not load this referral. Please try again in a moment.";
  return (
    <main id="main" className="container-page py-16 text-center">
      <h1 className="text-2xl font-bold">{t("Error Loading Referral")}</h1>
      <p role="alert" className="mt-3 text-muted">
        {t(message)}
      </p>
    </main>
  );
}

/**
 * Accept, reject, complete, cancel (the status table), message, attach: each intent's schema and
 * domain call are in workspace-action.server.ts. A plain post from a page without JavaScript is
 * answered with a redirect and a flash; a fetcher (React) gets the answer as data.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const db = dbOf(context);
  return workspaceAction(request, { db, actor: await actorOf(context), referralNumber: params.referralNumber });
}

/**
 * In the browser (decision 027): a post the network loses (no connection; no answer in 30 seconds,
 * except a file, which may take longer) answers in the page instead of the error page, the
 * message's draft is kept unsent; a message sent removes its draft.
 */
const sendOrKeep = keepDraftsOnNetworkFailure({
  timeoutMs: (posted) => (posted?.get("intent") === "attach" ? undefined : 30_000),
});
export async function clientAction(args: Route.ClientActionArgs) {
  return sendOrKeep(args);
}

/** Who was sent a message about it, from its deliveries (the page says what is true). */
function sentState(deliveries: ReadonlyArray<{ event: string }>): SentState {
  return {
    facilityTold: deliveries.some((d) => d.event === "referral.created"),
    adminsAlerted: deliveries.some((d) => d.event === "referral.unreachable"),
  };
}

export default function ReferralPage({ loaderData, actionData }: Route.ComponentProps) {
  const { userId, page } = loaderData;
  const answer = isNetworkFailure(actionData) ? undefined : (actionData as WorkspaceAnswer | undefined);
  return <Workspace userId={userId} answer={answer} {...page} />;
}

function Workspace({
  referral,
  qrSvg,
  address,
  deliveries,
  review,
  userId,
  answer,
}: NonNullable<Route.ComponentProps["loaderData"]["page"]> & { userId: string; answer: WorkspaceAnswer | undefined }) {
  const [params] = useSearchParams();
  const dialogs = useReferralDialogs(referral);
  const { reject, complete, cancel } = dialogs;
  const { watch, watchers } = useFetcherToasts();

  if (params.get("print") === "1") return <ReferralSlipPage referral={referral} qrSvg={qrSvg} address={address} />;

  return (
    <main id="main" className={`container-page py-10 ${referral.actions.mayMessage ? "pb-28 sm:pb-10" : ""}`}>
      <ReferralSlip referral={referral} qrSvg={qrSvg} address={address} />
      {/* What matters now first: the status with its reason or outcome, the actions, then the rest. */}
      <div className="print:hidden">
        <ReferralStatusBanner referral={referral} sent={sentState(deliveries)} />
        <div className="mt-4 empty:hidden">
          <ReferralOutcome referral={referral} />
        </div>
        <FormNotice answer={answer} />
        <ReferralActionsPanel referral={referral} dialogs={dialogs} onSubmitted={watch} />
        {review ? (
          <div className="mt-6">
            <FacilityReviewForm state={review} />
          </div>
        ) : null}
        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          <ReferralDetails referral={referral} />
          <AttachmentList referral={referral} />
        </div>
        <ReferralTimeline entries={referral.timeline} referralNumber={referral.referralNumber}>
          <ReferralDeliveries deliveries={deliveries} />
        </ReferralTimeline>
        {referral.actions.mayMessage ? <MessageForm referralId={referral.id} userId={userId} answer={answer} /> : null}
        {referral.actions.mayAttach ? <AttachForm referralId={referral.id} answer={answer} /> : null}
        {referral.actions.mayMessage ? <MessageShortcut /> : null}
      </div>
      <RejectDialog referral={reject.subject} answer={answer} {...reject.props} />
      <CompleteDialog referral={complete.subject} answer={answer} {...complete.props} />
      <CancelDialog referral={cancel.subject} answer={answer} {...cancel.props} />
      {watchers}
    </main>
  );
}
