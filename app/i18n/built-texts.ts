/*
 * Texts the server builds in English with a value, which code also reads (a refused sign-in whose
 * message is "Too many attempts..." answers 429: features/accounts/account-actions.server.ts), so
 * they stay English where they are built and are translated where they are shown: the page's `t`
 * is given the English text, does not find it in the catalogue, and i18n.ts `missingMessage` finds
 * its key here, with its values. Client-safe.
 */

/** "Too many attempts. Try again in {minutes} minutes." (lib/rate-limit.server.ts). */
export const TOO_MANY_ATTEMPTS = "rate-limit.too-many-attempts";

/** The English of TOO_MANY_ATTEMPTS, built without the catalogue (the server's modules may run without one). */
export function tooManyAttemptsText(minutes: number): string {
  return `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

type BuiltText = { pattern: RegExp; key: string; values: (match: RegExpExecArray) => Record<string, unknown> };

const BUILT_TEXTS: readonly BuiltText[] = [
  {
    pattern: /^Too many attempts\. Try again in (\d+) minutes?\.$/,
    key: TOO_MANY_ATTEMPTS,
    values: (match) => ({ minutes: Number(match[1]) }),
  },
];

/** The key and values of a text the server built in English, or null for any other text. */
export function builtTextOf(text: string): { key: string; values: Record<string, unknown> } | null {
  for (const built of BUILT_TEXTS) {
    const match = built.pattern.exec(text);
    if (match) return { key: built.key, values: built.values(match) };
  }
  return null;
}
