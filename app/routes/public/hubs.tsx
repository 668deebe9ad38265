import { useState } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { filterHubs } from "~/components/marketing/filter-hubs";
import { HubCard } from "~/components/marketing/hub-card";
import { SearchIcon } from "~/components/marketing/svg";
import { HUBS, toHubSummary } from "~/content/hubs";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/hubs";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Specialty Hubs: 10 specialist communities",
    description:
      "Explore 10 specialty communities, from breast cancer care to mental health. Two hubs are live and eight are taking founding members ahead of their 2025 launch.",
    path: "/hubs",
  });

/** The card fields only: the sales copy stays on the server, out of the page's JavaScript. */
export function loader() {
  return { hubs: HUBS.map(toHubSummary) };
}

/**
 * Hubs listing (spec section 2). The search filters live while typing; without JavaScript the
 * same box is a GET form (`/hubs?q=...`) and the server renders the filtered list.
 */
export default function Hubs({ loaderData: { hubs } }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const urlQuery = params.get("q") ?? "";
  const [query, setQuery] = useState(urlQuery);
  // Follow the address when it changes under us (a submitted form, a link to /hubs).
  const [seenUrlQuery, setSeenUrlQuery] = useState(urlQuery);
  if (urlQuery !== seenUrlQuery) {
    setSeenUrlQuery(urlQuery);
    setQuery(urlQuery);
  }
  const results = filterHubs(hubs, query);
  const live = hubs.filter((h) => h.status === "live").length;

  return (
    <main id="main">
      <section className="bg-gradient-to-b from-brand-50 to-white pt-12 pb-8 sm:pt-16">
        <div className="container-page">
          <p className="text-sm font-semibold text-brand-700">
            {live} live · {hubs.length - live} launching in 2025
          </p>
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
        <Form method="get" action="/hubs" role="search" className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="relative grow">
            <label htmlFor="hub-search" className="field-label">
              Search hubs
            </label>
            <SearchIcon className="pointer-events-none absolute bottom-3 left-3 size-5 text-slate-500" />
            <input
              id="hub-search"
              type="search"
              name="q"
              value={query}
              onChange={(e) => setQuery(e.currentTarget.value)}
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

        <p className="mt-4 text-sm text-muted" role="status" aria-live="polite">
          {query.trim()
            ? `${results.length} of ${hubs.length} hubs match “${query.trim()}”`
            : `Showing all ${hubs.length} hubs`}
        </p>

        {results.length > 0 ? (
          <ul id="hub-results" className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {results.map((hub) => (
              <li key={hub.id}>
                <HubCard hub={hub} variant="listing" headingLevel={2} />
              </li>
            ))}
          </ul>
        ) : (
          <div
            id="hub-results"
            className="mt-4 rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center"
          >
            <SearchIcon className="mx-auto size-8 text-slate-500" />
            <h2 className="mt-3 text-lg font-bold">No hubs found</h2>
            <p className="mt-1 text-muted">
              No hub title or description mentions “{query.trim()}”. Try another word, such as a condition or a
              specialty.
            </p>
            <Link to="/hubs" className="btn-secondary mt-5" onClick={() => setQuery("")}>
              Show all hubs
            </Link>
          </div>
        )}
      </section>
    </main>
  );
}
