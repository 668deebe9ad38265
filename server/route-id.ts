/** The route table as the server build lists it (`build.routes`): flat, each route naming its parent. */
type RouteManifest = Record<
  string,
  { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean } | undefined
>;

type Branch = { id: string; path: string; score: number; indexes: number[]; regex: RegExp };

/**
 * The React Router route id that answers a path: the label of the request-latency
 * histogram, so `/referrals/REF-123` and `/referrals/REF-456` are one series
 * (`routes/referrals/referral`), never a series per URL. A single-fetch data request
 * (`/referrals/REF-1.data`, `/_root.data`) counts as its page's route. Every path matches a route
 * (the public layout's `*` answers the rest with its 404 page).
 *
 * React Router's own `matchRoutes` flattens and ranks the whole table on every call (about 0.7 ms
 * for ours: too dear for every request). This ranks the table once, as React Router does
 * (`flattenRoutes`, `computeScore`, `rankRouteBranches`, `compilePath`), and then tries one regular
 * expression per route, best first; server/metrics.test.ts checks it against `matchRoutes`.
 */
export function routeIdMatcher(manifest: RouteManifest): (pathname: string) => string {
  const routes = Object.values(manifest).filter((r) => r !== undefined);
  const branches: Branch[] = [];
  const walk = (parentId: string | undefined, parentPath: string, parentIndexes: number[]) => {
    routes
      .filter((r) => r.parentId === parentId)
      .forEach((route, i) => {
        const path = joinPaths(parentPath, route.path ?? "");
        const indexes = [...parentIndexes, i];
        if (!route.index) walk(route.id, path, indexes);
        // A route without a path never matches by itself unless it is an index route.
        if (route.path == null && !route.index) return;
        branches.push({
          id: route.id,
          path,
          score: computeScore(path, route.index === true),
          indexes,
          regex: compilePath(path, route.caseSensitive === true),
        });
      });
  };
  walk(undefined, "", []);
  branches.sort((a, b) => (a.score !== b.score ? b.score - a.score : compareIndexes(a.indexes, b.indexes)));
  return (pathname) => {
    let path = pathname;
    if (path === "/_root.data") path = "/";
    else if (path.endsWith(".data")) path = path.slice(0, -".data".length);
    return branches.find((b) => b.regex.test(path))?.id ?? "unmatched";
  };
}

function joinPaths(parent: string, child: string): string {
  return `${parent}/${child}`.replace(/\/\/+/g, "/");
}

const PARAM = /^:[\w-]+$/;

/** React Router's ranking: static segments 10, dynamic 3, empty 1, index +2, splat -2. */
function computeScore(path: string, index: boolean): number {
  const segments = path.split("/");
  let score = segments.length;
  if (segments.includes("*")) score -= 2;
  if (index) score += 2;
  for (const segment of segments) {
    if (segment === "*") continue;
    score += PARAM.test(segment) ? 3 : segment === "" ? 1 : 10;
  }
  return score;
}

/** Siblings keep their order in the table; branches of different parents tie. */
function compareIndexes(a: number[], b: number[]): number {
  const siblings = a.length === b.length && a.slice(0, -1).every((n, i) => n === b[i]);
  return siblings ? (a.at(-1) ?? 0) - (b.at(-1) ?? 0) : 0;
}

/** A route's whole path as a regular expression matching a whole pathname (React Router's compilePath, end: true). */
function compilePath(path: string, caseSensitive: boolean): RegExp {
  let source = `^${path
    .replace(/\/*\*?$/, "")
    .replace(/^\/*/, "/")
    .replace(/[\\.*+^${}|()[\]]/g, "\\$&")
    .replace(/\/:[\w-]+(\?)?/g, (_, optional) => (optional ? "(?:/([^\\/]+))?" : "/([^\\/]+)"))}`;
  if (path.endsWith("*")) source += path === "*" || path === "/*" ? "(.*)$" : "(?:\\/(.+)|\\/*)$";
  else source += "\\/*$";
  return new RegExp(source, caseSensitive ? undefined : "i");
}
