import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/** About 100 pages of distinct rows (a row's markup is about 1.2 KB): a few MB at most. */
export const MAX_ENTRIES = 2000;
const cache = new Map<string, string>();

/**
 * The server's markup of `render()`, kept by `key`, the least recently used going first: for a
 * fragment whose output is a pure function of the key (a table row of its data and columns), so
 * the same row is rendered once, not on every request that shows it. Nothing is skipped but
 * the rendering: the data behind the key is read, and authorised, on every request.
 * docs/decisions/013-table-rows-rendered-once.md
 */
export function cachedMarkup(key: string, render: () => ReactElement): { __html: string } {
  let html = cache.get(key);
  if (html === undefined) {
    html = renderToStaticMarkup(render());
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  } else {
    cache.delete(key);
  }
  cache.set(key, html);
  return { __html: html };
}
