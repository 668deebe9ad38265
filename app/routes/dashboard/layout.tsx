import { useEffect } from "react";
import { data, Outlet, useNavigate } from "react-router";
import { summarise } from "~/auth/actor";
import { actorHeaders, getActor } from "~/auth/actor.server";
import { SignedInBar } from "~/auth/components/signed-in-bar";
import { SiteHeader } from "~/components/layout/site-header";
import { db } from "~/db/database.server";
import { isRecoveryAddress } from "~/features/accounts/components/recovery-flow";
import type { Route } from "./+types/layout";

/** The dashboards' frame: who is signed in (once per request, shared with the pages' loaders). */
export async function loader({ request }: Route.LoaderArgs) {
  const database = await db();
  const actor = await getActor(database, request);
  return data({ user: summarise(actor) }, { headers: await actorHeaders(database, request) });
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  // A signed-in visitor of /auth#type=recovery... is redirected here with the fragment kept:
  // recovery wins over the dashboard (spec section 2).
  useEffect(() => {
    if (isRecoveryAddress(window.location)) navigate(`/reset-password${window.location.hash}`, { replace: true });
  }, [navigate]);
  return (
    <>
      <SiteHeader signedIn={loaderData.user !== null} />
      {loaderData.user ? <SignedInBar user={loaderData.user} /> : null}
      <Outlet />
    </>
  );
}
