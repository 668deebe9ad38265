import { type ClientLoaderFunctionArgs, redirectDocument } from "react-router";

/**
 * The `clientLoader` of a page that does not hydrate React but has a page script: when a
 * hydrated page links to it, React Router would render it in the browser without its script, so
 * the browser loads the document instead (docs/decisions/008-interactive-public-pages.md).
 * The route needs a server `loader` (`noLoaderData` when it has no data): without one React
 * Router would run the clientLoader to hydrate and render nothing on the server.
 */
export function loadAsDocument({ request }: ClientLoaderFunctionArgs): never {
  throw redirectDocument(request.url);
}

/** The server `loader` of a page with no data of its own that uses loadAsDocument. */
export function noLoaderData(): null {
  return null;
}
