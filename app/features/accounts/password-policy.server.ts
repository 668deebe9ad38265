import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary as commonDictionary } from "@zxcvbn-ts/language-common";
import { dictionary as englishDictionary, translations } from "@zxcvbn-ts/language-en";
import { BREACHED_PASSWORD_MESSAGE, isKnownBreachedPassword } from "./breached-passwords.server";

/*
 * The server's check of a new password (issue 24), at registration and at a reset, after the
 * spec's rule (8 characters, strength 3 of 5: new-password-schema.ts and register-schema.ts, which
 * the browser runs too). Counting character classes lets `Admin@123` or the person's own name with
 * a digit through, so the password must also be hard to guess: a zxcvbn-ts score of at least 3
 * ("safely unguessable": about 10^8 guesses), estimated with the common and English dictionaries
 * and this person's name and email and the brand as words an attacker tries first.
 *
 * Server-only: the dictionaries are about a megabyte, which the sign-in page's script must not
 * carry. A refused password comes back to the same form as the password field's message.
 */

export const GUESSABLE_PASSWORD_MESSAGE = "Add another word or two; avoid names and years";

/** zxcvbn's scale is 0-4; 3 is "safely unguessable: moderate protection from offline slow-hash scenario". */
export const MIN_GUESS_SCORE = 3;

/** Words about this site an attacker adds to a list for it: the brand, and where it works. */
const SITE_WORDS = ["qurhealth", "health", "telemedicine", "ghana", "accra", "kumasi", "referral"];

export type PasswordOwner = { name?: string | null; email?: string | null };

/** The owner's name and address in the pieces people build passwords from ("ama", "mensah", "amamensah"). */
export function ownerWords({ name, email }: PasswordOwner): string[] {
  const words = new Set<string>();
  const add = (word: string) => {
    const w = word.trim().toLowerCase();
    if (w.length >= 2) words.add(w);
  };
  const nameParts = (name ?? "").split(/[\s.,'’-]+/).filter(Boolean);
  if (name) add(name);
  for (const part of nameParts) add(part);
  add(nameParts.join(""));
  if (email) {
    const [local = "", domain = ""] = email.toLowerCase().split("@");
    add(email);
    add(local);
    const localParts = local.split(/[._+-]+/);
    for (const part of localParts) add(part.replace(/\d+$/, ""));
    add(localParts.join(""));
    add(domain.split(".")[0] ?? "");
  }
  return [...words];
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
  return zxcvbn().check(password, [...ownerWords(owner), ...SITE_WORDS]).score;
}

/** Why this new password is refused (the password field's message), or null when it may be set. */
export function newPasswordProblem(password: string, owner: PasswordOwner): string | null {
  if (isKnownBreachedPassword(password)) return BREACHED_PASSWORD_MESSAGE;
  if (guessScore(password, owner) < MIN_GUESS_SCORE) return GUESSABLE_PASSWORD_MESSAGE;
  return null;
}
