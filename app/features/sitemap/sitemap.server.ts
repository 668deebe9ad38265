import { PUBLIC_PATHS } from "~/content/public-routes";
import { db } from "~/db/database.server";
import { listActiveFacilitySlugs } from "~/features/facilities/facilities.server";
import { waitlistHubPaths } from "~/features/waitlist/waitlist-hubs";

/**
 * Every indexable public address. Feature modules with data-driven pages (coming-soon hubs,
 * facility profiles) add theirs here.
 */
export async function listSitemapPaths(): Promise<string[]> {
  const facilityPaths = (await listActiveFacilitySlugs(await db())).map((slug) => `/facility/${slug}`);
  return [...PUBLIC_PATHS, ...waitlistHubPaths(), ...facilityPaths];
}
