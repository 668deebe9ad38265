import * as z from "zod/mini";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { actorOf, allowedActor } from "~/auth/context.server";
import { FormNotice } from "~/components/forms/form-parts";
import { dbOf } from "~/db/context.server";
import { ReportList } from "~/features/facilities/components/report-list";
import { listReports, resolveReport } from "~/features/facilities/facility-reports.server";
import { useT } from "~/i18n/react";
import { redirectWithToast } from "~/lib/flash.server";
import { formAction, readForm } from "~/lib/form-action.server";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/facility-reports";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Reports of Wrong Information", description: "Open reports.", noindex: true });

const PATH = "/dashboard/facility-reports";

/** The open reports a reader may see: every facility's for system administrators, their own for a facility administrator. */
export async function loader({ context }: Route.LoaderArgs) {
  const actor = await allowedActor(context);
  return { actor, reports: await listReports(dbOf(context), actor, { open: true }) };
}

const resolveSchema = z.object({ reportId: z.optional(z.string()) });

/** Resolve: the domain function checks who may (a report that is not there is a 404 for anyone signed in). */
export async function action({ request, context }: Route.ActionArgs) {
  const db = dbOf(context);
  return formAction(await readForm(request), {
    schema: resolveSchema,
    run: async ({ reportId }) => resolveReport(db, await actorOf(context), reportId ?? ""),
    done: () =>
      redirectWithToast(PATH, {
        title: "Report Resolved",
        description: "The report has left the queue.",
        variant: "success",
      }),
    refused: (message) => ({ title: "Error", description: message, variant: "destructive" }),
  });
}

export default function FacilityReports({ loaderData, actionData }: Route.ComponentProps) {
  const { actor, reports } = loaderData;
  const t = useT();
  return (
    <DashboardShell title={t("Reports of Wrong Information")} actor={actor}>
      <FormNotice answer={actionData} />
      <p className="mb-4 max-w-2xl text-muted">
        {t(
          "Visitors of a public profile can report information that is wrong. Correct the profile if needed, then mark the report resolved. Oldest first.",
        )}
      </p>
      <ReportList reports={reports} action={PATH} showFacility />
    </DashboardShell>
  );
}
