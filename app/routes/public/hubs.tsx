import { Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { toHubSummary } from "~/content/hubs";
import { dbOf } from "~/db/context.server";
import { HubSearch } from "~/features/hubs/components/hub-search";
import { listHubsWithNextLaunch } from "~/features/hubs/hubs.server";
import { hubsHeadline } from "~/features/hubs/launch-date";
import { translator } from "~/i18n/i18n";
import { localeOfPath } from "~/i18n/locales";
import { useLocale, useLocalePath, useT } from "~/i18n/react";
import type { RouteHandle } from "~/lib/route-handle";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/hubs";

export const handle: RouteHandle = { versionedBy: "hubs" };

export const meta: Route.MetaFunction = (args) => {
  const hubs = args.loaderData?.hubs ?? [];
  const live = hubs.filter((h) => h.status === "live").length;
  const t = translator(localeOfPath(args.location.pathname));
  return pageMeta(args, {
    title: t("hubs.meta.title", { count: hubs.length }),
    description: t("hubs.meta.description", { count: hubs.length, live, soon: hubs.length - live }),
    path: "/hubs",
    // Built in the page's language above: not passed through the catalogue again.
    translated: true,
  });
};

/** Every hub; the search (`?q=`, also what the GET form sends without JavaScript) is applied in the page. */
export async function loader({ context }: Route.LoaderArgs) {
  const { hubs, nextLaunch } = await listHubsWithNextLaunch(dbOf(context));
  return { hubs: hubs.map(toHubSummary), nextLaunch };
}

/** Every hub is in the page whatever the search: a new `?q=` needs nothing from the server. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

/** Hubs listing (spec section 2): the header, then the search and the cards (HubSearch). */
export default function Hubs({ loaderData: { hubs, nextLaunch } }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalePath();
  return (
    <main id="main">
      <section className="bg-gradient-to-b from-brand-50 to-white pt-12 pb-8 sm:pt-16">
        <div className="container-page">
          <p className="text-sm font-semibold text-brand-700">{hubsHeadline(hubs, nextLaunch, t, locale)}</p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">
            {t("hubs.heading", { count: hubs.length })}
          </h1>
          <p className="mt-4 max-w-2xl text-lg leading-8 text-muted">
            {t(
              "Each hub brings together specialists focused on one area of care and the local facilities that refer to them. Patients reach them through qurbook; doctors join through qurpro.",
            )}
          </p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <Link to={to("/apps#qurbook")} className="btn-primary">
              {t("Get qurbook for patients")}
            </Link>
            <Link to={to("/apps#qurpro")} className="btn-secondary">
              {t("Get qurpro for doctors")}
            </Link>
          </div>
        </div>
      </section>

      <HubSearch hubs={hubs} />
    </main>
  );
}
