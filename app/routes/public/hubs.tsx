import { filterHubs, hubSearchStatus } from "~/components/marketing/filter-hubs";
import { HubCard } from "~/components/marketing/hub-card";
import { Icon } from "~/components/marketing/icon";
import { HUBS, type HubSummary, toHubSummary } from "~/content/hubs";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/hubs";

/** No React in the browser: the live search is a page script (enhance/pages/hubs.ts). */
export const handle = { static: true };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Specialty Hubs: 10 specialist communities",
    description:
      "Explore 10 specialty communities, from breast cancer care to mental health. Two hubs are live and eight are taking founding members ahead of their 2025 launch.",
    path: "/hubs",
  });

export function loader({ request }: Route.LoaderArgs) {
  return { hubs: HUBS.map(toHubSummary), query: new URL(request.url).searchParams.get("q") ?? "" };
}

/** A result card; its title and description are what the page script searches. */
function HubItem({ hub }: { hub: HubSummary }) {
  return (
    <li data-title={hub.title} data-description={hub.description}>
      <HubCard hub={hub} variant="listing" headingLevel={2} />
    </li>
  );
}

/**
 * Hubs listing (spec section 2). The search filters live while typing (the page script);
 * without JavaScript the same box is a GET form (`/hubs?q=...`) and the server renders the
 * filtered list. A filtered page keeps every card in a <template> for the live search.
 */
export default function Hubs({ loaderData: { hubs, query } }: Route.ComponentProps) {
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
            <a href="/apps#qurbook" className="btn-primary">
              Get qurbook for patients
            </a>
            <a href="/apps#qurpro" className="btn-secondary">
              Get qurpro for doctors
            </a>
          </div>
        </div>
      </section>

      <section aria-label="Find a hub" className="container-page pb-16">
        <search>
          <form method="get" action="/hubs" className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <div className="relative grow">
              <label htmlFor="hub-search" className="field-label">
                Search hubs
              </label>
              <Icon name="search" className="pointer-events-none absolute bottom-3 left-3 size-5 text-slate-500" />
              <input
                id="hub-search"
                type="search"
                name="q"
                defaultValue={query}
                placeholder="Search hubs by name or description..."
                autoComplete="off"
                aria-controls="hub-results"
                className="field-input pl-10"
              />
            </div>
            <button type="submit" className="btn-secondary">
              Search
            </button>
          </form>
        </search>

        <p id="hub-status" className="mt-4 text-sm text-muted" role="status" aria-live="polite">
          {hubSearchStatus(results.length, hubs.length, query)}
        </p>

        <ul id="hub-results" hidden={results.length === 0} className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {results.map((hub) => (
            <HubItem key={hub.id} hub={hub} />
          ))}
        </ul>
        {results.length < hubs.length ? (
          <template id="hub-cards">
            {hubs.map((hub) => (
              <HubItem key={hub.id} hub={hub} />
            ))}
          </template>
        ) : null}
        <div
          id="hub-empty"
          hidden={results.length > 0}
          className="mt-4 rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center"
        >
          <Icon name="search" className="mx-auto size-8 text-slate-500" />
          <h2 className="mt-3 text-lg font-bold">No hubs found</h2>
          <p className="mt-1 text-muted">
            No hub title or description mentions “<span id="hub-empty-query">{query.trim()}</span>”. Try another word,
            such as a condition or a specialty.
          </p>
          <a id="hub-show-all" href="/hubs" className="btn-secondary mt-5">
            Show all hubs
          </a>
        </div>
      </section>
    </main>
  );
}
