import type { EntryContext } from "react-router";
import type { RouteHandle } from "../root";

/**
 * Marks a rendered page the server may keep and serve again (server/page-cache.ts): set by
 * entry.server, removed by the server before the answer leaves.
 */
export const STATIC_PAGE_HEADER = "X-Static-Page";

/**
 * True when this answer is the same for every visitor: a GET without a query string, answered 200,
 * by a page whose route handle says `static: true` (its content comes from the code alone).
 */
export function isStaticPage(request: Request, status: number, context: EntryContext): boolean {
  if (request.method !== "GET" || status !== 200 || new URL(request.url).search !== "") return false;
  const leaf = context.staticHandlerContext.matches.at(-1);
  const handle = leaf ? (context.routeModules[leaf.route.id]?.handle as RouteHandle | undefined) : undefined;
  return handle?.static === true;
}
