import { useEffect } from "react";
import { data, isRouteErrorResponse, Link, Outlet, useLocation } from "react-router";
import { summarise } from "~/auth/actor";
import { actorHeaders, getActor } from "~/auth/actor.server";
import { AppNav } from "~/components/layout/app-nav";
import { SiteHeader } from "~/components/layout/site-header";
import { db } from "~/db/database.server";
import { isRecoveryAddress } from "~/features/accounts/recovery-link";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/layout";

/** The signed-in app links the stylesheet: its people come back every day, and the browser keeps the file. */
export const handle: RouteHandle = { stylesheet: "linked" };

/** The dashboards' frame: who is signed in (once per request, shared with the pages' loaders). */
export async function loader({ request }: Route.LoaderArgs) {
  const database = await db();
  const actor = await getActor(database, request);
  return data({ user: summarise(actor) }, { headers: await actorHeaders(database, request) });
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  // A signed-in visitor of a password-reset link is sent here with the link's fragment kept:
  // recovery wins over the dashboard (spec section 2).
  useEffect(() => {
    if (isRecoveryAddress(window.location)) window.location.replace(`/reset-password${window.location.hash}`);
  }, []);
  return (
    <>
      <SiteHeader user={loaderData.user} />
      {loaderData.user?.approved ? <AppNav user={loaderData.user} /> : null}
      <Outlet />
    </>
  );
}

/**
 * A dashboard whose data could not be loaded: the spec's "Error Loading Referrals" with the
 * server's message for an expected refusal, a general one otherwise (details go to the log).
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { pathname, search } = useLocation();
  const message =
    isRouteErrorResponse(error) && error.status < 500 && typeof error.data === "string" && error.data
      ? error.data
      : "We could not load this page. Please try again in a moment.";
  return (
    <>
      <SiteHeader />
      <main
        id="main"
        className="container-page flex min-h-[60vh] flex-col items-center justify-center py-16 text-center"
      >
        <div className="card w-full max-w-lg p-8">
          <h1 className="text-2xl font-bold">Error Loading Referrals</h1>
          <p role="alert" className="mt-3 text-muted">
            {message}
          </p>
          <Link to={`${pathname}${search}`} className="btn-primary mt-6">
            Try Again
          </Link>
        </div>
      </main>
    </>
  );
}
