import { and, eq, sql } from "drizzle-orm";
import type { Actor, UserActor } from "~/auth/actor.server";
import type { Db } from "~/db/client.server";
import { facilities, facilitySlugHistory, users } from "~/db/schema";
import { simpleMail } from "~/email/layout";
import { env } from "~/env.server";
import { recordAudit } from "~/features/audit/public.server";
import { queueEmail } from "~/features/messaging/public.server";
import type { FacilityProfile } from "./facilities.server";
import { assertCanEditFacility, isSystemAdmin, notFound, type SaveResult, UUID } from "./facility-admin.server";
import { type Columns, columnsOf, FIELD_NAMES, refuseFields, validate } from "./facility-columns.server";
import { freeSlug, lockActiveNames, nameTaken, nameTakenResult, withFreeSlug } from "./facility-names.server";
import type { FacilityInput } from "./facility-schema";

/* Editing a facility's profile (either role): a rename's new address, and a verification the edit no longer holds. */

/**
 * A value as JSON with every object's keys sorted: jsonb stores keys in its own order (shortest
 * first), so a stored `contact` or `openingHours` reads back in a different order than it was written.
 */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** The fields that differ between the stored row and the new columns (JSON-equal values are unchanged). */
function changedFields(current: FacilityProfile, next: Columns): (keyof Columns)[] {
  return (Object.keys(next) as (keyof Columns)[]).filter(
    (key) => canonicalJson(current[key]) !== canonicalJson(next[key]),
  );
}

/**
 * Saves the editor. A rename moves the facility to a new slug and keeps the old one as a
 * redirect; an active facility cannot take the name of another active one (ignoring case,
 * accents, spacing and punctuation). The directory card's Verified mark and the licence's
 * verified date are set only by a system administrator (anyone else's post of them is ignored);
 * when anyone else changes the name or the licence number, what was verified no longer holds:
 * both are cleared (audited), and the system administrators are emailed to check again.
 */
export async function updateFacility(
  db: Db,
  actor: Actor,
  facilityId: string,
  fields: Record<string, unknown>,
): Promise<Extract<SaveResult, { ok: true }>> {
  if (!UUID.test(facilityId)) throw notFound();
  const editor = assertCanEditFacility(actor, facilityId);
  const checked = validate(fields);
  if (!checked.ok) refuseFields(checked.fieldErrors);
  const result = await withFreeSlug(() => saveFacility(db, editor, facilityId, checked.input));
  if (!result.ok) refuseFields(result.fieldErrors);
  return result;
}

/** Every approved system administrator's address (the effective role: user_roles overrides users.role). */
async function systemAdminEmails(db: Pick<Db, "select">): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        eq(users.approvalStatus, "approved"),
        sql`coalesce((select ur.role from user_roles ur where ur.user_id = ${users.id}), ${users.role}) = 'system_admin'`,
      ),
    );
  return rows.map((r) => r.email);
}

/**
 * Tells every approved system administrator that a facility's administrator changed what had
 * been verified (the name or the licence number), with a link to the editor: never the old or
 * new values, which the audit log and the editor show. Queued in the save's transaction.
 */
async function queueVerificationCleared(
  tx: Pick<Db, "select" | "insert" | "execute">,
  facilityId: string,
  slug: string,
) {
  await queueEmail(
    tx,
    {
      to: await systemAdminEmails(tx),
      ...simpleMail(
        "A facility's verification needs your check",
        [
          "Hello,",
          `The administrator of a facility in the network (${env().APP_URL}/facility/${slug}) has changed its name or licence number.`,
          "Its Verified tick (the licence's verified date) has been removed until a system administrator checks the facility again.",
        ],
        { label: "Check the facility", href: `${env().APP_URL}/dashboard/facilities/${facilityId}` },
      ),
    },
    { event: "facility.verification-cleared" },
  );
}

/** One try of updateFacility's write (run again by withFreeSlug when a concurrent save took the new slug). */
async function saveFacility(db: Db, editor: UserActor, facilityId: string, input: FacilityInput): Promise<SaveResult> {
  return db.transaction(async (tx) => {
    // Before the row lock: a reactivation takes the names' lock, then this row.
    await lockActiveNames(tx);
    const [current] = await tx.select().from(facilities).where(eq(facilities.id, facilityId)).for("update");
    if (!current) throw notFound();
    const next: Columns = columnsOf(input);
    let verificationCleared = false;
    if (isSystemAdmin(editor)) {
      next.verified = input.verified;
      next.licenceVerifiedOn = next.hefraLicence ? input.licence_verified_on : null;
    } else if (next.name !== current.name || next.hefraLicence !== current.hefraLicence) {
      // What a system administrator verified was this name and this licence: not the new ones.
      verificationCleared = current.verified || current.licenceVerifiedOn !== null;
      next.verified = false;
      next.licenceVerifiedOn = null;
    }
    const changed = changedFields(current, next);
    if (changed.length === 0) return { ok: true, id: current.id, slug: current.slug, changed: [] };
    if (changed.includes("name") && current.isActive && (await nameTaken(tx, next.name, facilityId))) {
      return nameTakenResult();
    }
    let slug = current.slug;
    if (changed.includes("name")) {
      const base = await freeSlug(tx, next.name, facilityId);
      // A rename that slugs the same ("St. Mary's" -> "St Marys") keeps its address.
      if (base !== current.slug && !base.startsWith(`${current.slug}-`)) {
        slug = base;
        await tx
          .insert(facilitySlugHistory)
          .values({ slug: current.slug, facilityId })
          .onConflictDoUpdate({ target: facilitySlugHistory.slug, set: { facilityId } });
        // Coming back to an earlier name: that address is the facility's own again.
        await tx.delete(facilitySlugHistory).where(eq(facilitySlugHistory.slug, slug));
      }
    }
    await tx
      .update(facilities)
      .set({ ...next, slug })
      .where(eq(facilities.id, facilityId));
    await recordAudit(tx, {
      actorId: editor.id,
      action: "facility.updated",
      subjectType: "facility",
      subjectId: facilityId,
      reason: `Changed: ${changed.map((key) => FIELD_NAMES[key]).join(", ")}`,
    });
    if (verificationCleared) {
      await recordAudit(tx, {
        actorId: editor.id,
        action: "facility.verification_cleared",
        subjectType: "facility",
        subjectId: facilityId,
        fromStatus: "verified",
        toStatus: "unverified",
        reason: `The facility's administrator changed the ${[
          next.name !== current.name ? "name" : null,
          next.hefraLicence !== current.hefraLicence ? "licence number" : null,
        ]
          .filter(Boolean)
          .join(" and ")}: a system administrator must verify it again`,
      });
      await queueVerificationCleared(tx, facilityId, slug);
    }
    return {
      ok: true,
      id: facilityId,
      slug,
      changed: changed.map((key) => FIELD_NAMES[key]),
      verificationCleared,
    };
  });
}
