import { Link } from "react-router";
import { gateFor } from "~/auth/actor";
import { getActor } from "~/auth/actor.server";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { GateScreen } from "~/auth/components/gate-screens";
import { db } from "~/db/database.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/doctor";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Doctor Dashboard", description: "Your referrals and earnings.", noindex: true });

/** Gated (spec section 6): anonymous, wrong-role and pending visitors get the gate screens. */
export async function loader({ request }: Route.LoaderArgs) {
  return { gate: gateFor(await getActor(await db(), request), "doctor") };
}

export default function DoctorPage({ loaderData }: Route.ComponentProps) {
  const { gate } = loaderData;
  return (
    <GateScreen gate={gate}>
      {gate.kind === "allowed" ? (
        <DashboardShell title="Doctor Dashboard" actor={gate.actor}>
          <Link to="/referrals/create" className="btn-primary">
            New Referral
          </Link>
        </DashboardShell>
      ) : null}
    </GateScreen>
  );
}
