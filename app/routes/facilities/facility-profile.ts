import { redirect } from "react-router";
import { requireGate } from "~/auth/actor.server";
import { db } from "~/db/database.server";
import { redirectWithToast } from "~/lib/flash.server";
import type { Route } from "./+types/facility-profile";

/** "Facility Profile" in a facility administrator's navigation: their own facility's editor. */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireGate(await db(), request, "facility-admin");
  if (!admin.facilityId) {
    throw await redirectWithToast("/dashboard/facility-admin", {
      title: "No facility",
      description: "Your account is not linked to a facility. Please contact the network's administrators.",
      variant: "destructive",
    });
  }
  return redirect(`/dashboard/facilities/${admin.facilityId}`);
}
