import { PUBLIC_PATHS } from "~/content/public-routes";

/**
 * Every indexable public address. Feature modules with data-driven pages (coming-soon hubs,
 * facility profiles) add theirs here.
 */
export async function listSitemapPaths(): Promise<string[]> {
  return [...PUBLIC_PATHS];
}
