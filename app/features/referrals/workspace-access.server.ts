import { eq } from "drizzle-orm";
import { data } from "react-router";
import type { Actor, ClientActor, UserActor } from "~/auth/actor.server";
import type { Role } from "~/auth/roles";
import type { Db } from "~/db/client.server";
import { referrals } from "~/db/schema";
import { refuse } from "~/lib/refusal";
import { canSee } from "./referral-access";
import type { ReferralStatus } from "./referral-status";

/*
 * Who may see a referral's page and do what on it (workspace.server.ts): the checks its page, its
 * messages and its files share, and the referral a post's address names.
 */

export const REFERRAL_NOT_FOUND = "Referral not found";
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A whole referral number as the database writes it (REF-<year>-<at least 6 digits>). */
export const REFERRAL_NUMBER = /^REF-\d{4}-\d{6,12}$/i;

export const notFound = () => data(REFERRAL_NOT_FOUND, { status: 404 });

/** The signed-in, approved viewer, or a thrown 401 (anonymous) / the 404 everyone else gets. */
export function viewerOf(actor: Actor): UserActor {
  if (actor.kind === "anonymous") refuse(401, "Authentication Required");
  // An account awaiting approval sees no referral at all: the same 404, so it learns nothing.
  if (!actor.approved) throw notFound();
  return actor;
}

export type Located = {
  id: string;
  referralNumber: string;
  status: ReferralStatus;
  facilityId: string;
  doctorId: string;
};

/** May this viewer post a message on a referral in this status? (Not once it was cancelled.) */
export function mayMessage(viewer: UserActor, status: ReferralStatus): boolean {
  return mayMessageAs(viewer.role, status);
}

export function mayMessageAs(role: Role, status: ReferralStatus): boolean {
  return (role === "doctor" || role === "facility_admin") && status !== "cancelled";
}

/**
 * May this viewer attach a file now? The doctor while the referral is not cancelled; the
 * facility's administrators once they accepted it (accepted or completed); never a system admin.
 */
export function mayAttach(viewer: UserActor, status: ReferralStatus): boolean {
  if (viewer.role === "doctor") return status !== "cancelled";
  if (viewer.role === "facility_admin") return status === "accepted" || status === "completed";
  return false;
}

/**
 * The id of the referral with this number, or null: the page's actions act on the referral its
 * address names, whatever id a form posts. Who may act is still decided by each domain function.
 */
export async function referralIdByNumber(db: Db, referralNumber: string): Promise<string | null> {
  if (!REFERRAL_NUMBER.test(referralNumber)) return null;
  const [row] = await db
    .select({ id: referrals.id })
    .from(referrals)
    .where(eq(referrals.referralNumber, referralNumber.toUpperCase()))
    .limit(1);
  return row?.id ?? null;
}

/** The referral by id, when this viewer may see it (404 otherwise, the same for missing and foreign). */
export async function locate(db: Db, viewer: UserActor | ClientActor, referralId: string): Promise<Located> {
  const row = UUID.test(referralId)
    ? (
        await db
          .select({
            id: referrals.id,
            referralNumber: referrals.referralNumber,
            status: referrals.status,
            facilityId: referrals.facilityId,
            doctorId: referrals.doctorId,
          })
          .from(referrals)
          .where(eq(referrals.id, referralId))
          .limit(1)
      )[0]
    : undefined;
  if (!row || !canSee(viewer, row)) throw notFound();
  return row;
}

/**
 * The referral by id when this viewer may see it: 401 for an anonymous visitor, the same 404 for
 * a referral that is missing and one this viewer may not see. The page's multipart post is
 * checked with it before a byte of its body is read.
 */
export async function referralForPost(db: Db, actor: Actor, referralId: string): Promise<void> {
  await locate(db, viewerOf(actor), referralId);
}
