import { sql } from "drizzle-orm";
import { FACILITY_SEED } from "../content/facilities.ts";
import type { Db } from "./client.server.ts";
import { facilities } from "./schema.ts";

/**
 * Content seed: idempotent. Facilities are matched on their slug; a row that already exists
 * keeps its database state (an administrator may have deactivated it) and only content
 * columns are refreshed from the code.
 */
export async function seedContent(db: Db): Promise<void> {
  if (FACILITY_SEED.length === 0) return;
  await db
    .insert(facilities)
    .values(FACILITY_SEED)
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
        languages: sql`excluded.languages`,
        insurance: sql`excluded.insurance`,
        image: sql`excluded.image`,
        about: sql`excluded.about`,
        mission: sql`excluded.mission`,
        vision: sql`excluded.vision`,
        partnerships: sql`excluded.partnerships`,
        specialtyDetails: sql`excluded.specialty_details`,
        professionals: sql`excluded.professionals`,
        contact: sql`excluded.contact`,
      },
    });
}
