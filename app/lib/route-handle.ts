import type { VersionedBy } from "./static-page";

/**
 * A route module's `handle`: the one place a page says what reaches the browser
 * (docs/decisions/017-react-in-the-browser.md).
 * - `hydrate: false`: a content page. It has no behaviour that needs a script, so it ships no
 *   JavaScript at all: no <Scripts>, no module preloads, no hydration data. Every other page
 *   hydrates React and from then on navigates on the client.
 * - `static: true`: the page comes from the code alone, the same for every visitor (no database,
 *   no session, no query string), so the server renders it once and serves the copy (server/page-cache.ts).
 * - `versionedBy`: the page comes from the code and that content (or those contents) alone, the
 *   same for every visitor at a given query string; the server keeps it until a content's version
 *   in the database moves.
 */
export type RouteHandle = {
  hydrate?: false;
  /**
   * `"linked"`: the page links the stylesheet file (the signed-in app: its people come back every
   * day, and the browser keeps the file). Every public page, content page or not, has the
   * stylesheet in its HTML (docs/decisions/022 and 027: a linked file costs a round trip before
   * the first paint).
   */
  stylesheet?: "linked";
  static?: boolean;
  versionedBy?: VersionedBy;
};

/** True unless the deepest route that says so is a content page (`handle.hydrate === false`). */
export function hydrates(handles: ReadonlyArray<unknown>): boolean {
  const said = handles.findLast((h) => (h as RouteHandle | undefined)?.hydrate !== undefined) as
    | RouteHandle
    | undefined;
  return said?.hydrate !== false;
}

/**
 * The stylesheet goes in the page's HTML unless a route links it (the signed-in app): a content
 * page too, the page people land on from search, whose first paint would otherwise wait a round
 * trip for the file (decision 027: LCP 1.7 s instead of about 1 s under devtools throttling on Slow 4G).
 */
export function inlinesStylesheet(handles: ReadonlyArray<unknown>): boolean {
  return !handles.some((h) => (h as RouteHandle | undefined)?.stylesheet === "linked");
}
