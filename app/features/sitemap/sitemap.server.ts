import { PUBLIC_PATHS } from "~/content/public-routes";
import { db } from "~/database.server";
import { listActiveFacilitySlugs } from "~/features/facilities/public.server";
import { listHubs } from "~/features/hubs/public.server";
import { hubPagePaths } from "~/features/waitlist/public.server";

/**
 * Every indexable public address. Feature modules with data-driven pages (coming-soon hubs,
 * facility profiles) add theirs here.
 */
export async function listSitemapPaths(): Promise<string[]> {
  const database = await db();
  const facilityPaths = (await listActiveFacilitySlugs(database)).map((slug) => `/facility/${slug}`);
  return [...PUBLIC_PATHS, ...hubPagePaths(await listHubs(database)), ...facilityPaths];
}
