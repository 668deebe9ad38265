import { and, eq, or } from "drizzle-orm";
import { data } from "react-router";
import { type Actor, actorById, isApprovedSystemAdmin } from "~/auth/actor.server";
import { dashboardPath } from "~/auth/roles";
import type { Db } from "~/db/client.server";
import { users } from "~/db/schema";
import { sendMail } from "~/email/send.server";
import { env } from "~/env.server";
import { recordAudit } from "~/features/audit/audit.server";
import { logger } from "~/lib/logger.server";
import { accountApprovedMail } from "./account-mail";

export type ApprovalResult = { userId: string; alreadyApproved: boolean };

/**
 * Approves an account (the spec's approve-doctor operation, for every role): a doctor becomes
 * verified; an administrator's approval status becomes approved. Only an approved system
 * administrator may approve (403 otherwise, 401 when anonymous); an unknown user is a 404.
 * Idempotent: approving an approved account changes nothing and sends no mail. Writes an audit row.
 */
export async function approveAccount(db: Db, actor: Actor, userId: string): Promise<ApprovalResult> {
  if (actor.kind === "anonymous") throw data("Authentication Required", { status: 401 });
  if (!isApprovedSystemAdmin(actor))
    throw data("Only approved system administrators can approve accounts.", { status: 403 });
  const target = await actorById(db, userId);
  if (target.kind === "anonymous") throw data("Account not found", { status: 404 });
  const now = new Date();
  const approved = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ isVerified: true, approvalStatus: "approved", approvedAt: now, approvedBy: actor.id, updatedAt: now })
      .where(and(eq(users.id, userId), or(eq(users.isVerified, false), eq(users.approvalStatus, "pending"))))
      .returning({ id: users.id });
    if (!row) return false;
    await recordAudit(tx, {
      actorId: actor.id,
      action: "account.approved",
      subjectType: "user",
      subjectId: row.id,
      fromStatus: "pending",
      toStatus: "approved",
    });
    return true;
  });
  if (!approved) return { userId, alreadyApproved: true };
  sendMail({
    to: target.email,
    ...accountApprovedMail({ name: target.fullName, appUrl: env().APP_URL, dashboardPath: dashboardPath(target.role) }),
  }).catch((error: unknown) => logger.error({ err: error }, "sending the approval mail failed"));
  return { userId, alreadyApproved: false };
}
