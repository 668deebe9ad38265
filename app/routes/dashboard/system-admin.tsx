import { gateFor } from "~/auth/actor";
import { getActor } from "~/auth/actor.server";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { GateScreen } from "~/auth/components/gate-screens";
import { db } from "~/db/database.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/system-admin";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "System Administrator",
    description: "Accounts, referrals, payouts and the hub waitlist.",
    noindex: true,
  });

/** Gated (spec section 6): anonymous, wrong-role and pending visitors get the gate screens. */
export async function loader({ request }: Route.LoaderArgs) {
  return { gate: gateFor(await getActor(await db(), request), "system-admin") };
}

export default function SystemAdminPage({ loaderData }: Route.ComponentProps) {
  const { gate } = loaderData;
  return (
    <GateScreen gate={gate}>
      {gate.kind === "allowed" ? (
        <DashboardShell title="System Administrator" actor={gate.actor}>
          <p className="max-w-2xl text-muted">
            Account approvals, all referrals, doctor payouts and the hub waitlist are managed from this screen.
          </p>
        </DashboardShell>
      ) : null}
    </GateScreen>
  );
}
