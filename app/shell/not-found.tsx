import { Link } from "react-router";
import { SITE } from "~/content/site";
import { useLocalePath, useT } from "~/i18n/react";

/** The spec's not-found screen. */
export function NotFound() {
  const t = useT();
  const to = useLocalePath();
  return (
    <main id="main" className="container-page flex min-h-[70vh] flex-col items-center justify-center py-16 text-center">
      <title>{`${t("Page not found")} | ${SITE.name}`}</title>
      <meta name="robots" content="noindex" />
      <p className="text-6xl font-extrabold text-brand-700">404</p>
      <h1 className="mt-4 text-2xl font-bold">{t("Oops! Page not found")}</h1>
      <p className="mt-2 max-w-md text-muted">{t("The page you are looking for does not exist or has moved.")}</p>
      <Link to={to("/")} className="btn-primary mt-6">
        {t("Return to Home")}
      </Link>
    </main>
  );
}
