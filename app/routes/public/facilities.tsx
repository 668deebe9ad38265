import { db } from "~/db/database.server";
import { FacilityCard } from "~/features/facilities/components/facility-card";
import { FacilityIcon } from "~/features/facilities/components/facility-icons";
import { listFacilities } from "~/features/facilities/facilities.server";
import { parseFacilityFilters } from "~/features/facilities/facility-filters";
import {
  COUNTRY_OPTIONS,
  type FacilityFilters,
  facilitiesSearch,
  hasActiveFilters,
  MAX_QUERY_LENGTH,
  SERVICE_OPTIONS,
  SPECIALTY_OPTIONS,
  TYPE_OPTIONS,
  type View,
} from "~/features/facilities/facility-options";
import { pageMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/facilities";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Find a Healthcare Facility",
    description:
      "Search partner hospitals, clinics, diagnostic and specialty centres by country, type, specialty and services, and see who offers 24/7 emergency care.",
    path: "/facilities",
  });

export async function loader({ request }: Route.LoaderArgs) {
  const filters = parseFacilityFilters(new URL(request.url).searchParams);
  const result = await listFacilities(await db(), filters);
  return { filters, ...result };
}

/**
 * No React in the browser: the filters, the in-place list and the view tabs are a page script
 * (enhance/pages/facilities.ts), which asks this same page for the filtered list.
 */
export const handle: RouteHandle = { versionedBy: "facilities" };

const FILTER_SELECTS = [
  { name: "country", label: "Country", all: "All Countries", options: COUNTRY_OPTIONS },
  { name: "type", label: "Facility type", all: "All Types", options: TYPE_OPTIONS },
  { name: "specialty", label: "Specialty", all: "All Specialties", options: SPECIALTY_OPTIONS },
  { name: "services", label: "Services", all: "All Services", options: SERVICE_OPTIONS },
] as const;

export default function FacilitiesDirectory({ loaderData }: Route.ComponentProps) {
  const { filters, facilities, total, page, pageCount } = loaderData;
  const view: View = filters.view;
  const clearHref = `/facilities${facilitiesSearch({ view })}`;

  return (
    <main id="main" className="pb-16">
      <section className="border-b border-slate-200 bg-brand-50">
        <div className="container-page py-10 sm:py-12">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Find a Healthcare Facility</h1>
          <p className="mt-3 max-w-2xl text-muted">
            Search partner hospitals, clinics, diagnostic and specialty centres by country, type, specialty and
            services. Every profile lists the facility's specialists, languages and how to book.
          </p>
          <search aria-label="Search facilities" className="mt-6 block">
            <form
              id="facility-filters"
              method="get"
              action="/facilities"
              className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
            >
              <div>
                <label htmlFor="facility-search" className="field-label">
                  Search
                </label>
                <div className="relative">
                  <FacilityIcon
                    name="search"
                    className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
                  />
                  <input
                    id="facility-search"
                    type="search"
                    name="q"
                    defaultValue={filters.q}
                    maxLength={MAX_QUERY_LENGTH}
                    placeholder="Search by name, location or description..."
                    autoComplete="off"
                    enterKeyHint="search"
                    className="field-input pl-9"
                  />
                </div>
              </div>
              <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
                {FILTER_SELECTS.map((select) => (
                  <div key={select.name}>
                    <label htmlFor={`filter-${select.name}`} className="field-label">
                      {select.label}
                    </label>
                    <select
                      id={`filter-${select.name}`}
                      name={select.name}
                      defaultValue={filters[select.name] ?? "all"}
                      className="field-input"
                    >
                      <option value="all">{select.all}</option>
                      {select.options.map((option) => (
                        <option key={option.value} value={option.value}>
                          {option.label}
                        </option>
                      ))}
                    </select>
                  </div>
                ))}
              </div>
              {view === "map" ? <input type="hidden" name="view" value="map" /> : null}
              <div id="facility-form-actions" className="flex flex-wrap items-center gap-3">
                <button type="submit" className="btn-primary">
                  Search
                </button>
                {hasActiveFilters(filters) ? (
                  <a href={clearHref} data-clear-filters className="btn-ghost">
                    Clear filters
                  </a>
                ) : null}
              </div>
            </form>
          </search>
        </div>
      </section>

      <div className="container-page pt-8">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <p id="facilities-status" role="status" className="text-sm font-medium text-ink">
            {total === 1 ? "1 facility found" : `${total.toLocaleString("en-GH")} facilities found`}
            {pageCount > 1 ? ` (page ${page} of ${pageCount})` : ""}
          </p>
          <ViewTabs view={view} filters={filters} page={page} />
        </div>

        <div
          role="tabpanel"
          id="facilities-panel-list"
          aria-labelledby="facilities-tab-list"
          hidden={view !== "list"}
          className="mt-6 transition-opacity aria-busy:opacity-60"
        >
          {facilities.length > 0 ? (
            <>
              <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
                {facilities.map((facility) => (
                  <li key={facility.id}>
                    <FacilityCard facility={facility} />
                  </li>
                ))}
              </ul>
              <Pagination filters={filters} page={page} pageCount={pageCount} view={view} />
            </>
          ) : (
            <div className="card mx-auto max-w-xl py-10 text-center">
              <h2 className="text-xl font-semibold">No facilities match your search</h2>
              <p className="mt-2 text-muted">Try another search term, or fewer filters.</p>
              <a href={clearHref} data-clear-filters className="btn-primary mt-6">
                Clear filters
              </a>
            </div>
          )}
        </div>

        <div
          role="tabpanel"
          id="facilities-panel-map"
          aria-labelledby="facilities-tab-map"
          hidden={view !== "map"}
          className="mt-6"
        >
          <div className="card flex flex-col items-center py-16 text-center">
            <FacilityIcon name="map" className="size-10 text-brand-700" />
            <h2 className="mt-4 text-xl font-semibold">Map View Coming Soon</h2>
            <p className="mt-2 max-w-md text-muted">
              Until then, the list view shows each facility's city and country, and every profile gives its full
              address.
            </p>
          </div>
        </div>
      </div>
    </main>
  );
}

/**
 * Accessible tabs (WAI-ARIA tabs pattern) that are also links: without JavaScript each tab
 * loads its view; with it (enhance/tabs.ts), arrow keys move between tabs and switching needs no
 * server trip. The look follows aria-selected.
 */
function ViewTabs({ view, filters, page }: { view: View; filters: FacilityFilters; page: number }) {
  const tabs: { id: View; label: string; icon: "list" | "map" }[] = [
    { id: "list", label: "List View", icon: "list" },
    { id: "map", label: "Map View", icon: "map" },
  ];
  const hrefFor = (id: View) => `/facilities${facilitiesSearch({ ...filters, page, view: id })}`;
  return (
    <div
      id="facilities-tabs"
      role="tablist"
      aria-label="Directory view"
      className="inline-flex rounded-lg border border-slate-300 bg-white p-1"
    >
      {tabs.map((tab) => (
        <a
          key={tab.id}
          id={`facilities-tab-${tab.id}`}
          role="tab"
          aria-selected={tab.id === view}
          aria-controls={`facilities-panel-${tab.id}`}
          href={hrefFor(tab.id)}
          className="inline-flex min-h-10 items-center gap-2 rounded-md px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50 aria-selected:bg-brand-700 aria-selected:text-white"
        >
          <FacilityIcon name={tab.icon} />
          {tab.label}
        </a>
      ))}
    </div>
  );
}

/** Numbered pages around the current one, plus the first and the last. */
function pageNumbers(page: number, pageCount: number): (number | "gap")[] {
  const pages = new Set([1, pageCount, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pageCount));
  const sorted = [...pages].sort((a, b) => a - b);
  const result: (number | "gap")[] = [];
  for (const n of sorted) {
    const last = result.at(-1);
    if (typeof last === "number" && n - last > 1) result.push("gap");
    result.push(n);
  }
  return result;
}

function Pagination({
  filters,
  page,
  pageCount,
  view,
}: {
  filters: FacilityFilters;
  page: number;
  pageCount: number;
  view: View;
}) {
  if (pageCount <= 1) return null;
  const hrefFor = (n: number) => `/facilities${facilitiesSearch({ ...filters, page: n, view })}`;
  const linkClass =
    "inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border px-3 text-sm font-semibold";
  return (
    <nav aria-label="Pagination" className="mt-10">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 ? (
          <li>
            <a href={hrefFor(page - 1)} rel="prev" className={`${linkClass} border-slate-300 text-brand-800`}>
              Previous
            </a>
          </li>
        ) : null}
        {pageNumbers(page, pageCount).map((n, i) =>
          n === "gap" ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={n}>
              <a
                href={hrefFor(n)}
                aria-current={n === page ? "page" : undefined}
                aria-label={`Page ${n}`}
                className={`${linkClass} ${
                  n === page ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 text-brand-800"
                }`}
              >
                {n}
              </a>
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <a href={hrefFor(page + 1)} rel="next" className={`${linkClass} border-slate-300 text-brand-800`}>
              Next
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
