import { useNavigation } from "react-router";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { allowedActor } from "~/auth/context.server";
import { dbOf } from "~/db/context.server";
import { AppointmentFiguresSection } from "~/features/appointments/components/appointment-figures";
import { appointmentFigures } from "~/features/appointments/public.server";
import { isPeriod, type Period } from "~/features/insight/calendar";
import { Messaging } from "~/features/insight/components/overview-messaging";
import { Downloads, PeriodNav } from "~/features/insight/components/overview-nav";
import { Answers, Growth, Money } from "~/features/insight/components/overview-sections";
import { systemOverview } from "~/features/insight/insight.server";
import { useT } from "~/i18n/react";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/overview";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Overview",
    description: "The network's referrals, answers, money and growth.",
    noindex: true,
  });

const PATH = "/dashboard/system-admin/overview";

/** The network's numbers for a period (approved system administrators; the gate screens otherwise). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await allowedActor(context);
  const requested = new URL(request.url).searchParams.get("period");
  const period: Period = isPeriod(requested) ? requested : "12w";
  const db = dbOf(context);
  return { actor, view: await systemOverview(db, actor, period), appointments: await appointmentFigures(db, actor) };
}

export default function Overview({ loaderData }: Route.ComponentProps) {
  const { actor, view, appointments } = loaderData;
  const navigation = useNavigation();
  const t = useT();
  const loading = navigation.state === "loading" && navigation.location.pathname === PATH;
  return (
    <DashboardShell title={t("Overview")} actor={actor}>
      <PeriodNav path={PATH} current={view.period} />
      <div aria-busy={loading || undefined} className={loading ? "opacity-60 transition-opacity" : undefined}>
        <Answers view={view} />
        <Money view={view} />
        <Growth view={view} />
        <Messaging months={view.messaging} />
        <AppointmentFiguresSection rows={appointments} />
      </div>
      <Downloads />
    </DashboardShell>
  );
}
