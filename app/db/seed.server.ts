import { sql } from "drizzle-orm";
import { FACILITY_SEED } from "../content/facilities.ts";
import { HUBS } from "../content/hubs.ts";
import { assignUniqueSlugs } from "../lib/slug.ts";
import type { Db } from "./client.server.ts";
import { facilities, hubs } from "./schema.ts";

/** The insurance line that means the facility takes Ghana's National Health Insurance. */
const NHIS = /\bNHIS\b/;

/** The seed facilities as rows: slugs from their names (unique within the seed), address copied to the contact card. */
export function facilitySeedRows(): (typeof facilities.$inferInsert)[] {
  const slugs = assignUniqueSlugs(FACILITY_SEED.map((f) => f.name));
  return FACILITY_SEED.map((f, i) => ({
    ...f,
    slug: slugs[i]!,
    contact: { ...f.contact, address: f.address },
    nhisAccepted: (f.insurance ?? []).some((line) => NHIS.test(line)),
  }));
}

/** "Q1 2025" (the content's way) as the stored "2025-Q1"; a month "March 2026" as "2026-03". */
export function storedLaunchDate(shown: string | undefined): string | null {
  if (!shown) return null;
  const quarter = /^Q([1-4]) (\d{4})$/.exec(shown);
  if (quarter) return `${quarter[2]}-Q${quarter[1]}`;
  const month = new Date(`1 ${shown} 12:00 UTC`);
  if (Number.isNaN(month.getTime())) throw new Error(`Unreadable launch date in the hub seed: ${shown}`);
  return `${month.getUTCFullYear()}-${String(month.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** The spec's ten hubs as rows, in the content's order. */
export function hubSeedRows(): (typeof hubs.$inferInsert)[] {
  return HUBS.map((hub, position) => ({
    slug: hub.id,
    position,
    title: hub.title,
    description: hub.description,
    icon: hub.icon,
    countries: hub.countries,
    color: hub.color,
    bgColor: hub.bgColor,
    specialties: hub.specialties,
    status: hub.status,
    externalUrl: hub.externalUrl ?? null,
    launchDate: storedLaunchDate(hub.launchDate),
    salesPitch: hub.salesPitch,
    targetAudience: hub.targetAudience,
    foundingMemberPerks: hub.foundingMemberPerks,
    foundingMemberCapacity: hub.foundingMemberCapacity,
  }));
}

/**
 * Content seed (decision 021, decisions section 3): the spec's facilities and hubs go in on the first
 * start, into empty tables, and from then on the database owns them: administrators add, edit,
 * rename and deactivate them in the product, and a restart never writes over their work (nor
 * brings back a renamed facility under its old slug). A table that already holds rows is left alone.
 */
export async function seedContent(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    // One seeding at a time, even with several servers starting together on one PostgreSQL.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('qurhealth.seed'))`);
    const [{ facilitiesEmpty, hubsEmpty }] = (
      await tx.execute<{ facilitiesEmpty: boolean; hubsEmpty: boolean }>(
        sql`select not exists (select 1 from ${facilities}) as "facilitiesEmpty", not exists (select 1 from ${hubs}) as "hubsEmpty"`,
      )
    ).rows;
    if (facilitiesEmpty) await tx.insert(facilities).values(facilitySeedRows());
    if (hubsEmpty) await tx.insert(hubs).values(hubSeedRows());
  });
  // Fresh planner statistics and visibility map, so directory counts can use index-only scans.
  // PostgreSQL's autovacuum keeps them up to date afterwards; embedded PGlite has no autovacuum.
  await db.execute(sql`vacuum (analyze) facilities`);
}
