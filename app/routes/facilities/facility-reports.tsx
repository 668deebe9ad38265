import { data } from "react-router";
import { getActor } from "~/auth/actor.server";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { GateScreen } from "~/auth/components/gate-screens";
import { loadGated } from "~/auth/gate-loader.server";
import { FormNotice } from "~/components/forms/form-parts";
import type { ToastMessage } from "~/components/ui/toaster";
import { db } from "~/db/database.server";
import { ReportList } from "~/features/facilities/components/report-list";
import { listReports, resolveReport } from "~/features/facilities/facility-admin.server";
import { redirectWithToast } from "~/lib/flash.server";
import { refusalOf } from "~/lib/refusal";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/facility-reports";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Reports of Wrong Information", description: "Open reports.", noindex: true });

const PATH = "/dashboard/facility-reports";

/** The open reports a reader may see: every facility's for system administrators, their own for a facility administrator. */
export async function loader({ request }: Route.LoaderArgs) {
  const database = await db();
  return loadGated(database, request, "facility-editor", (actor) => listReports(database, actor, { open: true }));
}

export async function action({ request }: Route.ActionArgs) {
  const database = await db();
  const form = await request.formData().catch(() => new FormData());
  try {
    await resolveReport(database, await getActor(database, request), String(form.get("reportId") ?? ""));
  } catch (caught) {
    const refusal = refusalOf(caught);
    if (!refusal) throw caught;
    return data<{ toast: ToastMessage }>(
      { toast: { title: "Error", description: refusal.message, variant: "destructive" } },
      { status: refusal.status },
    );
  }
  throw await redirectWithToast(PATH, {
    title: "Report Resolved",
    description: "The report has left the queue.",
    variant: "success",
  });
}

export default function FacilityReports({ loaderData, actionData }: Route.ComponentProps) {
  const { gate, data: reports } = loaderData;
  return (
    <GateScreen gate={gate}>
      {gate.kind === "allowed" && reports ? (
        <DashboardShell title="Reports of Wrong Information" actor={gate.actor}>
          <FormNotice answer={actionData} />
          <p className="mb-4 max-w-2xl text-muted">
            Visitors of a public profile can report information that is wrong. Correct the profile if needed, then mark
            the report resolved. Oldest first.
          </p>
          <ReportList reports={reports} action={PATH} showFacility />
        </DashboardShell>
      ) : null}
    </GateScreen>
  );
}
