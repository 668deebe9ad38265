import { matchRoutes, type RouteObject } from "react-router";

/** The route table as the server build lists it (`build.routes`): flat, each route naming its parent. */
type RouteManifest = Record<
  string,
  { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean } | undefined
>;

/**
 * The React Router route id that answers a path (issue 39): the label of the request-latency
 * histogram, so `/referrals/REF-123` and `/referrals/REF-456` are one series
 * (`routes/referrals/referral`), never a series per URL. A single-fetch data request
 * (`/referrals/REF-1.data`, `/_root.data`) counts as its page's route. Every path matches a route
 * (the public layout's `*` answers the rest with its 404 page).
 */
export function routeIdMatcher(manifest: RouteManifest): (pathname: string) => string {
  const routes = Object.values(manifest).filter((r) => r !== undefined);
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((r) => r.parentId === parentId)
      .map((r) =>
        r.index
          ? { id: r.id, index: true, caseSensitive: r.caseSensitive }
          : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: childrenOf(r.id) },
      );
  const tree = childrenOf(undefined);
  return (pathname) => {
    let path = pathname;
    if (path === "/_root.data") path = "/";
    else if (path.endsWith(".data")) path = path.slice(0, -".data".length);
    return matchRoutes(tree, path)?.at(-1)?.route.id ?? "unmatched";
  };
}
