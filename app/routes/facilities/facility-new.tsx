import { data } from "react-router";
import { getActor } from "~/auth/actor.server";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { GateScreen } from "~/auth/components/gate-screens";
import { loadGated } from "~/auth/gate-loader.server";
import { fieldErrorsOf, parseSubmission } from "~/components/forms/schema-form";
import { db } from "~/db/database.server";
import { FacilityForm, type FacilityFormAnswer } from "~/features/facilities/components/facility-form";
import { addFacility } from "~/features/facilities/facility-admin.server";
import { facilitySchema, readFacilityForm } from "~/features/facilities/facility-schema";
import { redirectWithToast } from "~/lib/flash.server";
import { refusalOf } from "~/lib/refusal";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/facility-new";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Add Facility", description: "Add a facility to the network.", noindex: true });

const PATH = "/dashboard/system-admin/facilities/new";

export async function loader({ request }: Route.LoaderArgs) {
  const database = await db();
  return loadGated(database, request, "system-admin", async () => true);
}

/** Adds the facility (system administrators; the domain function checks), then its editor. */
export async function action({ request }: Route.ActionArgs) {
  const database = await db();
  const form = await request.formData().catch(() => new FormData());
  const fields = readFacilityForm(form);
  const submission = parseSubmission(form, facilitySchema);
  try {
    const result = await addFacility(database, await getActor(database, request), fields);
    if (result.ok) {
      throw await redirectWithToast(`/dashboard/facilities/${result.id}`, {
        title: "Facility Added",
        description: "It is in the directory and the referral form now. Add a photo below.",
        variant: "success",
      });
    }
    return data<FacilityFormAnswer>(
      {
        intent: "save",
        result: submission.reply({ fieldErrors: fieldErrorsOf(result.fieldErrors) }),
        toast: {
          title: "Could not add the facility",
          description: Object.values(result.fieldErrors)[0] ?? "Please check the form",
          variant: "destructive",
        },
      },
      { status: 400 },
    );
  } catch (caught) {
    const refusal = refusalOf(caught);
    if (!refusal) throw caught;
    return data<FacilityFormAnswer>(
      {
        intent: "save",
        result: submission.reply({ formErrors: [refusal.message] }),
        toast: { title: "Error", description: refusal.message, variant: "destructive" },
      },
      { status: refusal.status },
    );
  }
}

export default function NewFacility({ loaderData, actionData }: Route.ComponentProps) {
  const { gate } = loaderData;
  return (
    <GateScreen gate={gate}>
      {gate.kind === "allowed" ? (
        <DashboardShell title="Add Facility" actor={gate.actor}>
          <p className="mb-6 max-w-2xl text-muted">
            Everything the directory card and the public profile show. Fields marked * are required.
          </p>
          <FacilityForm
            action={PATH}
            answer={actionData}
            categories={[]}
            canVerify
            submitLabel="Add facility"
            busyLabel="Adding..."
          />
        </DashboardShell>
      ) : null}
    </GateScreen>
  );
}
