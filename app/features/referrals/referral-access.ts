import type { UserActor } from "~/auth/actor.server";

/**
 * Who may see a referral (decisions section 4): the referring doctor, the receiving facility's
 * approved administrators and approved system administrators. A rule without the database, so the
 * features that show something of a referral (its messages' deliveries) check it the same way.
 */
export function canSee(actor: UserActor, referral: { facilityId: string; doctorId: string }): boolean {
  if (!actor.approved) return false;
  if (actor.role === "system_admin") return true;
  if (actor.role === "doctor") return referral.doctorId === actor.id;
  return actor.role === "facility_admin" && actor.facilityId === referral.facilityId;
}
