import { useLocation, useRouteLoaderData } from "react-router";
import { HTML_LANG, LANGUAGE_NAME, LOCALES, localeOfPath, switchLocale } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/react";

type RootData = { appUrl: string; offerFrench?: boolean } | undefined;

/**
 * The page in each language and x-default (English), as hreflang alternates in <head> (React
 * hoists them), with the query string kept (a filtered directory is the same page).
 */
export function LanguageAlternates() {
  const { pathname, search } = useLocation();
  const appUrl = useRouteLoaderData<RootData>("root")?.appUrl ?? "";
  const href = (locale: (typeof LOCALES)[number]) => `${appUrl}${switchLocale(pathname, locale)}${search}`;
  return (
    <>
      {LOCALES.map((locale) => (
        <link key={locale} rel="alternate" hrefLang={HTML_LANG[locale]} href={href(locale)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={href("en")} />
    </>
  );
}

/**
 * The same page in the other languages: a plain link (the page is fetched whole, in its language,
 * hydrated or not), with the language named in itself.
 */
export function LanguageSwitch({ className = "" }: { className?: string }) {
  const { pathname, search, hash } = useLocation();
  const current = useLocale();
  const t = useT();
  return (
    <ul className={`flex items-center gap-1 ${className}`} aria-label={t("Language")}>
      {LOCALES.filter((l) => l !== current).map((locale) => (
        <li key={locale}>
          <a
            href={`${switchLocale(pathname, locale)}${search}${hash}`}
            hrefLang={HTML_LANG[locale]}
            lang={HTML_LANG[locale]}
            className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium text-muted hover:bg-brand-50 hover:text-brand-800"
          >
            {LANGUAGE_NAME[locale]}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * A first visit from a browser whose first language is French, on an English page: a banner
 * offering the same page in French (never a redirect; server/language-offer.ts decides).
 */
export function FrenchOffer() {
  const { pathname, search } = useLocation();
  const offer = useRouteLoaderData<RootData>("root")?.offerFrench === true;
  if (!offer || localeOfPath(pathname) !== "en") return null;
  return (
    <aside lang="fr" aria-label="Langue" className="border-b border-brand-200 bg-brand-50" data-testid="french-offer">
      <p className="container-page flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
        <span>Ce site existe aussi en français.</span>
        <a
          href={`${switchLocale(pathname, "fr")}${search}`}
          hrefLang="fr"
          className="font-semibold text-brand-800 underline"
        >
          Lire cette page en français
        </a>
      </p>
    </aside>
  );
}
