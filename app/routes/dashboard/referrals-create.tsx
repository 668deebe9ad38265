import { data, Link } from "react-router";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { allowedActor } from "~/auth/context.server";
import { fieldErrorsOf, parseSubmission } from "~/components/forms/schema-form";
import { dbOf } from "~/db/context.server";
import { listActiveFacilityOptions } from "~/features/facilities/facilities.server";
import { ReferralForm, type ReferralFormAnswer } from "~/features/referrals/components/referral-form";
import { copyReferralFiles, referAgainDraft } from "~/features/referrals/refer-again.server";
import {
  type CreateUpload,
  createReferralOnce,
  readCreatePost,
} from "~/features/referrals/referral-create-files.server";
import { createReferralSchema, creatingFailedToast } from "~/features/referrals/referral-schema";
import { keepDraftsOnNetworkFailure } from "~/lib/drafts";
import { readForm } from "~/lib/form-action.server";
import { answerOf } from "~/lib/idempotency.server";
import { isMultipart } from "~/lib/multipart.server";
import { refusalOf, refuse } from "~/lib/refusal";
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
  // "Refer to another facility" (issue 28): only the referring doctor's own rejected or cancelled
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

/**
 * Creates the referral, with the files sent with it (issue 28), then its own page ("Sent to
 * {facility}", where more files can be attached); a repeat of the same key answers with the same
 * redirect and keeps none of its files. A refused file refuses the whole post and stores nothing.
 * The domain functions check who may (only approved doctors) before a byte of a file is read, and
 * validate with the form's own schema.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const database = dbOf(context);
  const store = fileStore();
  let form = new FormData();
  try {
    const actor = await allowedActor(context);
    let uploads: CreateUpload[] = [];
    if (isMultipart(request)) {
      const post = await readCreatePost(request, database, actor, store);
      form = post.form;
      if (post.refusal) refuse(post.refusal.status, post.refusal.message);
      uploads = post.uploads;
    } else {
      form = await readForm(request);
    }
    // One referral per key (issue 29), its files with it; a repeat creates nothing and keeps no file.
    const outcome = await createReferralOnce(database, actor, form, uploads, store);
    // Referred again from a rejected or cancelled referral: its files follow, once (a repeat is replayed).
    const from = form.get("from");
    if (!outcome.replayed && outcome.value.ok && typeof from === "string" && from) {
      await copyReferralFiles(database, actor, from, outcome.value.id);
    }
    if (outcome.answer) throw await answerOf(outcome.answer);
    const result = outcome.replayed ? null : outcome.value;
    if (!result || result.ok) throw new Error("unreachable: a created referral has an answer");
    return data<ReferralFormAnswer>(
      {
        result: parseSubmission(form, createReferralSchema).reply({ fieldErrors: fieldErrorsOf(result.fieldErrors) }),
        toast: creatingFailedToast(result.message),
      },
      { status: 400 },
    );
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    const submission = parseSubmission(form, createReferralSchema);
    return data<ReferralFormAnswer>(
      { result: submission.reply({ formErrors: [refusal.message] }), toast: creatingFailedToast(refusal.message) },
      { status: refusal.status },
    );
  }
}

/**
 * In the browser: a post the network loses (no connection, or no answer in 30 seconds) leaves the
 * form filled and its draft marked unsent; a created referral removes the draft (issue 29).
 */
const sendOrKeep = keepDraftsOnNetworkFailure({ timeoutMs: 30_000 });
export async function clientAction(args: Route.ClientActionArgs) {
  return sendOrKeep(args);
}

export default function ReferralsCreatePage({ loaderData, actionData }: Route.ComponentProps) {
  const { actor, facilities, again, refused } = loaderData;
  return (
    <DashboardShell title="Create Referral" actor={actor}>
      <p className="mb-6 max-w-2xl text-muted">
        Refer a patient to a facility in the network. Fields marked * are required.{" "}
        <Link to="/dashboard/doctor" className="text-brand-700 underline">
          Back to your dashboard
        </Link>
      </p>
      {refused ? (
        <p role="alert" className="mb-6 max-w-2xl rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
          {refused}
        </p>
      ) : null}
      <ReferralForm facilities={facilities} answer={actionData} user={actor.id} again={again} />
    </DashboardShell>
  );
}
