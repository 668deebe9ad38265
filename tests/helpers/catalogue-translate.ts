import { readFileSync } from "node:fs";
import { type Messages, setupI18n } from "@lingui/core";
import type { Translate } from "../../app/i18n/i18n";
import { compileCatalogue } from "../../scripts/vite-po-catalogue";

/**
 * A language's translation function read straight from its catalogue (app/i18n/catalogues), for a
 * test that needs the text a page shows (say the press kit's copy in English or French).
 */
export function catalogueTranslate(locale: "en" | "fr"): Translate {
  const messages = compileCatalogue(readFileSync(`app/i18n/catalogues/${locale}.po`, "utf8")) as Messages;
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  return (key, values) => i18n._(key, values);
}
