import { and, eq, ne } from "drizzle-orm";
import { data } from "react-router";
import { type Actor, assertGate, type UserActor } from "~/auth/actor.server";
import type { Db } from "~/db/client.server";
import { facilities } from "~/db/schema";
import { recordAudit } from "~/features/audit/public.server";
import { refuse } from "~/lib/refusal";
import { notFound, UUID } from "./facility-admin.server";
import { isUniqueViolation, lockActiveNames, nameTaken } from "./facility-names.server";

/* Deactivating and reactivating a facility (system administrators). */

/** Deactivates (out of the directory, the sitemap and the referral form; profile 404) or reactivates. */
export async function setFacilityActive(db: Db, actor: Actor, facilityId: string, active: boolean): Promise<void> {
  const admin = assertGate(actor, "system-admin");
  if (!UUID.test(facilityId)) throw notFound();
  try {
    await setActive(db, admin, facilityId, active);
  } catch (error) {
    // Another facility took the name between the check and the write (the active-name index).
    if (active && isUniqueViolation(error)) throw reactivationConflict();
    throw error;
  }
}

const reactivationConflict = () =>
  data("Another active facility has this name. Rename one of them before reactivating this one.", { status: 409 });

async function setActive(db: Db, admin: UserActor, facilityId: string, active: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    if (active) {
      await lockActiveNames(tx);
      const [facility] = await tx
        .select({ name: facilities.name })
        .from(facilities)
        .where(eq(facilities.id, facilityId));
      if (facility && (await nameTaken(tx, facility.name, facilityId))) throw reactivationConflict();
    }
    const [row] = await tx
      .update(facilities)
      .set({ isActive: active })
      .where(and(eq(facilities.id, facilityId), ne(facilities.isActive, active)))
      .returning({ id: facilities.id });
    if (!row) {
      const [exists] = await tx.select({ id: facilities.id }).from(facilities).where(eq(facilities.id, facilityId));
      if (!exists) throw notFound();
      refuse(409, active ? "This facility is already active." : "This facility is already deactivated.");
    }
    await recordAudit(tx, {
      actorId: admin.id,
      action: active ? "facility.reactivated" : "facility.deactivated",
      subjectType: "facility",
      subjectId: facilityId,
      fromStatus: active ? "inactive" : "active",
      toStatus: active ? "active" : "inactive",
    });
  });
}
