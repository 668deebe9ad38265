import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * Passwords known from breaches: the common-password list zxcvbn-ts ships (@zxcvbn-ts/language-common,
 * drawn from leaked password corpora), held in memory, checked without any network call.
 * Compared case-insensitively, as attackers' lists are tried.
 */
let known: Set<string> | null = null;

export const BREACHED_PASSWORD_MESSAGE =
  "This password is known from data breaches, so attackers try it first. Please choose another.";

export function isKnownBreachedPassword(password: string): boolean {
  known ??= new Set(dictionary["passwords-common"].map((p) => p.toLowerCase()));
  return known.has(password.toLowerCase());
}
