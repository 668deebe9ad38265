import { randomUUID } from "node:crypto";
import type { EntryContext } from "react-router";
import type { RouteHandle } from "../root";

/**
 * Pages whose markup is a function of their address and their loaders' data alone (route handle
 * `renderedFromData`), kept rendered per address and data: a request that reads the same data at
 * the same address gets the kept markup with its own nonce instead of a new render. The data is
 * still read, and authorised, on every request; any change in it is another key.
 * docs/decisions/016-pages-rendered-once-per-data.md
 */

/** A dashboard's markup and key are about 50 KB together: at most about 13 MB. */
export const MAX_RENDERED_PAGES = 256;
const pages = new Map<string, string[]>();

// Values JSON would write like another value get a mark of their own; the random part means no
// string in the data can pass for one.
const MARK = `\0${randomUUID()}`;
class NotPlainData extends Error {}

/**
 * JSON of `data`, with `undefined` and dates told apart from what JSON would make them; throws
 * NotPlainData for anything whose JSON does not say all of it (a Map, a class instance, NaN, -0).
 */
function plainJson(data: unknown): string {
  return JSON.stringify(data, function (this: Record<string, unknown>, key, value: unknown) {
    const original = this[key];
    if (original === undefined) return `${MARK}u`;
    if (original instanceof Date) {
      if (typeof value !== "string") throw new NotPlainData();
      return `${MARK}d${value}`;
    }
    if (typeof value === "number" && (!Number.isFinite(value) || Object.is(value, -0))) throw new NotPlainData();
    if (typeof value === "bigint" || typeof value === "function" || typeof value === "symbol") {
      throw new NotPlainData();
    }
    if (value !== null && typeof value === "object" && !Array.isArray(value)) {
      const prototype = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) throw new NotPlainData();
    }
    return value;
  });
}

/**
 * The key this answer's markup is kept by, or null when it is not kept: only a GET answered 200
 * without errors, by a page whose route says `renderedFromData`, with plain data. The key holds the
 * address, the day (UTC; a year in a footer) and every loader's and action's data.
 */
export function renderedPageKey(request: Request, status: number, context: EntryContext): string | null {
  const { matches, loaderData, actionData, errors } = context.staticHandlerContext;
  if (request.method !== "GET" || status !== 200 || errors) return null;
  const leaf = matches.at(-1);
  const handle = leaf ? (context.routeModules[leaf.route.id]?.handle as RouteHandle | undefined) : undefined;
  if (!handle?.renderedFromData) return null;
  try {
    return `${request.url}\n${new Date().toISOString().slice(0, 10)}\n${plainJson([loaderData, actionData])}`;
  } catch (error) {
    if (error instanceof NotPlainData) return null;
    throw error;
  }
}

/** The kept markup for `key`, with `nonce` where the rendering had its own; undefined if none. */
export function keptPage(key: string, nonce: string): string | undefined {
  const pieces = pages.get(key);
  if (!pieces) return undefined;
  pages.delete(key);
  pages.set(key, pieces);
  return pieces.join(nonce);
}

/** Keeps `html`, rendered with `nonce`, the least recently used page going first. */
export function keepPage(key: string, html: string, nonce: string): void {
  // Without a nonce, or with the nonce's text elsewhere in the page, the nonce's places are unknown.
  if (!nonce) return;
  const pieces = html.split(nonce);
  if (pieces.length - 1 !== html.split(`nonce="${nonce}"`).length - 1) return;
  if (pages.size >= MAX_RENDERED_PAGES) pages.delete(pages.keys().next().value as string);
  pages.set(key, pieces);
}
