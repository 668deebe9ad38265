import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { INTL_LOCALE, type Locale } from "./locales";

/**
 * One i18n object per language, each loaded once with its compiled catalogue and never switched
 * (so concurrent renders in different languages on the server never share one). The server loads
 * every language (i18n/server-catalogues.server.ts); the browser only the page's (entry.client).
 */
const instances = new Map<Locale, I18n>();
const reported = new Set<string>();

/**
 * A key missing from the catalogue (every text the code passes should be in it: catalogues.test.ts)
 * shows as given, and is reported once per language and key rather than on every render, which
 * Lingui's own "Uncompiled message detected" warning does in production.
 */
export function missingMessage(locale: string, id: string): string {
  if (!reported.has(`${locale}\u0000${id}`)) {
    reported.add(`${locale}\u0000${id}`);
    console.warn(`i18n: no "${locale}" catalogue entry for ${JSON.stringify(id.slice(0, 80))}`);
  }
  return id;
}

export function provideMessages(locale: Locale, messages: Messages): I18n {
  const i18n = setupI18n({ missing: missingMessage });
  i18n.load(locale, messages);
  i18n.activate(locale, [INTL_LOCALE[locale]]);
  instances.set(locale, i18n);
  return i18n;
}

/** The language's i18n object; in the browser, a language not loaded falls back to the one that is. */
export function i18nFor(locale: Locale): I18n {
  const i18n = instances.get(locale) ?? instances.values().next().value;
  if (!i18n) throw new Error(`No catalogue loaded for ${locale}`);
  return i18n;
}
