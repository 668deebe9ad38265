import type { Actor } from "~/auth/actor.server";
import type { Db } from "~/db/client.server";
import { type KeptAnswer, keptAnswerFor } from "~/lib/idempotency.server";

/**
 * Decision 037: a doctor whose phone lost the answer to Create Referral (a photo on a slow uplink) asks
 * by the form's idempotency key whether the server made the referral. Only their own key (scope:
 * their id) of the create form ("referral.create", the scope and form createReferralOnce uses), and
 * only once it committed; anyone else, any other form, or a key not yet answered: null.
 */
export async function referralSentWithKey(db: Db, actor: Actor, key: unknown): Promise<KeptAnswer | null> {
  if (actor.kind !== "user") return null;
  const answer = await keptAnswerFor(db, { scope: actor.id, key, form: "referral.create" });
  return answer?.location?.startsWith("/referrals/") ? answer : null;
}
