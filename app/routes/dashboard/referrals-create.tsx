import { data, Link } from "react-router";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { allowedActor } from "~/auth/context.server";
import { dbOf } from "~/db/context.server";
import { listActiveFacilityOptions } from "~/features/facilities/facilities.server";
import { CREATE_FILES_FIELD } from "~/features/referrals/attachment-rules";
import { ReferralForm } from "~/features/referrals/components/referral-form";
import { referAgainDraft } from "~/features/referrals/refer-again.server";
import { createReferralAction } from "~/features/referrals/referral-create-files.server";
import { useT } from "~/i18n/react";
import { keepDraftsOnNetworkFailure } from "~/lib/drafts";
import { refusalOf } from "~/lib/refusal";
import { setUploadState } from "~/lib/upload-state";
import { pageMeta } from "~/shell/seo";
import { fileStore } from "~/storage/file-store.server";
import type { Route } from "./+types/referrals-create";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Create Referral",
    description: "Refer a patient to a facility in the network.",
    noindex: true,
  });

/** Gated (spec section 6): only approved doctors; the facility select lists active facilities by name, with their town. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await allowedActor(context);
  const database = dbOf(context);
  const from = new URL(request.url).searchParams.get("from");
  // "Refer to another facility": only the referring doctor's own rejected or cancelled
  // referral fills the form; for anyone else, or any other referral, the same 404 and nothing filled.
  const again = from ? await referAgainDraft(database, actor, from).catch(refusedAgain) : null;
  const facilities = await listActiveFacilityOptions(database);
  if (again && "refused" in again) {
    return data({ actor, facilities, again: null, refused: again.refused }, { status: 404 });
  }
  return { actor, facilities, again, refused: null };
}

function refusedAgain(error: unknown): { refused: string } {
  const refusal = refusalOf(error);
  if (!refusal) throw error;
  return { refused: refusal.message };
}

/** Create Referral (spec section 6): the one form path, in createReferralAction. */
export async function action({ request, context }: Route.ActionArgs) {
  return createReferralAction(request, { db: dbOf(context), allowed: () => allowedActor(context), store: fileStore() });
}

/** A post with files is given up only when nothing has moved (bytes sent or answered) for this long. */
const UPLOAD_IDLE_MS = 30_000;

/**
 * In the browser: a post the network loses (no connection, or no answer in 30 seconds) leaves the
 * form filled and its draft marked unsent; a created referral removes the draft (decision 027).
 * With files (decision 037): photos are shrunk first, the upload shows its progress and runs as long
 * as it moves, and a lost answer is looked up by the form's key (/referrals/create/sent) before
 * "No connection" is said, and before a resend uploads again.
 */
const sendOrKeep = keepDraftsOnNetworkFailure({
  timeoutMs: 30_000,
  upload: {
    lookup: "/referrals/create/sent",
    async send(request, posted) {
      setUploadState({ phase: "preparing" });
      const [{ shrinkPhotos }, { postWithProgress }] = await Promise.all([
        import("~/lib/shrink-photo"),
        import("~/lib/upload"),
      ]);
      return postWithProgress(request, await shrinkPhotos(posted, CREATE_FILES_FIELD), UPLOAD_IDLE_MS);
    },
  },
});
export async function clientAction(args: Route.ClientActionArgs) {
  return sendOrKeep(args);
}

export default function ReferralsCreatePage({ loaderData, actionData }: Route.ComponentProps) {
  const { actor, facilities, again, refused } = loaderData;
  const t = useT();
  return (
    <DashboardShell title={t("Create Referral")} actor={actor}>
      <p className="mb-6 max-w-2xl text-muted">
        {t("Refer a patient to a facility in the network. Fields marked * are required.")}{" "}
        <Link to="/dashboard/doctor" className="text-brand-700 underline">
          {t("Back to your dashboard")}
        </Link>
      </p>
      {refused ? (
        <p role="alert" className="mb-6 max-w-2xl rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
          {t(refused)}
        </p>
      ) : null}
      <ReferralForm facilities={facilities} answer={actionData} user={actor.id} again={again} />
    </DashboardShell>
  );
}
