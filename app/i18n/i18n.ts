import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { builtTextOf } from "./built-texts";
import { type CatalogueLocale, INTL_LOCALE } from "./locales";

/**
 * One i18n object per language, each loaded once with its compiled catalogue and never switched
 * (so concurrent renders in different languages on the server never share one). The server loads
 * every language (i18n/server-catalogues.server.ts); the browser only the page's (entry.client).
 */
const instances = new Map<CatalogueLocale, I18n>();
const reported = new Set<string>();

/**
 * A key missing from the catalogue shows as given. Every text the pages ask for is in it
 * (catalogues.test.ts); a text the server already wrote in the reader's language (a toast with a
 * value, built with the person's translator) passes through the page's `t()` again and shows as it
 * is, unreported when it is one of the language's texts. A French page missing one, or a named key
 * (`home.step`) missing anywhere, is reported once per language and key, never on every render as
 * Lingui's own "Uncompiled message detected" warning is.
 */
export function missingMessage(locale: string, id: string): string {
  // An English text the server built with a value ("Too many attempts. Try again in 3 minutes."):
  // its key's message, in this language (built-texts.ts).
  const built = builtTextOf(id);
  const i18n = built ? instances.get(locale as CatalogueLocale) : undefined;
  if (built && i18n && Object.hasOwn(i18n.messages, built.key)) return i18n._(built.key, built.values);
  const named = /^[a-z][\w-]*(\.[\w-]+)+$/i.test(id);
  const language = instances.get(locale as CatalogueLocale);
  if (!named && language && isTextOf(language, id)) return id;
  if ((locale !== "en" || named) && reported.size < 1000 && !reported.has(`${locale}\u0000${id}`)) {
    reported.add(`${locale}\u0000${id}`);
    console.warn(`i18n: no "${locale}" catalogue entry for ${JSON.stringify(id.slice(0, 80))}`);
  }
  return id;
}

/** True when `text` is one of the language's texts without values (already in that language). */
function isTextOf(i18n: I18n, text: string): boolean {
  for (const message of Object.values(i18n.messages)) {
    const plain =
      typeof message === "string"
        ? message
        : Array.isArray(message) && message.every((p) => typeof p === "string")
          ? message.join("")
          : null;
    if (plain === text) return true;
  }
  return false;
}

/**
 * Loads a language's messages; a later part (a page's texts, a lazy part's, the platform's) joins
 * those loaded, quietly: each is loaded before what shows it is drawn, and Lingui's `load` would
 * tell every component to draw again, which drops the server's HTML of a part not hydrated yet (the
 * Register form on /auth while its code and texts arrive, and what was typed in it).
 */
export function provideMessages(locale: CatalogueLocale, messages: Messages): I18n {
  const loaded = instances.get(locale);
  if (loaded) {
    Object.assign(loaded.messages, messages);
    return loaded;
  }
  const i18n = setupI18n({ missing: missingMessage });
  i18n.load(locale, messages);
  i18n.activate(locale, [INTL_LOCALE[locale]]);
  instances.set(locale, i18n);
  return i18n;
}

/** The language's i18n object; in the browser, a language not loaded falls back to the one that is. */
export function i18nFor(locale: CatalogueLocale): I18n {
  const i18n = instances.get(locale) ?? instances.values().next().value;
  if (!i18n) throw new Error(`No catalogue loaded for ${locale}`);
  return i18n;
}

/** A translation function: the key's message in one language, with its values (ICU MessageFormat). */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

/** The language's translation function, for texts a loader or a content module builds (server side). */
export function translator(locale: CatalogueLocale): Translate {
  const i18n = i18nFor(locale);
  return (key, values) => i18n._(key, values);
}
