import type { ClientActor, UserActor } from "~/auth/actor.server";

/**
 * Who may see a referral (decisions section 4): the referring doctor, the receiving facility's
 * approved administrators and approved system administrators; a FHIR client, its facility's (the
 * network's client: every one, as system administrators). A rule without the database, so the
 * features that show something of a referral (its messages' deliveries) check it the same way.
 */
export function canSee(actor: UserActor | ClientActor, referral: { facilityId: string; doctorId: string }): boolean {
  // A hospital system's client (decision 034): its facility's referrals, or every one for the network's.
  if (actor.kind === "client") return actor.facilityId === null || actor.facilityId === referral.facilityId;
  if (!actor.approved) return false;
  if (actor.role === "system_admin") return true;
  if (actor.role === "doctor") return referral.doctorId === actor.id;
  return actor.role === "facility_admin" && actor.facilityId === referral.facilityId;
}
