import type { EntryContext } from "react-router";
import type { RouteHandle } from "./route-handle";

/**
 * Marks a rendered page the server may keep and serve again (server/page-cache.ts): set by
 * entry.server, removed by the server before the answer leaves. Its value is the page's kind:
 * `static`, or `content:<name>` for a page kept while that content's version holds.
 */
export const STATIC_PAGE_HEADER = "X-Static-Page";

/**
 * Content whose every write raises a version in the database (table content_versions, kept by
 * triggers): a page built from it alone (route handle `versionedBy`) is kept until the version moves.
 */
export const VERSIONED_CONTENT = ["facilities", "hubs"] as const;
export type VersionedContent = (typeof VERSIONED_CONTENT)[number];

/** What a page is built from: one content, or several (the home page counts facilities and lists hubs). */
export type VersionedBy = VersionedContent | readonly VersionedContent[];

/** `content:hubs` or, for a page built from several, `content:facilities,hubs` (sorted). */
export type CacheTag = "static" | `content:${string}`;

/** The contents of a page built from versioned content, sorted, in one list. */
export function versionedContents(by: VersionedBy): VersionedContent[] {
  return [...new Set(typeof by === "string" ? [by] : by)].sort();
}

/** The contents a `content:` tag names, or null when it names none or an unknown one. */
export function contentsOfTag(tag: string): VersionedContent[] | null {
  if (!tag.startsWith("content:")) return null;
  const names = tag.slice("content:".length).split(",");
  const known = names.filter((n): n is VersionedContent => (VERSIONED_CONTENT as readonly string[]).includes(n));
  return known.length > 0 && known.length === names.length ? known : null;
}

/**
 * How the server may keep this answer, or null when it may not: only a GET answered 200, by a page
 * whose route handle says either `static: true` (its content comes from the code alone; no query
 * string) or `versionedBy` (the code and that content alone; each query string is its own page).
 */
export function pageCacheTag(request: Request, status: number, context: EntryContext): CacheTag | null {
  if (request.method !== "GET" || status !== 200) return null;
  const leaf = context.staticHandlerContext.matches.at(-1);
  const handle = leaf ? (context.routeModules[leaf.route.id]?.handle as RouteHandle | undefined) : undefined;
  if (handle?.versionedBy) return `content:${versionedContents(handle.versionedBy).join(",")}`;
  if (handle?.static === true && new URL(request.url).search === "") return "static";
  return null;
}
