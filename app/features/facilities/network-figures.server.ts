import { sql } from "drizzle-orm";
import type { NetworkFigures } from "~/content/network-figures";
import type { Db } from "~/db/client.server";
import { facilities, hubs } from "~/db/schema";

/**
 * The network's figures for the public pages, in one query: active facilities (all and
 * in Ghana) and hubs (all and live). A page that shows them is versioned by both contents.
 */
export async function networkFigures(db: Db): Promise<NetworkFigures> {
  const [row] = (
    await db.execute<{ facilities: number; ghana: number; hubs: number; live: number }>(sql`
      select
        (select count(*)::int from ${facilities} where ${facilities.isActive}) as facilities,
        (select count(*)::int from ${facilities} where ${facilities.isActive} and ${facilities.country} = 'ghana') as ghana,
        (select count(*)::int from ${hubs}) as hubs,
        (select count(*)::int from ${hubs} where ${hubs.status} = 'live') as live`)
  ).rows;
  return {
    facilities: Number(row?.facilities ?? 0),
    ghanaFacilities: Number(row?.ghana ?? 0),
    hubs: Number(row?.hubs ?? 0),
    liveHubs: Number(row?.live ?? 0),
  };
}
