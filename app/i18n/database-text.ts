import type { Locale } from "./locales";

/**
 * A text kept in the database in English with, maybe, its French beside it (hubs' titles and
 * descriptions, facilities' descriptions). On a French page the French when an
 * administrator wrote it; otherwise the English, with `lang="en"` for its element so screen
 * readers and translators know (docs/decisions/044). English pages never carry a `lang`.
 */
export type DatabaseText = { text: string; lang: "en" | undefined };

export function databaseText(locale: Locale, english: string, french: string | null | undefined): DatabaseText {
  if (locale === "en") return { text: english, lang: undefined };
  const translated = french?.trim();
  return translated ? { text: translated, lang: undefined } : { text: english, lang: "en" };
}
