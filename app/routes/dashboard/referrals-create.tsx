import { data, redirect } from "react-router";
import { getActor } from "~/auth/actor.server";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { GateScreen } from "~/auth/components/gate-screens";
import { loadGated } from "~/auth/gate-loader.server";
import { ResultNotice } from "~/components/ui/result-notice";
import { db } from "~/db/database.server";
import { listFacilityChoices } from "~/features/accounts/accounts.server";
import { readFields } from "~/features/accounts/form-errors";
import { ReferralForm } from "~/features/referrals/components/referral-form";
import { CREATE_REFERRAL_FIELDS, creatingFailedToast } from "~/features/referrals/referral-schema";
import { createReferral } from "~/features/referrals/referrals.server";
import { refusalOf } from "~/lib/refusal";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/referrals-create";

/** No React in the browser: the form's checks before it is sent, the answers as toasts are a page script (enhance/pages/referrals-create.ts). */
export const handle = {};

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Create Referral",
    description: "Refer a patient to a facility in the network.",
    noindex: true,
  });

/** Gated (spec section 6): only approved doctors; the facility select lists active facilities by name. */
export async function loader({ request }: Route.LoaderArgs) {
  const database = await db();
  return loadGated(database, request, "referrals-create", () => listFacilityChoices(database));
}

/** Creates the referral (the domain function refuses everyone but approved doctors), then the dashboard. */
export async function action({ request }: Route.ActionArgs) {
  const database = await db();
  const values = readFields(await request.formData().catch(() => new FormData()), CREATE_REFERRAL_FIELDS);
  try {
    const result = await createReferral(database, await getActor(database, request), values);
    if (result.ok) throw redirect(`/dashboard/doctor?created=${encodeURIComponent(result.referralNumber)}`);
    return data(
      { fieldErrors: result.fieldErrors, values, toast: creatingFailedToast(result.message) },
      { status: 400 },
    );
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return data({ fieldErrors: {}, values, toast: creatingFailedToast(refusal.message) }, { status: refusal.status });
  }
}

export default function ReferralsCreatePage({ loaderData, actionData }: Route.ComponentProps) {
  const { gate, data: facilities } = loaderData;
  return (
    <GateScreen gate={gate}>
      {gate.kind === "allowed" && facilities ? (
        <DashboardShell title="Create Referral" actor={gate.actor}>
          <p className="mb-6 max-w-2xl text-muted">
            Refer a patient to a facility in the network. Fields marked * are required.{" "}
            <a href="/dashboard/doctor" className="text-brand-700 underline">
              Back to your dashboard
            </a>
          </p>
          <ResultNotice result={actionData} />
          <ReferralForm facilities={facilities} serverErrors={actionData?.fieldErrors} values={actionData?.values} />
        </DashboardShell>
      ) : null}
    </GateScreen>
  );
}
