import { readFileSync } from "node:fs";
import { type I18n, type Messages, setupI18n } from "@lingui/core";
import type { Translate } from "../../app/i18n/i18n";
import { compileCatalogue } from "../../scripts/vite-po-catalogue";

/**
 * A language's translation function read straight from its catalogue (app/i18n/catalogues), for a
 * test that needs the text a page shows (say the press kit's copy in English or French).
 */
export function catalogueTranslate(locale: "en" | "fr"): Translate {
  const i18n = catalogueI18n(locale);
  return (key, values) => i18n._(key, values);
}

/** A language's i18n object from its catalogue, for a component test's `I18nProvider`. */
export function catalogueI18n(locale: "en" | "fr"): I18n {
  const messages = compileCatalogue(readFileSync(`app/i18n/catalogues/${locale}.po`, "utf8")) as Messages;
  return setupI18n({ locale, messages: { [locale]: messages } });
}
