import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { INTL_LOCALE, type Locale } from "./locales";

/**
 * One i18n object per language, each loaded once with its compiled catalogue and never switched
 * (so concurrent renders in different languages on the server never share one). The server loads
 * every language (i18n/server-catalogues.server.ts); the browser only the page's (entry.client).
 */
const instances = new Map<Locale, I18n>();

export function provideMessages(locale: Locale, messages: Messages): I18n {
  const i18n = setupI18n();
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
