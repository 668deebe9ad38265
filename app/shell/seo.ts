import type { MetaDescriptor } from "react-router";
import { SITE } from "~/content/site";

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
  page: { title: string; description: string; path?: string; noindex?: boolean },
): MetaDescriptor[] {
  const url = `${appUrlFrom(args.matches)}${page.path ?? args.location.pathname}`;
  const title = page.title.includes(SITE.name) ? page.title : `${page.title} | ${SITE.name}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: SITE.name },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:locale", content: "en_GH" },
    { name: "twitter:card", content: "summary" },
  ];
  if (page.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
