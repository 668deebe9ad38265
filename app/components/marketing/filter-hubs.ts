import type { Translate } from "~/i18n/i18n";

/**
 * Hub search (spec section 4): case-insensitive match on title or description, no minimum length.
 * Used live in the browser and on the server for the JavaScript-free `/hubs?q=...` form.
 */
export function filterHubs<T extends { title: string; description: string }>(hubs: readonly T[], query: string): T[] {
  const q = query.trim().toLocaleLowerCase("en");
  if (!q) return [...hubs];
  return hubs.filter(
    (hub) => hub.title.toLocaleLowerCase("en").includes(q) || hub.description.toLocaleLowerCase("en").includes(q),
  );
}

/** The live line above the results, the same in the server's rendering and the browser's. */
export function hubSearchStatus(matches: number, total: number, query: string, t: Translate): string {
  const q = query.trim();
  return q ? t("hubs.search.matches", { matches, total, query: q }) : t("hubs.search.all", { total });
}
