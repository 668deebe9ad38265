import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import { type Actor, assertGate } from "~/auth/actor.server";
import type { Db } from "~/db/client.server";
import { facilities, facilityReports, facilitySearchDocument, facilitySlugHistory } from "~/db/schema";
import { containsPattern } from "~/lib/like-pattern";
import { type ProbedPage, probedPage } from "~/lib/paging";
import { assertCanEditFacility, isSystemAdmin, notFound, UUID } from "./facility-admin.server";
import { listReports } from "./facility-reports.server";

/* ------------------------------------------------------------------------------------------------
 * Reading, for the editors
 * ---------------------------------------------------------------------------------------------- */

/** A facility with everything its editor shows (either role; inactive ones too, for a system administrator). */
export async function facilityForEditing(db: Db, actor: Actor, facilityId: string) {
  if (!UUID.test(facilityId)) throw notFound();
  const editor = assertCanEditFacility(actor, facilityId);
  const [row] = await db.select().from(facilities).where(eq(facilities.id, facilityId));
  if (!row) throw notFound();
  const reports = await listReports(db, editor, { facilityId, open: true });
  return { facility: row, reports, canVerify: isSystemAdmin(editor), editor };
}

export const ADMIN_FACILITIES_PAGE_SIZE = 20;

export type AdminFacilityRow = {
  id: string;
  slug: string;
  name: string;
  location: string;
  type: string;
  isActive: boolean;
  nhisAccepted: boolean;
  licenceVerifiedOn: string | null;
  openReports: number;
};

/** Every facility (active or not), by name, for system administrators; search by name, location or description. */
export async function listFacilitiesForAdmin(
  db: Db,
  actor: Actor,
  options: { page: number; q?: string; status?: "active" | "inactive" | null },
): Promise<ProbedPage<AdminFacilityRow>> {
  assertGate(actor, "system-admin");
  const where: SQL[] = [];
  if (options.status) where.push(eq(facilities.isActive, options.status === "active"));
  const q = (options.q ?? "").trim().slice(0, 100);
  if (q) where.push(sql`${facilitySearchDocument(facilities)} ilike ${containsPattern(q)}`);
  const rows = await db
    .select({
      id: facilities.id,
      slug: facilities.slug,
      name: facilities.name,
      location: facilities.location,
      type: facilities.type,
      isActive: facilities.isActive,
      nhisAccepted: facilities.nhisAccepted,
      licenceVerifiedOn: facilities.licenceVerifiedOn,
      openReports: sql<number>`(select count(*)::int from ${facilityReports} r where r.facility_id = ${facilities.id} and r.resolved_at is null)`,
    })
    .from(facilities)
    .where(where.length ? and(...where) : undefined)
    .orderBy(sql`lower(${facilities.name})`, asc(facilities.id))
    .limit(ADMIN_FACILITIES_PAGE_SIZE + 1)
    .offset((Math.max(1, options.page) - 1) * ADMIN_FACILITIES_PAGE_SIZE);
  return probedPage(rows, options.page, ADMIN_FACILITIES_PAGE_SIZE, (r) => r);
}

/** Where an earlier address of a facility now lives (its current slug, if it is active). */
export async function currentSlugFor(db: Db, oldSlug: string): Promise<string | null> {
  if (!/^[a-z0-9_-]{1,200}$/.test(oldSlug)) return null;
  const [row] = await db
    .select({ slug: facilities.slug })
    .from(facilitySlugHistory)
    .innerJoin(facilities, eq(facilities.id, facilitySlugHistory.facilityId))
    .where(and(eq(facilitySlugHistory.slug, oldSlug), eq(facilities.isActive, true)));
  return row?.slug ?? null;
}
