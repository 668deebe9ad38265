import { gateFor } from "~/auth/actor";
import { getActor } from "~/auth/actor.server";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { GateScreen } from "~/auth/components/gate-screens";
import { db } from "~/db/database.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/facility-admin";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Facility Administrator Dashboard",
    description: "Referrals sent to your facility.",
    noindex: true,
  });

/** Gated (spec section 6): anonymous, wrong-role and pending visitors get the gate screens. */
export async function loader({ request }: Route.LoaderArgs) {
  return { gate: gateFor(await getActor(await db(), request), "facility-admin") };
}

export default function FacilityAdminPage({ loaderData }: Route.ComponentProps) {
  const { gate } = loaderData;
  return (
    <GateScreen gate={gate}>
      {gate.kind === "allowed" ? (
        <DashboardShell title="Facility Administrator Dashboard" actor={gate.actor}>
          <p className="max-w-2xl text-muted">
            Referrals sent to your facility are accepted, rejected and completed from this dashboard.
          </p>
        </DashboardShell>
      ) : null}
    </GateScreen>
  );
}
