import { isRouteErrorResponse } from "react-router";
import { useLocalePath, useT } from "~/i18n/react";
import { FacilityIcon } from "./facility-icons";

/**
 * The error boundary of every page under a facility's address (its profile, report form and
 * appointment request): an unknown or deactivated facility is the spec's 404 screen; any other
 * error goes on to the layout's boundary.
 */
export function FacilityNotFoundBoundary({ error }: { error: unknown }) {
  const t = useT();
  const to = useLocalePath();
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <main id="main" className="container-page flex min-h-[60vh] flex-col items-center justify-center py-16 text-center">
      <h1 className="text-3xl font-bold">{t("Facility Not Found")}</h1>
      <p className="mt-3 max-w-md text-muted">{t("The facility you're looking for doesn't exist.")}</p>
      <a href={to("/facilities")} className="btn-primary mt-6">
        <FacilityIcon name="arrow-left" />
        {t("Back to Facilities")}
      </a>
    </main>
  );
}
