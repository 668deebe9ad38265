import { PUBLIC_PATHS } from "~/content/public-routes";
import { db } from "~/db/database.server";
import { listActiveFacilitySlugs } from "~/features/facilities/facilities.server";
import { listHubs } from "~/features/hubs/hubs.server";
import { waitlistHubPaths } from "~/features/waitlist/waitlist-hubs";

/**
 * Every indexable public address. Feature modules with data-driven pages (coming-soon hubs,
 * facility profiles) add theirs here.
 */
export async function listSitemapPaths(): Promise<string[]> {
  const database = await db();
  const facilityPaths = (await listActiveFacilitySlugs(database)).map((slug) => `/facility/${slug}`);
  return [...PUBLIC_PATHS, ...waitlistHubPaths(await listHubs(database)), ...facilityPaths];
}
