import { type FormEvent, useEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigate } from "react-router";
import { filterHubs, hubSearchStatus } from "~/components/marketing/filter-hubs";
import { HubCard } from "~/components/marketing/hub-card";
import { Icon } from "~/components/marketing/icon";
import type { HubSummary } from "~/content/hubs";
import { useLocalePath, useT } from "~/i18n/react";

/** How long typing pauses before the address follows the box (the list follows at once). */
const ADDRESS_DELAY_MS = 300;

/** Marks the navigations the search makes itself (typing), as opposed to a step back or a link. */
type SearchState = { hubSearch?: true } | null;

/** The listing's address with the search, in the page's language (`/fr/hubs?q=...` in French). */
function addressFor(listing: string, query: string): string {
  return query.trim() ? `${listing}?${new URLSearchParams({ q: query })}` : listing;
}

/**
 * The search box's text: the address's `?q=` when the page loads or the visitor arrives by a step
 * back or a link; what is typed otherwise. Typing filters at once and, after a pause, puts the
 * search in the address (replacing the entry, no document load: the route's `shouldRevalidate`).
 */
function useHubSearch() {
  const location = useLocation();
  const navigate = useNavigate();
  const listing = useLocalePath()("/hubs");
  const addressQuery = new URLSearchParams(location.search).get("q") ?? "";
  const [query, setQuery] = useState(addressQuery);
  // The box is uncontrolled (what was typed before React ran stays); a navigation from elsewhere
  // gives it a new key, so it shows that address's search.
  const [boxKey, setBoxKey] = useState(0);
  const [seenKey, setSeenKey] = useState(location.key);
  const ownNavigation = (location.state as SearchState)?.hubSearch === true;
  if (location.key !== seenKey) {
    setSeenKey(location.key);
    if (!ownNavigation && addressQuery !== query) {
      setQuery(addressQuery);
      setBoxKey((k) => k + 1);
    }
  }
  const box = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // A navigation from elsewhere wins over an address update still waiting; leaving the page too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs per navigation
  useEffect(() => {
    if (!ownNavigation) clearTimeout(timer.current);
  }, [location.key]);
  // ...and from the moment it starts: a link ("Show all hubs", a hub, the header) or a step back
  // is a navigation the router commits a moment later (a transition). An address update firing in
  // between would replace it with the old search.
  useEffect(() => {
    const drop = (event: Event) => {
      if (event.type === "popstate" || (event.target instanceof Element && event.target.closest("a[href]"))) {
        clearTimeout(timer.current);
      }
    };
    document.addEventListener("click", drop, true);
    window.addEventListener("popstate", drop);
    return () => {
      clearTimeout(timer.current);
      document.removeEventListener("click", drop, true);
      window.removeEventListener("popstate", drop);
    };
  }, []);

  const toAddress = (value: string) => {
    clearTimeout(timer.current);
    const next = addressFor(listing, value);
    if (next !== location.pathname + location.search) {
      navigate(next, { replace: true, preventScrollReset: true, state: { hubSearch: true } satisfies SearchState });
    }
  };
  const type = (value: string) => {
    setQuery(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => toAddress(value), ADDRESS_DELAY_MS);
  };
  // A search typed before React ran: show its results now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when React takes over
  useEffect(() => {
    if (box.current && box.current.value !== query) type(box.current.value);
  }, []);
  return {
    query,
    box,
    boxKey,
    type,
    submit(event: FormEvent<HTMLFormElement>) {
      // The list already shows the results: Enter only puts the search in the address now.
      event.preventDefault();
      toAddress(query);
    },
  };
}

/**
 * The hubs listing's search (spec section 2). It filters the cards while typing (filterHubs, the
 * same function the server uses). Without JavaScript the same box is a GET form (`/hubs?q=...`)
 * and the server renders the filtered list.
 */
export function HubSearch({ hubs }: { hubs: readonly HubSummary[] }) {
  const t = useT();
  const to = useLocalePath();
  const search = useHubSearch();
  const results = filterHubs(hubs, search.query);
  return (
    <section aria-label={t("Find a hub")} className="container-page pb-16">
      <search>
        <Form
          method="get"
          action={to("/hubs")}
          onSubmit={search.submit}
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
        >
          <div className="relative grow">
            <label htmlFor="hub-search" className="field-label">
              {t("Search hubs")}
            </label>
            <Icon name="search" className="pointer-events-none absolute bottom-3 left-3 size-5 text-slate-500" />
            <input
              id="hub-search"
              type="search"
              name="q"
              key={search.boxKey}
              ref={search.box}
              defaultValue={search.query}
              onChange={(event) => search.type(event.target.value)}
              placeholder={t("Search hubs by name or description...")}
              autoComplete="off"
              aria-controls="hub-results"
              className="field-input pl-10"
            />
          </div>
          <button type="submit" className="btn-secondary">
            {t("Search")}
          </button>
        </Form>
      </search>

      <p className="mt-4 text-sm text-muted" role="status" aria-live="polite">
        {hubSearchStatus(results.length, hubs.length, search.query, t)}
      </p>

      <ul id="hub-results" hidden={results.length === 0} className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {results.map((hub) => (
          <li key={hub.id}>
            <HubCard hub={hub} variant="listing" headingLevel={2} />
          </li>
        ))}
      </ul>
      {results.length === 0 ? (
        <div className="mt-4 rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center">
          <Icon name="search" className="mx-auto size-8 text-slate-500" />
          <h2 className="mt-3 text-lg font-bold">{t("No hubs found")}</h2>
          <p className="mt-1 text-muted">{t("hubs.search.none", { query: search.query.trim() })}</p>
          <Link to={to("/hubs")} preventScrollReset className="btn-secondary mt-5">
            {t("Show all hubs")}
          </Link>
        </div>
      ) : null}
    </section>
  );
}
