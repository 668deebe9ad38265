import { env } from "~/env.server";
import { listSitemapPaths } from "~/features/sitemap/sitemap.server";
import { escapeXml } from "~/lib/escape-xml";

/** Public routes only, as absolute addresses from APP_URL. */
export async function loader() {
  const base = env().APP_URL;
  const paths = await listSitemapPaths();
  const urls = paths.map((p) => `  <url><loc>${escapeXml(`${base}${p}`)}</loc></url>`).join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
