import { useEffect, useRef } from "react";
import { Form, Link, useNavigate, useNavigation, useSubmit } from "react-router";
import { Tabs } from "~/components/ui/tabs";
import { db } from "~/db/database.server";
import { FacilityCard } from "~/features/facilities/components/facility-card";
import { FacilityIcon } from "~/features/facilities/components/facility-icons";
import { listFacilities } from "~/features/facilities/facilities.server";
import { parseFacilityFilters } from "~/features/facilities/facility-filters";
import {
  COUNTRY_OPTIONS,
  type FacilityFilters,
  facilitiesSearch,
  filtersFromForm,
  hasActiveFilters,
  MAX_QUERY_LENGTH,
  normalizeQuery,
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

export const handle: RouteHandle = { versionedBy: "facilities" };

const FILTER_SELECTS = [
  { name: "country", label: "Country", all: "All Countries", options: COUNTRY_OPTIONS },
  { name: "type", label: "Facility type", all: "All Types", options: TYPE_OPTIONS },
  { name: "specialty", label: "Specialty", all: "All Specialties", options: SPECIALTY_OPTIONS },
  { name: "services", label: "Services", all: "All Services", options: SERVICE_OPTIONS },
] as const;

/** How long typing pauses before the search runs. */
const SEARCH_DELAY_MS = 300;

type FilterName = (typeof FILTER_SELECTS)[number]["name"];

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
  const pending = navigation.location?.pathname === "/facilities" ? navigation.location : null;
  // A view change shows at once; the address and the list follow.
  const view: View = pending ? viewOf(pending.search) : filters.view;
  const loading = navigation.state === "loading" && pending !== null;
  const clearHref = `/facilities${facilitiesSearch({ view })}`;
  const viewHref = (id: View) => `/facilities${facilitiesSearch({ ...filters, page, view: id })}`;

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
            <FilterForm filters={filters} view={view} clearHref={clearHref} />
          </search>
        </div>
      </section>

      <div className="container-page pt-8">
        {/* The status and the view tabs share a row; the panels go below (the tabs' root is laid out as contents). */}
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-4 [&>div]:contents">
          <p role="status" className="text-sm font-medium text-ink">
            {total === 1 ? "1 facility found" : `${total.toLocaleString("en-GH")} facilities found`}
            {pageCount > 1 ? ` (page ${page} of ${pageCount})` : ""}
          </p>
          <Tabs
            label="Directory view"
            value={view}
            onValueChange={(_next, item) => navigate(item.href, { replace: true, preventScrollReset: true })}
            listClassName="inline-flex rounded-lg border border-slate-300 bg-white p-1"
            triggerClassName="inline-flex min-h-10 items-center gap-2 rounded-md px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50 aria-selected:bg-brand-700 aria-selected:text-white"
            panelClassName="mt-2 w-full"
            items={[
              {
                value: "list",
                label: (
                  <>
                    <FacilityIcon name="list" />
                    List View
                  </>
                ),
                href: viewHref("list"),
                panel: (
                  <div aria-busy={loading || undefined} className="transition-opacity aria-busy:opacity-60">
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
                        <Link to={clearHref} preventScrollReset className="btn-primary mt-6">
                          Clear filters
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
                    Map View
                  </>
                ),
                href: viewHref("map"),
                panel: (
                  <div className="card flex flex-col items-center py-16 text-center">
                    <FacilityIcon name="map" className="size-10 text-brand-700" />
                    <h2 className="mt-4 text-xl font-semibold">Map View Coming Soon</h2>
                    <p className="mt-2 max-w-md text-muted">
                      Until then, the list view shows each facility's city and country, and every profile gives its full
                      address.
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

/**
 * The search and the four filters: a GET form (it works as it is without JavaScript). With React,
 * choosing a filter submits at once and typing after a short pause (replacing the history entry),
 * to the filters' canonical address (defaults left out). A choice made before React ran is
 * submitted as soon as it does; a navigation from elsewhere (a step back, Clear filters) puts its
 * filters in the fields.
 */
function FilterForm({ filters, view, clearHref }: { filters: FacilityFilters; view: View; clearHref: string }) {
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const hydrated = useRef(false);

  const apply = (replace: boolean) => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const form = formRef.current;
    if (!form) return;
    const search = facilitiesSearch(filtersFromForm(new FormData(form), view));
    submit(new URLSearchParams(search), { method: "get", action: "/facilities", replace, preventScrollReset: true });
  };

  useEffect(() => () => clearTimeout(timer.current), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page's filters change
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const select = (name: FilterName) => form.elements.namedItem(name) as HTMLSelectElement;
    const search = form.elements.namedItem("q") as HTMLInputElement;
    const nhis = form.elements.namedItem("nhis") as HTMLInputElement;
    if (!hydrated.current) {
      hydrated.current = true;
      // A choice made before React ran (or kept by the browser across a reload) is not in the list yet.
      const changed =
        FILTER_SELECTS.some((s) => select(s.name).value !== (filters[s.name] ?? "all")) ||
        nhis.checked !== filters.nhis ||
        normalizeQuery(search.value) !== filters.q;
      if (changed) apply(true);
      return;
    }
    // The page's filters changed: show them, except in a search box being typed in.
    for (const s of FILTER_SELECTS) select(s.name).value = filters[s.name] ?? "all";
    nhis.checked = filters.nhis;
    const typing = document.activeElement === search || timer.current !== undefined;
    if (!typing && normalizeQuery(search.value) !== filters.q) search.value = filters.q;
  }, [filters]);

  return (
    <Form
      ref={formRef}
      method="get"
      action="/facilities"
      onSubmit={(event) => {
        event.preventDefault();
        apply(false);
      }}
      onChange={(event) => {
        const target = event.target as EventTarget as HTMLInputElement | HTMLSelectElement;
        if (target.name !== "q") {
          apply(false);
          return;
        }
        clearTimeout(timer.current);
        timer.current = setTimeout(() => apply(true), SEARCH_DELAY_MS);
      }}
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
      <label className="inline-flex min-h-11 items-center gap-3 text-sm font-medium text-ink">
        <input
          type="checkbox"
          name="nhis"
          value="1"
          defaultChecked={filters.nhis}
          className="size-5 accent-brand-700"
        />
        Accepts NHIS (National Health Insurance)
      </label>
      {view === "map" ? <input type="hidden" name="view" value="map" /> : null}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary">
          Search
        </button>
        {hasActiveFilters(filters) ? (
          <Link to={clearHref} preventScrollReset className="btn-ghost">
            Clear filters
          </Link>
        ) : null}
      </div>
    </Form>
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
            <Link to={hrefFor(page - 1)} rel="prev" className={`${linkClass} border-slate-300 text-brand-800`}>
              Previous
            </Link>
          </li>
        ) : null}
        {pageNumbers(page, pageCount).map((n, i) =>
          n === "gap" ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={hrefFor(n)}
                aria-current={n === page ? "page" : undefined}
                aria-label={`Page ${n}`}
                className={`${linkClass} ${
                  n === page ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 text-brand-800"
                }`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <Link to={hrefFor(page + 1)} rel="next" className={`${linkClass} border-slate-300 text-brand-800`}>
              Next
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
