/**
 * The site's languages (docs/decisions/044): English at the site's addresses, French under /fr.
 * Twi (ak) and Hausa (ha) have catalogues for SMS texts only: no page is served in them.
 */
export const LOCALES = ["en", "fr"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
/** Languages with a catalogue but no pages (SMS texts, decision 048). */
export const MESSAGE_ONLY_LOCALES = ["ak", "ha"] as const;
/** Every language with a catalogue: the page languages and the message-only ones. */
export type CatalogueLocale = Locale | (typeof MESSAGE_ONLY_LOCALES)[number];

/** The <html lang> and hreflang of each language. */
export const HTML_LANG: Record<Locale, string> = { en: "en-GH", fr: "fr" };
/** The Intl locale that formats dates, numbers and money (French the fr-FR way; Twi and Hausa as in Ghana). */
export const INTL_LOCALE: Record<CatalogueLocale, string> = { en: "en-GH", fr: "fr-FR", ak: "ak-GH", ha: "ha-GH" };
/** Open Graph's locale of each language. */
export const OG_LOCALE: Record<Locale, string> = { en: "en_GH", fr: "fr_FR" };
/** Each language's own name, for the language switch. */
export const LANGUAGE_NAME: Record<Locale, string> = { en: "English", fr: "Français" };

const FRENCH = /^\/fr(?=\/|$)/;

/** The language a path is in: /fr and below are French. */
export function localeOfPath(pathname: string): Locale {
  return FRENCH.test(pathname) ? "fr" : "en";
}

/** The language of a page's `<html lang>` (the browser reads it to fetch that language's texts). */
export function localeOfHtmlLang(lang: string): Locale {
  return LOCALES.find((locale) => HTML_LANG[locale] === lang) ?? DEFAULT_LOCALE;
}

/** The path without its language prefix: /fr/hubs is /hubs, /fr is /. */
export function pathWithoutLocale(pathname: string): string {
  return pathname.replace(FRENCH, "") || "/";
}

/** React Router's pattern of an address (`fr/hub/:hubId`, no leading slash) in English, as the build keys pages: `/hub/:hubId`. */
export function englishPattern(pattern: string): string {
  return pathWithoutLocale(`/${pattern.replace(/^\//, "")}`);
}

/** `path` (an English address, maybe with a query or fragment) in `locale`: /hubs is /fr/hubs in French. */
export function localePath(locale: Locale, path: string): string {
  if (locale === DEFAULT_LOCALE || !path.startsWith("/")) return path;
  if (path === "/" || path.startsWith("/#") || path.startsWith("/?")) return `/fr${path.slice(1)}`;
  return `/fr${path}`;
}

/** The same page in another language. */
export function switchLocale(pathname: string, locale: Locale): string {
  return localePath(locale, pathWithoutLocale(pathname));
}

/** The browser's texts groups every page shares (scripts/vite-po-catalogue.ts makes them): the shell's, and the platform's frame's. */
export const SHELL_TEXTS = "shell";
export const FRAME_TEXTS = "platform-frame";
