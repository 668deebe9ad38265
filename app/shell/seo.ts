import type { MetaDescriptor } from "react-router";
import { SITE } from "~/content/site";
import { i18nFor } from "~/i18n/i18n";
import { localePath, OG_LOCALE } from "~/i18n/locales";
import { pageLocale } from "~/i18n/page-locale";

type RootData = { appUrl: string } | undefined;
type MetaArgsLike = {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
};

/** The absolute site origin (APP_URL), handed down by the root loader. */
export function appUrlFrom(matches: MetaArgsLike["matches"]): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as RootData;
  return root?.appUrl ?? "";
}

/**
 * Title, description, canonical link and Open Graph tags for a page.
 * Usage: `export const meta: Route.MetaFunction = (args) => pageMeta(args, { title, description })`.
 */
export function pageMeta(
  args: MetaArgsLike,
  page: { title: string; description: string; path?: string; noindex?: boolean; translated?: boolean },
): MetaDescriptor[] {
  // In the page's language: the texts through its catalogue, an address given in English moved under /fr.
  const locale = pageLocale(args.location.pathname, args.matches);
  const i18n = i18nFor(locale);
  const url = `${appUrlFrom(args.matches)}${page.path ? localePath(locale, page.path) : args.location.pathname}`;
  // `translated`: the texts are in the page's language already (a hub's French title, from the database).
  const pageTitle = page.translated ? page.title : i18n._(page.title);
  const title = pageTitle.includes(SITE.name) ? pageTitle : `${pageTitle} | ${SITE.name}`;
  const description = page.translated ? page.description : i18n._(page.description);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: SITE.name },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:locale", content: OG_LOCALE[locale] },
    { name: "twitter:card", content: "summary" },
  ];
  if (page.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
