import { useSearchParams } from "react-router";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { GateScreen } from "~/auth/components/gate-screens";
import { loadGated } from "~/auth/gate-loader.server";
import { Pagination } from "~/components/ui/pagination";
import { ResultNotice } from "~/components/ui/result-notice";
import { StatCard, StatGrid } from "~/components/ui/stat-card";
import { TitledSection } from "~/components/ui/titled-section";
import { db } from "~/db/database.server";
import { ReferralTable } from "~/features/referrals/components/referral-table";
import { formatCedis } from "~/features/referrals/referral-status";
import { doctorDashboard, pageFrom } from "~/features/referrals/referrals.server";
import { pageMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/doctor";

/** No React in the browser: the forms' checks and answers in place, the dialogs are a page script (enhance/pages/dashboard.ts). */
export const handle: RouteHandle = {};

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Doctor Dashboard", description: "Your referrals and earnings.", noindex: true });

/** Gated (spec section 6); the doctor's own stats and one page of their referrals. */
export async function loader({ request }: Route.LoaderArgs) {
  const database = await db();
  const page = pageFrom(new URL(request.url).searchParams.get("page"));
  return loadGated(database, request, "doctor", (actor) => doctorDashboard(database, actor, page));
}

/** Spec section 8, after a referral is created (the create page redirects here with ?created=). */
export const CREATED_TOAST = {
  title: "Referral Created",
  description: "Your referral has been created successfully.",
  variant: "success",
} as const;

export default function DoctorPage({ loaderData }: Route.ComponentProps) {
  const { gate, data } = loaderData;
  const [params] = useSearchParams();
  // Shown once: the page script drops ?created= from the address (so a reload, a shared link or
  // the paging links do not announce it again).
  const result = params.has("created") ? { toast: CREATED_TOAST } : null;

  return (
    <GateScreen gate={gate}>
      {gate.kind === "allowed" && data ? (
        <DashboardShell title="Doctor Dashboard" actor={gate.actor}>
          <ResultNotice result={result} />
          <StatGrid label="Your referrals" columns={5}>
            <StatCard label="Total Referrals" value={data.stats.total} />
            <StatCard label="Pending" value={data.stats.pending} />
            <StatCard label="Accepted" value={data.stats.accepted} />
            <StatCard label="Completed" value={data.stats.completed} />
            <StatCard
              label="Total Earnings"
              value={formatCedis(data.stats.earnings)}
              hint="Your share of completed referrals"
            />
          </StatGrid>
          <TitledSection
            id="recent"
            title="Recent Referrals"
            action={
              <a href="/referrals/create" className="btn-primary">
                New Referral
              </a>
            }
          >
            <ReferralTable
              caption="Your referrals, newest first"
              rows={data.referrals.rows}
              columns={["number", "patient", "facility", "status", "created", "amount"]}
              empty="You have not made any referrals yet. Use New Referral to refer your first patient."
            />
            <Pagination page={data.referrals.page} pageCount={data.referrals.pageCount} label="Referral pages" />
          </TitledSection>
        </DashboardShell>
      ) : null}
    </GateScreen>
  );
}
