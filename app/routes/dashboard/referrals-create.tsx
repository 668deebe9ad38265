import { data, Link } from "react-router";
import { getActor } from "~/auth/actor.server";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { GateScreen } from "~/auth/components/gate-screens";
import { loadGated } from "~/auth/gate-loader.server";
import { fieldErrorsOf, parseSubmission } from "~/components/forms/schema-form";
import { db } from "~/db/database.server";
import { listFacilityChoices } from "~/features/accounts/accounts.server";
import { readFields } from "~/features/accounts/form-errors";
import { ReferralForm, type ReferralFormAnswer } from "~/features/referrals/components/referral-form";
import {
  CREATE_REFERRAL_FIELDS,
  createReferralSchema,
  creatingFailedToast,
} from "~/features/referrals/referral-schema";
import { createReferral } from "~/features/referrals/referrals.server";
import { redirectWithToast } from "~/lib/flash.server";
import { refusalOf } from "~/lib/refusal";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/referrals-create";

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

/** Spec section 8: shown on the dashboard the doctor is sent to (a one-time flash, not the address). */
const CREATED_TOAST = {
  title: "Referral Created",
  description: "Your referral has been created successfully.",
  variant: "success",
} as const;

/**
 * Creates the referral, then the dashboard. The domain function checks who may (only approved
 * doctors) before anything else, and validates with the form's own schema.
 */
export async function action({ request }: Route.ActionArgs) {
  const database = await db();
  const form = await request.formData().catch(() => new FormData());
  const submission = parseSubmission(form, createReferralSchema);
  try {
    const result = await createReferral(
      database,
      await getActor(database, request),
      readFields(form, CREATE_REFERRAL_FIELDS),
    );
    if (result.ok) throw await redirectWithToast("/dashboard/doctor", CREATED_TOAST);
    return data<ReferralFormAnswer>(
      {
        result: submission.reply({ fieldErrors: fieldErrorsOf(result.fieldErrors) }),
        toast: creatingFailedToast(result.message),
      },
      { status: 400 },
    );
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return data<ReferralFormAnswer>(
      { result: submission.reply({ formErrors: [refusal.message] }), toast: creatingFailedToast(refusal.message) },
      { status: refusal.status },
    );
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
            <Link to="/dashboard/doctor" className="text-brand-700 underline">
              Back to your dashboard
            </Link>
          </p>
          <ReferralForm facilities={facilities} answer={actionData} />
        </DashboardShell>
      ) : null}
    </GateScreen>
  );
}
