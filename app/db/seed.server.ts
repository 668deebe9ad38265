import { sql } from "drizzle-orm";
import { FACILITY_SEED } from "../content/facilities.ts";
import { assignUniqueSlugs } from "../features/facilities/slug.ts";
import type { Db } from "./client.server.ts";
import { facilities } from "./schema.ts";

/** The seed facilities as rows: slugs from their names (unique within the seed), address copied to the contact card. */
export function facilitySeedRows(): (typeof facilities.$inferInsert)[] {
  const slugs = assignUniqueSlugs(FACILITY_SEED.map((f) => f.name));
  return FACILITY_SEED.map((f, i) => ({ ...f, slug: slugs[i]!, contact: { ...f.contact, address: f.address } }));
}

/**
 * Content seed: idempotent. Facilities are matched on their slug; a row that already exists
 * keeps its database state (active flag, verification, rating and review count, which
 * administrators and reviews own) and only content columns are refreshed from the code.
 */
export async function seedContent(db: Db): Promise<void> {
  const rows = facilitySeedRows();
  if (rows.length === 0) return;
  await db
    .insert(facilities)
    .values(rows)
    .onConflictDoUpdate({
      target: facilities.slug,
      set: {
        name: sql`excluded.name`,
        type: sql`excluded.type`,
        location: sql`excluded.location`,
        country: sql`excluded.country`,
        address: sql`excluded.address`,
        description: sql`excluded.description`,
        specialties: sql`excluded.specialties`,
        services: sql`excluded.services`,
        serviceCategories: sql`excluded.service_categories`,
        languages: sql`excluded.languages`,
        insurance: sql`excluded.insurance`,
        image: sql`excluded.image`,
        emergency: sql`excluded.emergency`,
        about: sql`excluded.about`,
        mission: sql`excluded.mission`,
        vision: sql`excluded.vision`,
        partnerships: sql`excluded.partnerships`,
        specialtyDetails: sql`excluded.specialty_details`,
        professionals: sql`excluded.professionals`,
        contact: sql`excluded.contact`,
      },
    });
  // Fresh planner statistics and visibility map, so directory counts can use index-only scans.
  // PostgreSQL's autovacuum keeps them up to date afterwards; embedded PGlite has no autovacuum.
  await db.execute(sql`vacuum (analyze) facilities`);
}
