/**
 * Profile addresses (spec section 2): the facility name lowercased, whitespace to hyphens,
 * non-word characters removed. Two refinements keep the result readable: accents are folded
 * first ("São" -> "sao", not "so"), and runs of hyphens collapse ("a & b" -> "a-b").
 */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim()
    .replace(/\s+/g, "-")
    .replace(/[^\w-]+/g, "")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug || "facility";
}

/**
 * The first free slug for `name`: the plain slug, else the plain slug with the lowest free
 * suffix from -2 up ("city-clinic", "city-clinic-2", "city-clinic-3", ...).
 */
export function uniqueSlug(name: string, isTaken: (slug: string) => boolean): string {
  const base = slugify(name);
  if (!isTaken(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!isTaken(candidate)) return candidate;
  }
}

/** Slugs for a list of names, in order, unique within the list and against `taken`. */
export function assignUniqueSlugs(names: readonly string[], taken: Iterable<string> = []): string[] {
  const used = new Set(taken);
  return names.map((name) => {
    const slug = uniqueSlug(name, (s) => used.has(s));
    used.add(slug);
    return slug;
  });
}
