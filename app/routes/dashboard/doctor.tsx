import { Link } from "react-router";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { allowedActor } from "~/auth/context.server";
import { Pagination } from "~/components/ui/pagination";
import { StatCard, StatGrid } from "~/components/ui/stat-card";
import { TitledSection } from "~/components/ui/titled-section";
import { dbOf } from "~/db/context.server";
import { DoctorInsightSection } from "~/features/insight/components/own-insight";
import { doctorInsight } from "~/features/insight/insight.server";
import { ReferralTable } from "~/features/referrals/components/referral-table";
import { formatCedis } from "~/features/referrals/referral-status";
import { doctorDashboard, pageFrom } from "~/features/referrals/referrals.server";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/doctor";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Doctor Dashboard", description: "Your referrals and earnings.", noindex: true });

/** Gated (spec section 6); the doctor's own stats, one page of their referrals and their last 12 months. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await allowedActor(context);
  const db = dbOf(context);
  const page = pageFrom(new URL(request.url).searchParams.get("page"));
  const [dashboard, insight] = await Promise.all([doctorDashboard(db, actor, page), doctorInsight(db, actor)]);
  return { actor, ...dashboard, insight };
}

export default function DoctorPage({ loaderData: data }: Route.ComponentProps) {
  return (
    <DashboardShell title="Doctor Dashboard" actor={data.actor}>
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
          <div className="flex flex-wrap gap-2">
            <Link to="/referrals/history" className="btn-secondary">
              History
            </Link>
            <Link to="/referrals/create" className="btn-primary">
              New Referral
            </Link>
          </div>
        }
      >
        <ReferralTable
          caption="Your referrals, newest first"
          rows={data.referrals.rows}
          columns={["number", "patient", "facility", "urgency", "status", "created", "share", "payout"]}
          empty="You have not made any referrals yet. Use New Referral to refer your first patient."
        />
        <Pagination page={data.referrals.page} pageCount={data.referrals.pageCount} label="Referral pages" />
      </TitledSection>
      <DoctorInsightSection insight={data.insight} />
    </DashboardShell>
  );
}
