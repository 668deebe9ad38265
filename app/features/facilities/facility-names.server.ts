import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { facilities, facilitySlugHistory } from "~/db/schema";
import { nextFreeSlug } from "./facilities.server";
import type { SaveResult } from "./facility-admin.server";
import { namesLookAlike } from "./name-skeleton";

/* An active facility's name (one in the network) and its address: what adding, renaming and reactivating share. */

/**
 * A slug no facility has now or had before (an old address keeps redirecting to its facility);
 * `own` may take back one of its own earlier addresses.
 */
export async function freeSlug(db: Pick<Db, "select">, name: string, own?: string): Promise<string> {
  const base = await nextFreeSlug(db as Db, name);
  const heldByAnother = async (slug: string) => {
    const rows = await db
      .select({ facilityId: facilitySlugHistory.facilityId })
      .from(facilitySlugHistory)
      .where(eq(facilitySlugHistory.slug, slug));
    return rows.some((r) => r.facilityId !== own);
  };
  if (!(await heldByAnother(base))) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    const [current] = await db.select({ id: facilities.id }).from(facilities).where(eq(facilities.slug, candidate));
    if (!current && !(await heldByAnother(candidate))) return candidate;
  }
}

/** The answer on the name field when another active facility has the name (decision 021). */
export const NAME_TAKEN_MESSAGE =
  "Another facility in the network already has this name. Add what tells them apart, such as the town.";

/**
 * Holds, until the transaction ends, the right to give an active facility a name: each save that
 * may do so (add, rename, reactivate) takes it first, before any row lock, so the look-alike check
 * below and the write it allows are one step for every server sharing the database.
 */
export async function lockActiveNames(tx: Pick<Db, "execute">): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('facilities:active-names'))`);
}

/**
 * Whether another active facility has this name, or one that looks like it. First as the unique
 * index compares names (the same expression as the generated `name_key` column, schema.ts, applied
 * by the database, so the check and the index never disagree); then by the names' confusable
 * skeletons (UTS #39, name-skeleton.ts: a Cyrillic "а", or "lnstitute" for "Institute", decision 021),
 * which no SQL expression computes. Run inside a transaction that holds lockActiveNames.
 */
export async function nameTaken(db: Pick<Db, "select">, name: string, own?: string): Promise<boolean> {
  const key = sql`lower(regexp_replace(normalize(${name}::text, NFKD), '[^[:alnum:]]+', '', 'g'))`;
  const others = and(eq(facilities.isActive, true), own ? ne(facilities.id, own) : undefined);
  const [row] = await db
    .select({ id: facilities.id })
    .from(facilities)
    .where(and(others, eq(facilities.nameKey, key)))
    .limit(1);
  if (row) return true;
  const active = await db.select({ name: facilities.name }).from(facilities).where(others);
  return active.some((other) => namesLookAlike(other.name, name));
}

export const nameTakenResult = (): SaveResult => ({ ok: false, fieldErrors: { name: NAME_TAKEN_MESSAGE } });

/** Tries of a save whose slug another save took between the check and the write (`facilities_slug_key`). */
const SLUG_ATTEMPTS = 5;
export const SLUG_TAKEN_MESSAGE = "Another facility was saved under this name at the same moment. Please try again.";

/** A write refused by a unique index (drizzle wraps the driver's error: the SQLSTATE is on `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  return (e?.cause?.code ?? e?.code) === "23505";
}

/**
 * Runs a save that picks a free slug and writes it. Two saves at once of one name (two
 * administrators adding, or a rename and an add) both find the name and the slug free; a unique
 * index (the active name, or the slug) refuses the second write, whose transaction is then run
 * again: it finds the name taken (a field error) or, for a name freed since, the next free slug.
 * Still refused after SLUG_ATTEMPTS tries: a message on the name, never a 500.
 */
export async function withFreeSlug(save: () => Promise<SaveResult>): Promise<SaveResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await save();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (attempt >= SLUG_ATTEMPTS) return { ok: false, fieldErrors: { name: SLUG_TAKEN_MESSAGE } };
    }
  }
}
