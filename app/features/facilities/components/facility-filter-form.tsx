import { useEffect, useRef } from "react";
import { Form, Link, useSubmit } from "react-router";
import { useLocalePath, useT } from "~/i18n/react";
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
} from "../facility-options";
import { FacilityIcon } from "./facility-icons";

const FILTER_SELECTS = [
  { name: "country", label: "Country", all: "All Countries", options: COUNTRY_OPTIONS },
  { name: "type", label: "Facility type", all: "All Types", options: TYPE_OPTIONS },
  { name: "specialty", label: "Specialty", all: "All Specialties", options: SPECIALTY_OPTIONS },
  { name: "services", label: "Services", all: "All Services", options: SERVICE_OPTIONS },
] as const;

/** How long typing pauses before the search runs. */
const SEARCH_DELAY_MS = 300;

type FilterName = (typeof FILTER_SELECTS)[number]["name"];

/**
 * The search and the four filters: a GET form (it works as it is without JavaScript). With React,
 * choosing a filter submits at once and typing after a short pause (replacing the history entry),
 * to the filters' canonical address (defaults left out). A choice made before React ran is
 * submitted as soon as it does; a navigation from elsewhere (a step back, Clear filters) puts its
 * filters in the fields.
 */
export function FacilityFilterForm({
  filters,
  view,
  clearHref,
}: {
  filters: FacilityFilters;
  view: View;
  clearHref: string;
}) {
  const submit = useSubmit();
  const t = useT();
  const to = useLocalePath();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const hydrated = useRef(false);

  const apply = (replace: boolean) => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const form = formRef.current;
    if (!form) return;
    const search = facilitiesSearch(filtersFromForm(new FormData(form), view));
    submit(new URLSearchParams(search), {
      method: "get",
      action: to("/facilities"),
      replace,
      preventScrollReset: true,
    });
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

  const chosen = FILTER_SELECTS.filter((select) => filters[select.name]).length + (filters.nhis ? 1 : 0);
  return (
    <Form
      ref={formRef}
      method="get"
      action={to("/facilities")}
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
      className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:gap-4 sm:p-5"
    >
      <div>
        <label htmlFor="facility-search" className="field-label">
          {t("Search")}
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
            placeholder={t("Search by name, town, specialty or service...")}
            autoComplete="off"
            enterKeyHint="search"
            className="field-input pl-9"
          />
        </div>
      </div>
      {/* On a phone the filters fold under "Filters" so the results come first; from
          640 px up they are always shown (app.css, .facility-filters). Open while any is chosen. */}
      <details className="facility-filters" open={chosen > 0 || undefined}>
        <summary className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-1 text-sm font-semibold text-brand-800">
          {chosen > 0 ? t("directory.filtersChosen", { chosen }) : t("Filters")}
        </summary>
        <div className="mt-2 grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {FILTER_SELECTS.map((select) => (
              <div key={select.name}>
                <label htmlFor={`filter-${select.name}`} className="field-label">
                  {t(select.label)}
                </label>
                <select
                  id={`filter-${select.name}`}
                  name={select.name}
                  defaultValue={filters[select.name] ?? "all"}
                  className="field-input"
                >
                  <option value="all">{t(select.all)}</option>
                  {select.options.map((option) => (
                    <option key={option.value} value={option.value}>
                      {t(option.label)}
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
            {t("Accepts NHIS (National Health Insurance)")}
          </label>
        </div>
      </details>
      {view === "map" ? <input type="hidden" name="view" value="map" /> : null}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary">
          {t("Search")}
        </button>
        {hasActiveFilters(filters) ? (
          <Link to={clearHref} preventScrollReset className="btn-ghost">
            {t("Clear filters")}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
