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
import { doctorDashboard } from "~/features/referrals/referrals.server";
import { useLocale, useT } from "~/i18n/react";
import { formatCedis } from "~/lib/ghana-format";
import { pageFrom } from "~/lib/paging";
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
  const t = useT();
  const locale = useLocale();
  return (
    <DashboardShell title={t("Doctor Dashboard")} actor={data.actor}>
      <StatGrid label={t("Your referrals")} columns={5}>
        <StatCard label={t("Total Referrals")} value={data.stats.total} />
        <StatCard label={t("Pending")} value={data.stats.pending} />
        <StatCard label={t("doctorStats.accepted")} value={data.stats.accepted} />
        <StatCard label={t("doctorStats.completed")} value={data.stats.completed} />
        <StatCard
          label={t("Total Earnings")}
          value={formatCedis(data.stats.earnings, locale)}
          hint={t("Your share of completed referrals")}
        />
      </StatGrid>
      <TitledSection
        id="recent"
        title={t("Recent Referrals")}
        action={
          <div className="flex flex-wrap gap-2">
            <Link to="/referrals/history" className="btn-secondary">
              {t("History")}
            </Link>
            <Link to="/referrals/create" className="btn-primary">
              {t("New Referral")}
            </Link>
          </div>
        }
      >
        <ReferralTable
          caption={t("Your referrals, newest first")}
          rows={data.referrals.rows}
          columns={["number", "patient", "facility", "urgency", "status", "created", "share", "payout"]}
          empty={t("You have not made any referrals yet. Use New Referral to refer your first patient.")}
        />
        <Pagination page={data.referrals.page} pageCount={data.referrals.pageCount} label={t("Referral pages")} />
      </TitledSection>
      <DoctorInsightSection insight={data.insight} />
    </DashboardShell>
  );
}
