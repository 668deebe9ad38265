import { gateFor } from "~/auth/actor";
import { getActor } from "~/auth/actor.server";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { GateScreen } from "~/auth/components/gate-screens";
import { db } from "~/db/database.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/referrals-create";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Create Referral",
    description: "Refer a patient to a facility in the network.",
    noindex: true,
  });

/** Gated (spec section 6): anonymous, wrong-role and pending visitors get the gate screens. */
export async function loader({ request }: Route.LoaderArgs) {
  return { gate: gateFor(await getActor(await db(), request), "referrals-create") };
}

export default function ReferralsCreatePage({ loaderData }: Route.ComponentProps) {
  const { gate } = loaderData;
  return (
    <GateScreen gate={gate}>
      {gate.kind === "allowed" ? (
        <DashboardShell title="Create Referral" actor={gate.actor}>
          <p className="max-w-2xl text-muted">
            Refer a patient to a facility in the network. The referral fee is ₵100: ₵70 for you and ₵30 for the
            platform.
          </p>
        </DashboardShell>
      ) : null}
    </GateScreen>
  );
}
