/** C0 control characters and DEL: never part of a search, and U+0000 cannot reach PostgreSQL text. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** A search or filter value from the address: control characters removed, trimmed, at most `max` characters. */
export function searchText(value: string | null | undefined, max = 100): string {
  return (value ?? "").replace(CONTROL, "").trim().slice(0, max);
}

/**
 * The query string with control characters removed from every name and value, or null when it
 * has none (the common case, left untouched). Applied by the server to every GET, so no loader
 * sees one, whichever parameter it reads.
 */
export function withoutControlCharacters(search: string): string | null {
  if (search.length <= 1) return null;
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(search);
  } catch {
    return null;
  }
  let changed = false;
  const clean = new URLSearchParams();
  for (const [name, value] of params) {
    const n = name.replace(CONTROL, "");
    const v = value.replace(CONTROL, "");
    if (n !== name || v !== value) changed = true;
    clean.append(n, v);
  }
  return changed ? `?${clean.toString()}` : null;
}
