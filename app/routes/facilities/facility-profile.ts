import { redirect } from "react-router";
import { assertGate } from "~/auth/actor.server";
import { actorOf } from "~/auth/context.server";
import { redirectWithToast } from "~/lib/flash.server";
import type { Route } from "./+types/facility-profile";

/** "Facility Profile" in a facility administrator's navigation: their own facility's editor. */
export async function loader({ context }: Route.LoaderArgs) {
  const admin = assertGate(await actorOf(context), "facility-admin");
  if (!admin.facilityId) {
    throw await redirectWithToast("/dashboard/facility-admin", {
      title: "No facility",
      description: "Your account is not linked to a facility. Please contact the network's administrators.",
      variant: "destructive",
    });
  }
  return redirect(`/dashboard/facilities/${admin.facilityId}`);
}
