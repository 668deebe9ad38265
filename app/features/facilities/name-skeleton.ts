import unhomoglyph from "unhomoglyph";

/*
 * Facility names as a person reads them (decision 021): "Lаgoon Heart Institute"
 * with a Cyrillic "а", or "lnstitute" with a lower-case L, looks like the real name in the
 * referral form. Names that look alike are one name.
 *
 * Built on the confusable skeleton of Unicode's Technical Standard #39 (skeleton(x) =
 * NFD(map(NFD(x))), the map being Unicode's confusables.txt, which the `unhomoglyph` package
 * ships), and, like the database's `name_key`, ignoring letter case, accents, spacing,
 * punctuation and invisible characters.
 *
 * Case and the skeleton do not commute: the skeleton maps a capital I to "l" but leaves a small i
 * alone, and maps a small m to "rn" but leaves a capital M alone. So a name has three keys, the
 * skeletons of the name as written, in small letters and in capitals, and two names look alike
 * when they share one: names that differ only in case share the last two, names with one
 * skeleton share the first, and "Institute" / "lnstitute" / "institute" all meet in capitals.
 */

/** UTS #39's skeleton: NFD, each confusable character to its prototype, NFD again. */
export function confusableSkeleton(text: string): string {
  return unhomoglyph(text.normalize("NFD")).normalize("NFD");
}

/** What is not a letter or a digit (accents are combining marks once decomposed: dropped too). */
const NOT_ALNUM = /[^\p{L}\p{N}]+/gu;

const keyOf = (text: string) => confusableSkeleton(text).toLowerCase().normalize("NFKD").replace(NOT_ALNUM, "");

/** The keys of a name (see above): two active facilities' names must share none. */
export function facilityNameKeys(name: string): string[] {
  const compatible = name.normalize("NFKD");
  return [...new Set([keyOf(compatible), keyOf(compatible.toLowerCase()), keyOf(compatible.toUpperCase())])];
}

/** Whether two names look alike (share a key). */
export function namesLookAlike(a: string, b: string): boolean {
  const keys = new Set(facilityNameKeys(a));
  return facilityNameKeys(b).some((key) => keys.has(key));
}
