import { Link, useNavigate, useNavigation } from "react-router";
import { NumberedPagination } from "~/components/ui/numbered-pagination";
import { Tabs } from "~/components/ui/tabs";
import { dbOf } from "~/db/context.server";
import { FacilityCard } from "~/features/facilities/components/facility-card";
import { FacilityFilterForm } from "~/features/facilities/components/facility-filter-form";
import { FacilityIcon } from "~/features/facilities/components/facility-icons";
import { listFacilities } from "~/features/facilities/facilities.server";
import { parseFacilityFilters } from "~/features/facilities/facility-filters";
import { facilitiesSearch, type View } from "~/features/facilities/facility-options";
import { useLocalePath, useT } from "~/i18n/react";
import type { RouteHandle } from "~/lib/route-handle";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/facilities";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Find a Healthcare Facility",
    description:
      "Search partner hospitals, clinics, diagnostic and specialty centres by country, type, specialty and services, and see who offers 24/7 emergency care.",
    path: "/facilities",
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const filters = parseFacilityFilters(new URL(request.url).searchParams);
  const result = await listFacilities(dbOf(context), filters);
  return { filters, ...result };
}

export const handle: RouteHandle = { versionedBy: "facilities" };

/** The view being shown: the one a pending navigation is going to, or the page's. */
function viewOf(search: string): View {
  return new URLSearchParams(search).get("view") === "map" ? "map" : "list";
}

/**
 * The directory (spec section 2). Without JavaScript the filters are a GET form and the view tabs
 * links. With React a filter change (or a pause in typing) navigates on the client to the
 * filters' address: the list updates in place and the address can be shared.
 */
export default function FacilitiesDirectory({ loaderData }: Route.ComponentProps) {
  const { filters, facilities, total, page, pageCount } = loaderData;
  const navigation = useNavigation();
  const navigate = useNavigate();
  const t = useT();
  const to = useLocalePath();
  const directory = to("/facilities");
  const pending = navigation.location?.pathname === directory ? navigation.location : null;
  // A view change shows at once; the address and the list follow.
  const view: View = pending ? viewOf(pending.search) : filters.view;
  const loading = navigation.state === "loading" && pending !== null;
  const clearHref = `${directory}${facilitiesSearch({ view })}`;
  const viewHref = (id: View) => `${directory}${facilitiesSearch({ ...filters, page, view: id })}`;

  return (
    <main id="main" className="pb-16">
      <section className="border-b border-slate-200 bg-brand-50">
        <div className="container-page py-5 sm:py-12">
          <h1 className="text-2xl font-bold tracking-tight sm:text-4xl">{t("Find a Healthcare Facility")}</h1>
          {/* On a phone the results come first: the introduction is for wider screens. */}
          <p className="mt-3 hidden max-w-2xl text-muted sm:block">
            {t(
              "Search partner hospitals, clinics, diagnostic and specialty centres by country, type, specialty and services. Every profile lists the facility's specialists, languages and how to book.",
            )}
          </p>
          <search aria-label={t("Search facilities")} className="mt-4 block sm:mt-6">
            <FacilityFilterForm filters={filters} view={view} clearHref={clearHref} />
          </search>
        </div>
      </section>

      <div className="container-page pt-4 sm:pt-8">
        {/* The status and the view tabs share a row; the panels go below (the tabs' root is laid out as contents). */}
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-4 [&>div]:contents">
          <p role="status" className="text-sm font-medium text-ink">
            {t("directory.found", { total })}
            {pageCount > 1 ? ` ${t("directory.page", { page, pageCount })}` : ""}
          </p>
          <Tabs
            label={t("Directory view")}
            value={view}
            onValueChange={(_next, item) => navigate(item.href, { replace: true, preventScrollReset: true })}
            listClassName="inline-flex rounded-lg border border-slate-300 bg-white p-1"
            triggerClassName="inline-flex min-h-11 items-center gap-2 rounded-md px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50 aria-selected:bg-brand-700 aria-selected:text-white"
            panelClassName="mt-2 w-full"
            items={[
              {
                value: "list",
                label: (
                  <>
                    <FacilityIcon name="list" />
                    {t("List View")}
                  </>
                ),
                href: viewHref("list"),
                panel: (
                  <div aria-busy={loading || undefined} className="transition-opacity aria-busy:opacity-60">
                    {facilities.length > 0 ? (
                      <>
                        <ul className="grid gap-3 sm:grid-cols-2 sm:gap-5 lg:grid-cols-3">
                          {facilities.map((facility) => (
                            <li key={facility.id}>
                              <FacilityCard facility={facility} from={viewHref("list").slice(directory.length)} />
                            </li>
                          ))}
                        </ul>
                        <NumberedPagination
                          page={page}
                          pageCount={pageCount}
                          hrefFor={(n) => `${directory}${facilitiesSearch({ ...filters, page: n, view })}`}
                        />
                      </>
                    ) : (
                      <div className="card mx-auto max-w-xl py-10 text-center">
                        <h2 className="text-xl font-semibold">{t("No facilities match your search")}</h2>
                        <p className="mt-2 text-muted">{t("Try another search term, or fewer filters.")}</p>
                        <Link to={clearHref} preventScrollReset className="btn-primary mt-6">
                          {t("Clear filters")}
                        </Link>
                      </div>
                    )}
                  </div>
                ),
              },
              {
                value: "map",
                label: (
                  <>
                    <FacilityIcon name="map" />
                    {t("Map View")}
                  </>
                ),
                href: viewHref("map"),
                panel: (
                  <div className="card flex flex-col items-center py-16 text-center">
                    <FacilityIcon name="map" className="size-10 text-brand-700" />
                    <h2 className="mt-4 text-xl font-semibold">{t("Map View Coming Soon")}</h2>
                    <p className="mt-2 max-w-md text-muted">
                      {t(
                        "Until then, the list view shows each facility's city and country, and every profile gives its full address.",
                      )}
                    </p>
                  </div>
                ),
              },
            ]}
          />
        </div>
      </div>
    </main>
  );
}
