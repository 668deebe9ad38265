import { isRouteErrorResponse } from "react-router";
import { SITE } from "~/content/site";
import { useLocalePath, useT } from "~/i18n/react";

/**
 * An error a page's own boundary does not draw itself: a refusal (4xx) with its message, or the
 * unexpected (5xx, no detail). Drawn where it happened: a route's boundary shows it instead of
 * throwing the error on, which during the server's render turns any status into a bare 500.
 */
export function ErrorScreen({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const detail = isRouteErrorResponse(error) ? error.data : undefined;
  const t = useT();
  const to = useLocalePath();
  return (
    <main id="main" className="container-page flex min-h-[70vh] flex-col items-center justify-center py-16 text-center">
      <title>{`${t("Something went wrong")} | ${SITE.name}`}</title>
      <p className="text-sm font-semibold text-brand-700">{t("error.status", { status })}</p>
      <h1 className="mt-2 text-3xl font-bold">{t("Something went wrong")}</h1>
      <p className="mt-3 max-w-md text-muted">
        {status >= 500
          ? t("We hit an unexpected problem on our side and have been notified. Please try again in a moment.")
          : typeof detail === "string" && detail
            ? detail
            : t("This request could not be completed.")}
      </p>
      <a href={to("/")} className="btn-primary mt-6">
        {t("Return to Home")}
      </a>
    </main>
  );
}
