import { type Actor, assertGate } from "~/auth/actor.server";
import type { Db } from "~/db/client.server";
import { facilities } from "~/db/schema";
import { recordAudit } from "~/features/audit/public.server";
import type { SaveResult } from "./facility-admin.server";
import { columnsOf, refuseFields, validate } from "./facility-columns.server";
import { freeSlug, lockActiveNames, nameTaken, nameTakenResult, withFreeSlug } from "./facility-names.server";
import type { FacilityInput } from "./facility-schema";

/* A system administrator adds a facility. */

/** The image shown until a photo is uploaded: a drawn illustration per type. */
const ILLUSTRATIONS: Record<FacilityInput["type"], string> = {
  hospital: "/images/facilities/ridgeview-specialist-hospital.svg",
  clinic: "/images/facilities/ashanti-childrens-clinic.svg",
  diagnostic: "/images/facilities/takoradi-harbour-diagnostic-centre.svg",
  specialty: "/images/facilities/lagoon-heart-institute.svg",
};

/** A system administrator adds a facility (active, in the directory at once). */
export async function addFacility(
  db: Db,
  actor: Actor,
  fields: Record<string, unknown>,
): Promise<Extract<SaveResult, { ok: true }>> {
  const admin = assertGate(actor, "system-admin");
  const checked = validate(fields);
  if (!checked.ok) refuseFields(checked.fieldErrors);
  const columns = columnsOf(checked.input);
  const result = await withFreeSlug(() =>
    db.transaction(async (tx): Promise<SaveResult> => {
      await lockActiveNames(tx);
      if (await nameTaken(tx, columns.name)) return nameTakenResult();
      const slug = await freeSlug(tx, columns.name);
      const [row] = await tx
        .insert(facilities)
        .values({
          ...columns,
          slug,
          image: ILLUSTRATIONS[checked.input.type],
          verified: checked.input.verified,
          licenceVerifiedOn: columns.hefraLicence ? checked.input.licence_verified_on : null,
        })
        .returning({ id: facilities.id, slug: facilities.slug });
      await recordAudit(tx, {
        actorId: admin.id,
        action: "facility.created",
        subjectType: "facility",
        subjectId: row!.id,
        reason: columns.name,
      });
      return { ok: true, id: row!.id, slug: row!.slug, changed: [] };
    }),
  );
  // A value the rules refuse (the name is taken): 400, the message under its field.
  if (!result.ok) refuseFields(result.fieldErrors);
  return result;
}
