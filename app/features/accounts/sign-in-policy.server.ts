import { eq } from "drizzle-orm";
import { type Actor, isApprovedSystemAdmin } from "~/auth/actor.server";
import type { Db } from "~/db/client.server";
import { SIGN_IN_POLICY_ID, signInPolicy } from "~/db/schema";
import { recordAudit } from "~/features/audit/public.server";
import { refuse } from "~/lib/refusal";

/*
 * How system administrators may sign in (decision 042): a system administrator may require the
 * password (never a code by SMS) for every system administrator. One row; none means the default
 * (the phone is allowed). Each change is audited; the phone sign-in reads it on every request and
 * every check of a code (phone-sign-in.server.ts).
 */

export type SignInPolicy = { adminsPasswordOnly: boolean };

export async function signInPolicyOf(db: Pick<Db, "select">): Promise<SignInPolicy> {
  const [row] = await db
    .select({ adminsPasswordOnly: signInPolicy.adminsPasswordOnly })
    .from(signInPolicy)
    .where(eq(signInPolicy.id, SIGN_IN_POLICY_ID))
    .limit(1);
  return { adminsPasswordOnly: row?.adminsPasswordOnly ?? false };
}

/** An approved system administrator sets the rule; a change is audited (the same value again writes nothing). */
export async function setAdminsPasswordOnly(db: Db, actor: Actor, passwordOnly: boolean): Promise<void> {
  if (!isApprovedSystemAdmin(actor)) refuse(403, "Only a system administrator can change how administrators sign in.");
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ adminsPasswordOnly: signInPolicy.adminsPasswordOnly })
      .from(signInPolicy)
      .where(eq(signInPolicy.id, SIGN_IN_POLICY_ID))
      .for("update");
    const was = before?.adminsPasswordOnly ?? false;
    if (was === passwordOnly) return;
    await tx
      .insert(signInPolicy)
      .values({ id: SIGN_IN_POLICY_ID, adminsPasswordOnly: passwordOnly, changedBy: actor.id })
      .onConflictDoUpdate({
        target: signInPolicy.id,
        set: { adminsPasswordOnly: passwordOnly, changedBy: actor.id, updatedAt: new Date() },
      });
    await recordAudit(tx, {
      actorId: actor.id,
      action: "account.admin_sign_in_changed",
      subjectType: "sign_in_policy",
      subjectId: SIGN_IN_POLICY_ID,
      fromStatus: was ? "password only" : "password or phone",
      toStatus: passwordOnly ? "password only" : "password or phone",
    });
  });
}
