import { eq } from "drizzle-orm";
import type { Actor } from "~/auth/actor.server";
import type { Db } from "~/db/client.server";
import { referrals } from "~/db/schema";
import { messagesAboutReferral, type ReferralDelivery } from "~/features/messaging/public.server";
import { refuse } from "~/lib/refusal";
import { canSee } from "./referral-access";
import { UUID } from "./workspace-access.server";

/**
 * Who was told about a referral, how, and whether it reached them (messaging's record of it), for
 * the referral's timeline. The reader is checked again here as the referral's page checks them
 * (the referring doctor, the receiving facility's approved administrators, approved system
 * administrators): 401 for no one signed in, the same 404 for a missing referral and one they may
 * not see. Referrals ask messaging, never the other way round.
 */
export async function referralDeliveries(
  db: Pick<Db, "select">,
  actor: Actor,
  referralId: string,
): Promise<ReferralDelivery[]> {
  if (actor.kind !== "user") refuse(401, "Authentication Required");
  if (!UUID.test(referralId)) refuse(404, "Referral not found");
  const [referral] = await db
    .select({ facilityId: referrals.facilityId, doctorId: referrals.doctorId })
    .from(referrals)
    .where(eq(referrals.id, referralId));
  if (!referral || !canSee(actor, referral)) refuse(404, "Referral not found");
  return messagesAboutReferral(db, referralId);
}
