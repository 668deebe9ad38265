import { isRouteErrorResponse } from "react-router";
import { useT } from "~/i18n/react";

/** The facility editor's error screen for a refusal or failure other than a gate or a 404. */
export function FacilityLoadError({ error }: { error: unknown }) {
  const t = useT();
  const message =
    isRouteErrorResponse(error) && error.status < 500 && typeof error.data === "string" && error.data
      ? t(error.data)
      : t("We could not load this facility. Please try again in a moment.");
  const denied = isRouteErrorResponse(error) && error.status === 403;
  return (
    <main id="main" className="container-page py-16 text-center">
      <h1 className="text-2xl font-bold">{denied ? t("Access Denied") : t("Error Loading Facility")}</h1>
      <p role="alert" className="mt-3 text-muted">
        {message}
      </p>
    </main>
  );
}
