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
/** The columns the code owns (the rest belong to administrators and reviews). */
const CONTENT_COLUMNS = [
  "name",
  "type",
  "location",
  "country",
  "address",
  "description",
  "specialties",
  "services",
  "serviceCategories",
  "languages",
  "insurance",
  "image",
  "emergency",
  "about",
  "mission",
  "vision",
  "partnerships",
  "specialtyDetails",
  "professionals",
  "contact",
] as const satisfies (keyof typeof facilities.$inferInsert)[];

export async function seedContent(db: Db): Promise<void> {
  const rows = facilitySeedRows();
  if (rows.length === 0) return;
  // Content columns only; a row whose content already matches is left alone (no write, no new
  // row version, and the facilities' content version stays: kept pages stay valid).
  const content = CONTENT_COLUMNS.map((key) => facilities[key]);
  const excluded = content.map((column) => sql.raw(`excluded.${column.name}`));
  await db
    .insert(facilities)
    .values(rows)
    .onConflictDoUpdate({
      target: facilities.slug,
      set: Object.fromEntries(CONTENT_COLUMNS.map((key, i) => [key, excluded[i]])),
      setWhere: sql`(${sql.join(content, sql`, `)}) is distinct from (${sql.join(excluded, sql`, `)})`,
    });
  // Fresh planner statistics and visibility map, so directory counts can use index-only scans.
  // PostgreSQL's autovacuum keeps them up to date afterwards; embedded PGlite has no autovacuum.
  await db.execute(sql`vacuum (analyze) facilities`);
}
