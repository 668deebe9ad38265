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
