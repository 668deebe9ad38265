import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary as commonDictionary } from "@zxcvbn-ts/language-common";
import { dictionary as englishDictionary, translations } from "@zxcvbn-ts/language-en";
import { SITE } from "~/content/site";
import { BREACHED_PASSWORD_MESSAGE, isKnownBreachedPassword } from "./breached-passwords.server";

/*
 * The server's check of a new password (decision 006), at registration and at a reset, after the
 * spec's rule (8 characters, strength 3 of 5: new-password-schema.ts and register-schema.ts, which
 * the browser runs too). Counting character classes lets `Admin@123` or the person's own name with
 * a digit through, so the password must also be hard to guess: a zxcvbn-ts score of at least 3
 * ("safely unguessable": about 10^8 guesses), estimated with the common and English dictionaries
 * and this person's name and email and the brand as words an attacker tries first.
 *
 * Passwords made of the person's own details still passed ("Kwame@Boateng1",
 * "0244123456Aa!", "Cardiology@2024", "Gh@na2024!!"): two words zxcvbn knows, joined by a symbol
 * and a digit, reach its score of 3. So zxcvbn is given every detail of the person (the name's
 * parts, the email's local part, the phone's digits, the specialty) and the site's words (the brand,
 * Ghana's), each also reversed; and those details count for nothing: with every one of them taken
 * out of the password (in any case, reversed, with leet such as `@` for a and `0` for o), what is
 * left must still score 3. A passphrase that happens to hold the person's name still passes.
 *
 * Server-only: the dictionaries are about a megabyte, which the sign-in page's script must not
 * carry. A refused password comes back to the same form as the password field's message.
 */

export const GUESSABLE_PASSWORD_MESSAGE = "Add another word or two; avoid names and years";

/** zxcvbn's scale is 0-4; 3 is "safely unguessable: moderate protection from offline slow-hash scenario". */
export const MIN_GUESS_SCORE = 3;

/**
 * Words about this site and its country an attacker adds to a list for it: the brand (and its
 * parts), what it does, and Ghana's places and words.
 */
const SITE_WORDS = [
  ...new Set([
    SITE.name.toLowerCase(),
    ...SITE.name
      .split(/(?=[A-Z])|[\s-]+/)
      .map((w) => w.toLowerCase())
      .filter((w) => w.length >= 3),
    SITE.office.city.toLowerCase(),
    SITE.office.country.toLowerCase(),
    "health",
    "telemedicine",
    "telehealth",
    "referral",
    "referrals",
    "doctor",
    "hospital",
    "clinic",
    "ghana",
    "ghanaian",
    "accra",
    "kumasi",
    "tamale",
    "takoradi",
    "capecoast",
    "tema",
    "akwaaba",
    "cedi",
    "cedis",
    "blackstars",
    "black",
    "stars",
  ]),
];

export type PasswordOwner = {
  name?: string | null;
  email?: string | null;
  /** The person's phone numbers as given (any format: the registration's, the confirmed one); their digits count. */
  phones?: ReadonlyArray<string | null | undefined>;
  specialty?: string | null;
};

/** Ghana's numbers written the ways people write them: 0244123456, 244123456, 233244123456. */
function phoneForms(phone: string): string[] {
  const digits = phone.replace(/\D/g, "");
  if (digits.length < 6) return [];
  const national = digits.startsWith("233") ? digits.slice(3) : digits.startsWith("0") ? digits.slice(1) : digits;
  return [...new Set([digits, national, `0${national}`, `233${national}`])];
}

/**
 * The owner's details in the pieces people build passwords from ("ama", "mensah", "amamensah",
 * "0244123456", "cardiology", initials), lowercased, without their reversals.
 */
function ownerPieces({ name, email, phones, specialty }: PasswordOwner): string[] {
  const words = new Set<string>();
  const add = (word: string) => {
    const w = word.trim().toLowerCase();
    if (w.length >= 2) words.add(w);
  };
  const nameParts = (name ?? "").split(/[\s.,'’-]+/).filter(Boolean);
  if (name) add(name);
  for (const part of nameParts) add(part);
  add(nameParts.join(""));
  if (nameParts.length >= 2) {
    const initials = nameParts.map((p) => p[0]).join("");
    add(initials);
    add(`${nameParts.at(-1)?.[0] ?? ""}${nameParts[0]?.[0] ?? ""}`);
  }
  if (email) {
    const [local = "", domain = ""] = email.toLowerCase().split("@");
    add(email);
    add(local);
    const localParts = local.split(/[._+-]+/);
    for (const part of localParts) add(part.replace(/\d+$/, ""));
    add(localParts.join(""));
    add(domain.split(".")[0] ?? "");
  }
  for (const phone of phones ?? []) if (phone) for (const form of phoneForms(phone)) add(form);
  if (specialty) {
    add(specialty);
    const parts = specialty.split(/[^\p{L}]+/u).filter((p) => p.length >= 3);
    for (const part of parts) {
      add(part);
      // "Cardio" for Cardiology, "Paedia" for Paediatrics: the stem people shorten it to.
      if (part.length >= 8) add(part.slice(0, 6));
    }
    add(parts.join(""));
  }
  return [...words];
}

const reversed = (word: string) => [...word].reverse().join("");

/** This person's details as zxcvbn is told them: every piece, and every piece reversed. */
export function ownerWords(owner: PasswordOwner): string[] {
  const pieces = ownerPieces(owner);
  return [...new Set([...pieces, ...pieces.map(reversed)])];
}

/** What zxcvbn is told: the person's details and the site's words, each also reversed. */
export function userInputs(owner: PasswordOwner): string[] {
  return [...new Set([...ownerWords(owner), ...SITE_WORDS, ...SITE_WORDS.map(reversed)])];
}

let estimator: ZxcvbnFactory | null = null;

/** Built once per process on first use (the dictionaries take a moment to index). */
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...englishDictionary },
    graphs: adjacencyGraphs,
    translations,
  });
  return estimator;
}

/** zxcvbn-ts's score (0-4) of `password` for this owner. */
export function guessScore(password: string, owner: PasswordOwner): number {
  return zxcvbn().check(password, userInputs(owner)).score;
}

/** The characters a letter is written as in passwords (leet), for matching the owner's words. */
const LEET: Record<string, string> = {
  a: "a@4^",
  b: "b8",
  e: "e3€",
  g: "g9",
  i: "i1!|l",
  l: "l1|!i",
  o: "o0",
  s: "s$5z",
  t: "t7+",
  z: "z2s",
};

const escapeClass = (chars: string) => chars.replace(/[\\\]^-]/g, "\\$&");

/** A pattern for `word` in any case, with leet, and with separators between its letters dropped. */
function leetPattern(word: string): RegExp {
  const letters = [...word.replace(/[\s._-]+/g, "")];
  const source = letters.map((ch) => {
    const forms = LEET[ch];
    return forms ? `[${escapeClass(forms)}]` : ch.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  });
  return new RegExp(source.join("[\\s._-]?"), "giu");
}

/**
 * The password with the owner's details and the site's words taken out (each found in any case,
 * reversed, with leet): what is left is what an attacker with a list for this person must guess.
 */
export function withoutOwnerWords(password: string, owner: PasswordOwner): string {
  const pieces = [...ownerPieces(owner), ...SITE_WORDS].filter((w) => w.replace(/[\s._-]+/g, "").length >= 2);
  const taken = new Array<boolean>(password.length).fill(false);
  const candidates = [...new Set([...pieces, ...pieces.map(reversed)])].sort((a, b) => b.length - a.length);
  for (const word of candidates) {
    for (const match of password.matchAll(leetPattern(word))) {
      const start = match.index ?? 0;
      for (let i = start; i < start + match[0].length; i++) taken[i] = true;
    }
  }
  return [...password].filter((_, i) => !taken[i]).join("");
}

/** Why this new password is refused (the password field's message), or null when it may be set. */
export function newPasswordProblem(password: string, owner: PasswordOwner): string | null {
  if (isKnownBreachedPassword(password)) return BREACHED_PASSWORD_MESSAGE;
  if (guessScore(password, owner) < MIN_GUESS_SCORE) return GUESSABLE_PASSWORD_MESSAGE;
  // The person's details and the site's words count for nothing: the rest must be strong alone.
  const rest = withoutOwnerWords(password, owner);
  if (rest !== password && guessScore(rest, owner) < MIN_GUESS_SCORE) return GUESSABLE_PASSWORD_MESSAGE;
  return null;
}
