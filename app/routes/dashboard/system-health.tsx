import { DashboardShell } from "~/auth/components/dashboard-shell";
import { allowedActor } from "~/auth/context.server";
import { dbOf } from "~/db/context.server";
import { HealthPanel } from "~/features/operations/components/health-panel";
import { systemHealth } from "~/features/operations/health.server";
import { useT } from "~/i18n/react";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/system-health";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "System health",
    description: "Queues, providers, deliveries, payouts, emergencies waiting and alerts, now.",
    noindex: true,
  });

/** The network's health, for system administrators. */
export async function loader({ context }: Route.LoaderArgs) {
  const actor = await allowedActor(context);
  return { actor, health: await systemHealth(dbOf(context), actor) };
}

export default function SystemHealthPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <DashboardShell title={t("System health")} actor={loaderData.actor}>
      <HealthPanel health={loaderData.health} />
    </DashboardShell>
  );
}
