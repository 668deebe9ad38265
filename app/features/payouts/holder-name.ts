/*
 * Whether the name a doctor typed for a payout account and the holder's name Paystack resolved
 * (decision 032, point 5) are the same person. Banks and networks write names their own way ("MENSAH
 * AMA SERWAA" for "Dr Ama Mensah"), so the comparison is of the names' words: letters only, case
 * and accents ignored, titles dropped, and every word of the shorter name (at least two) found in
 * the longer one. It only decides whether a difference is pointed out; the doctor decides.
 */

const TITLES = new Set(["DR", "DOCTOR", "PROF", "PROFESSOR", "MR", "MRS", "MS", "MISS", "REV", "HON"]);

function words(name: string): Set<string> {
  const plain = name
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toUpperCase();
  return new Set(plain.split(/[^\p{L}]+/u).filter((w) => w.length > 0 && !TITLES.has(w)));
}

export function sameHolder(entered: string, resolved: string): boolean {
  const a = words(entered);
  const b = words(resolved);
  const [shorter, longer] = a.size <= b.size ? [a, b] : [b, a];
  if (shorter.size < 2) return false;
  for (const word of shorter) if (!longer.has(word)) return false;
  return true;
}
