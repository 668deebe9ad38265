import { isRouteErrorResponse, Outlet } from "react-router";
import { NotFound } from "~/components/layout/not-found";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import type { Route } from "./+types/layout";

/** Header and footer around every public page. */
export default function PublicLayout() {
  return (
    <>
      <SiteHeader />
      <Outlet />
      <SiteFooter />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <SiteHeader />
        <NotFound />
        <SiteFooter />
      </>
    );
  }
  throw error;
}
