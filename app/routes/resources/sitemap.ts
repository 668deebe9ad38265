import { env } from "~/env.server";
import { listSitemapPaths } from "~/features/sitemap/sitemap.server";
import { HTML_LANG, LOCALES, localePath } from "~/i18n/locales";
import { escapeXml } from "~/lib/escape-xml";

/**
 * Public routes only, as absolute addresses from APP_URL: each page in every language, each with
 * its alternates (every language and x-default, English), as search engines read hreflang there.
 */
export async function loader() {
  const base = env().APP_URL;
  const paths = await listSitemapPaths();
  const link = (lang: string, href: string) =>
    `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(`${base}${href}`)}"/>`;
  const urls = paths.flatMap((p) => {
    const alternates = [...LOCALES.map((l) => link(HTML_LANG[l], localePath(l, p))), link("x-default", p)].join("");
    return LOCALES.map((l) => `  <url><loc>${escapeXml(`${base}${localePath(l, p)}`)}</loc>${alternates}</url>`);
  });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
