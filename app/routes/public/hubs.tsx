import { type FormEvent, useEffect, useRef, useState } from "react";
import { Form, Link, type ShouldRevalidateFunctionArgs, useLocation, useNavigate } from "react-router";
import { filterHubs, hubSearchStatus } from "~/components/marketing/filter-hubs";
import { HubCard } from "~/components/marketing/hub-card";
import { Icon } from "~/components/marketing/icon";
import { toHubSummary } from "~/content/hubs";
import { db } from "~/db/database.server";
import { listHubsWithNextLaunch } from "~/features/hubs/hubs.server";
import { hubsHeadline } from "~/features/hubs/launch-date";
import { pageMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/hubs";

export const handle: RouteHandle = { versionedBy: "hubs" };

export const meta: Route.MetaFunction = (args) => {
  const hubs = args.loaderData?.hubs ?? [];
  const live = hubs.filter((h) => h.status === "live").length;
  return pageMeta(args, {
    title: `Specialty Hubs: ${hubs.length} specialist communities`,
    description: `Explore ${hubs.length} specialty communities, from breast cancer care to mental health. ${live} live, ${hubs.length - live} taking founding members ahead of their launch.`,
    path: "/hubs",
  });
};

/** Every hub; the search (`?q=`, also what the GET form sends without JavaScript) is applied in the page. */
export async function loader() {
  const { hubs, nextLaunch } = await listHubsWithNextLaunch(await db());
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

/** How long typing pauses before the address follows the box (the list follows at once). */
const ADDRESS_DELAY_MS = 300;

/** Marks the navigations the search makes itself (typing), as opposed to a step back or a link. */
type SearchState = { hubSearch?: true } | null;

function addressFor(query: string): string {
  return query.trim() ? `/hubs?${new URLSearchParams({ q: query })}` : "/hubs";
}

/**
 * The search box's text: the address's `?q=` when the page loads or the visitor arrives by a step
 * back or a link; what is typed otherwise. Typing filters at once and, after a pause, puts the
 * search in the address (replacing the entry, no document load: `shouldRevalidate`).
 */
function useHubSearch() {
  const location = useLocation();
  const navigate = useNavigate();
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
  useEffect(() => () => clearTimeout(timer.current), []);

  const toAddress = (value: string) => {
    clearTimeout(timer.current);
    const next = addressFor(value);
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
 * Hubs listing (spec section 2). The search filters the cards while typing (filterHubs, the same
 * function the server uses). Without JavaScript the same box is a GET form (`/hubs?q=...`) and the
 * server renders the filtered list.
 */
export default function Hubs({ loaderData: { hubs, nextLaunch } }: Route.ComponentProps) {
  const search = useHubSearch();
  const results = filterHubs(hubs, search.query);

  return (
    <main id="main">
      <section className="bg-gradient-to-b from-brand-50 to-white pt-12 pb-8 sm:pt-16">
        <div className="container-page">
          <p className="text-sm font-semibold text-brand-700">{hubsHeadline(hubs, nextLaunch)}</p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">
            {hubs.length} specialty communities, one network of care
          </h1>
          <p className="mt-4 max-w-2xl text-lg leading-8 text-muted">
            Each hub brings together specialists focused on one area of care and the local facilities that refer to
            them. Patients reach them through qurbook; doctors join through qurpro.
          </p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <Link to="/apps#qurbook" className="btn-primary">
              Get qurbook for patients
            </Link>
            <Link to="/apps#qurpro" className="btn-secondary">
              Get qurpro for doctors
            </Link>
          </div>
        </div>
      </section>

      <section aria-label="Find a hub" className="container-page pb-16">
        <search>
          <Form
            method="get"
            action="/hubs"
            onSubmit={search.submit}
            className="flex flex-col gap-2 sm:flex-row sm:items-end"
          >
            <div className="relative grow">
              <label htmlFor="hub-search" className="field-label">
                Search hubs
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
                placeholder="Search hubs by name or description..."
                autoComplete="off"
                aria-controls="hub-results"
                className="field-input pl-10"
              />
            </div>
            <button type="submit" className="btn-secondary">
              Search
            </button>
          </Form>
        </search>

        <p className="mt-4 text-sm text-muted" role="status" aria-live="polite">
          {hubSearchStatus(results.length, hubs.length, search.query)}
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
            <h2 className="mt-3 text-lg font-bold">No hubs found</h2>
            <p className="mt-1 text-muted">
              No hub title or description mentions “{search.query.trim()}”. Try another word, such as a condition or a
              specialty.
            </p>
            <Link to="/hubs" preventScrollReset className="btn-secondary mt-5">
              Show all hubs
            </Link>
          </div>
        ) : null}
      </section>
    </main>
  );
}
