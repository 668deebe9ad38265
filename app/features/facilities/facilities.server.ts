import { and, asc, count, eq, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server";
import { facilities, facilitySearchDocument } from "~/db/schema";
import { reviewRatings } from "~/features/reviews/public.server";
import { containsPattern } from "~/lib/like-pattern";
import { slugify, uniqueSlug } from "~/lib/slug";
import type { ReviewRating } from "./facility-format";
import { type FacilityFilters, PAGE_SIZE, SPECIALTY_OPTIONS } from "./facility-options";

/** What a directory card shows (spec section 2). */
const cardColumns = {
  id: facilities.id,
  slug: facilities.slug,
  name: facilities.name,
  type: facilities.type,
  location: facilities.location,
  country: facilities.country,
  specialties: facilities.specialties,
  languages: facilities.languages,
  emergency: facilities.emergency,
  description: facilities.description,
  descriptionFr: facilities.descriptionFr,
  nhisAccepted: facilities.nhisAccepted,
  licenceVerifiedOn: facilities.licenceVerifiedOn,
  openingHours: facilities.openingHours,
  photoId: facilities.photoId,
  image: facilities.image,
};

/** Alphabetical regardless of case (served by the facilities_active_name_idx index). */
const byName = sql`lower(${facilities.name})`;

export type FacilityProfile = typeof facilities.$inferSelect;
/** What the public pages show of a facility's reviews: null until it has one. */
type Rated = { reviewRating: ReviewRating | null };
export type FacilityCard = Pick<FacilityProfile, keyof typeof cardColumns> & Rated;

/**
 * Ratings come only from reviews written in the product: the referring doctors' reviews
 * of completed referrals (features/reviews). Until a facility has one its rating is null, shown as
 * "Not yet rated".
 */
async function withReviewRatings<T extends { id: string }>(db: Db, rows: T[]): Promise<(T & Rated)[]> {
  const ratings = await reviewRatings(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ ...row, reviewRating: ratings.get(row.id) ?? null }));
}

export type FacilityPage = {
  facilities: FacilityCard[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
};

/** The directory's conditions: active, each chosen filter, and the search. */
function directoryWhere(filters: Partial<FacilityFilters>): SQL {
  const conditions: SQL[] = [eq(facilities.isActive, true)];
  if (filters.country) conditions.push(eq(facilities.country, filters.country));
  if (filters.type) conditions.push(eq(facilities.type, filters.type));
  if (filters.specialty) {
    const name = SPECIALTY_OPTIONS.find((o) => o.value === filters.specialty)?.label ?? filters.specialty;
    conditions.push(sql`${facilities.specialties} @> array[${name}]::text[]`);
  }
  if (filters.services) {
    conditions.push(sql`${facilities.serviceCategories} @> array[${filters.services}]::text[]`);
  }
  if (filters.nhis) conditions.push(eq(facilities.nhisAccepted, true));
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    // Name, location (the town) or description, case-insensitive, served by the trigram index; or
    // one of its specialties or services as the profile lists them (as for "cardiology").
    const inList = (column: AnyPgColumn) =>
      sql`exists (select 1 from unnest(${column}) as item where item ilike ${pattern})`;
    conditions.push(
      or(
        sql`${facilitySearchDocument(facilities)} ilike ${pattern}`,
        inList(facilities.specialties),
        inList(facilities.services),
      )!,
    );
  }
  return and(...conditions)!;
}

/**
 * One page of the public directory: active facilities matching the search and filters,
 * by name, 12 to a page. A page past the end answers the last page.
 */
export async function listFacilities(db: Db, filters: Partial<FacilityFilters>): Promise<FacilityPage> {
  const where = directoryWhere(filters);
  const requested = Math.max(1, Math.floor(filters.page ?? 1));
  const pageOf = (page: number) =>
    db
      .select(cardColumns)
      .from(facilities)
      .where(where)
      .orderBy(byName, asc(facilities.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE);
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(facilities).where(where),
    pageOf(requested),
  ]);
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(requested, pageCount);
  return {
    facilities: await withReviewRatings(db, page === requested ? rows : await pageOf(page)),
    total,
    page,
    pageCount,
    pageSize: PAGE_SIZE,
  };
}

const SLUG_PATTERN = /^[a-z0-9_-]{1,200}$/;

/** An active facility's full profile, or null (unknown or deactivated: the page answers 404). */
export async function getFacilityBySlug(db: Db, slug: string): Promise<(FacilityProfile & Rated) | null> {
  // Every slug is made of these characters; anything else (including NUL bytes) cannot match.
  if (!SLUG_PATTERN.test(slug)) return null;
  const [row] = await db
    .select()
    .from(facilities)
    .where(and(eq(facilities.slug, slug), eq(facilities.isActive, true)))
    .limit(1);
  return row ? ((await withReviewRatings(db, [row]))[0] ?? null) : null;
}

/** Active facilities for the referral form's select (spec section 6: active, ordered by name). */
/**
 * A facility can receive referrals when someone there can be told of one: an approved
 * administrator, or an on-call number. Until then a referral to it reaches no one at the facility
 * (the system administrators are alerted to phone it).
 */
// Written with the table's name: drizzle leaves a single table's columns unqualified, and inside the
// subquery "id" would be the user's.
const receivesReferrals = sql<boolean>`(facilities.on_call_phone is not null or exists (
  select 1 from users u
  where u.facility_id = facilities.id and u.approval_status = 'approved'
    and coalesce((select ur.role from user_roles ur where ur.user_id = u.id), u.role) = 'facility_admin'))`;

/** A facility as the referral form offers it: `reachable` false marks one that cannot receive referrals yet. */
export type FacilityOption = { id: string; name: string; location: string; reachable: boolean };

export async function listActiveFacilityOptions(db: Db): Promise<FacilityOption[]> {
  return db
    .select({ id: facilities.id, name: facilities.name, location: facilities.location, reachable: receivesReferrals })
    .from(facilities)
    .where(eq(facilities.isActive, true))
    .orderBy(byName, asc(facilities.id));
}

/** Slugs of every active facility, for the sitemap. */
export async function listActiveFacilitySlugs(db: Db): Promise<string[]> {
  const rows = await db
    .select({ slug: facilities.slug })
    .from(facilities)
    .where(eq(facilities.isActive, true))
    .orderBy(asc(facilities.slug));
  return rows.map((r) => r.slug);
}

export type NewFacility = Omit<typeof facilities.$inferInsert, "id" | "slug" | "createdAt">;

/** The first free slug for `name`, checked against every facility (active or not). */
export async function nextFreeSlug(db: Db, name: string): Promise<string> {
  const base = slugify(name);
  const rows = await db
    .select({ slug: facilities.slug })
    .from(facilities)
    .where(or(eq(facilities.slug, base), sql`${facilities.slug} ~ ${`^${base}-[0-9]+$`}`));
  const taken = new Set(rows.map((r) => r.slug));
  return uniqueSlug(name, (s) => taken.has(s));
}

/**
 * Adds a facility under a unique slug. Two inserts racing for the same name: the unique
 * index refuses the second, which then takes the next suffix.
 */
export async function createFacility(db: Db, input: NewFacility): Promise<{ id: string; slug: string }> {
  for (let attempt = 0; ; attempt++) {
    const slug = await nextFreeSlug(db, input.name);
    try {
      const [row] = await db
        .insert(facilities)
        .values({ ...input, slug })
        .returning({ id: facilities.id, slug: facilities.slug });
      return row!;
    } catch (error) {
      const code =
        (error as { cause?: { code?: string }; code?: string }).cause?.code ?? (error as { code?: string }).code;
      if (code !== "23505" || attempt >= 5) throw error;
    }
  }
}

/** Marks a facility active or inactive (hidden from the directory, profiles and referral select). */
export async function setFacilityActive(db: Db, id: string, isActive: boolean): Promise<void> {
  await db.update(facilities).set({ isActive }).where(eq(facilities.id, id));
}
