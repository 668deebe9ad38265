import { and, eq, or } from "drizzle-orm";
import { data } from "react-router";
import type * as z from "zod/mini";
import { type Actor, actorById, isApprovedSystemAdmin } from "~/auth/actor.server";
import { dashboardPath, type Role } from "~/auth/roles";
import type { Db } from "~/db/client.server";
import { users } from "~/db/schema";
import { sendMail } from "~/email/send.server";
import { env } from "~/env.server";
import { recordAudit } from "~/features/audit/audit.server";
import { logger } from "~/lib/logger.server";
import { accountApprovedMail, accountDeclinedMail } from "./account-mail";
import { declineSchema } from "./decline-schema";

export type ApprovalResult = { userId: string; alreadyApproved: boolean; role: Role };

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
      .set({
        isVerified: true,
        approvalStatus: "approved",
        approvedAt: now,
        approvedBy: actor.id,
        // A declined account can be reconsidered: approving it clears the refusal.
        declinedAt: null,
        declinedBy: null,
        declineReason: null,
        updatedAt: now,
      })
      .where(
        and(
          eq(users.id, userId),
          or(eq(users.isVerified, false), eq(users.approvalStatus, "pending"), eq(users.approvalStatus, "declined")),
        ),
      )
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
  if (!approved) return { userId, alreadyApproved: true, role: target.role };
  sendMail({
    to: target.email,
    ...accountApprovedMail({ name: target.fullName, appUrl: env().APP_URL, dashboardPath: dashboardPath(target.role) }),
  }).catch((error: unknown) => logger.error({ err: error }, "sending the approval mail failed"));
  return { userId, alreadyApproved: false, role: target.role };
}

export type DeclineResult =
  | { ok: true; userId: string; role: Role }
  | { ok: false; fieldErrors: Partial<Record<"reason" | "userId", string>>; message: string };

/**
 * Declines an account still awaiting approval (issue 19), with a reason the person reads when they
 * sign in. Only an approved system administrator may (403; 401 anonymous); an unknown account is a
 * 404; an account no longer pending (approved, or declined by someone else first) is a 409. The
 * person is emailed that the request was declined, with a link and without the reason.
 */
export async function declineAccount(
  db: Db,
  actor: Actor,
  input: Partial<Record<keyof z.infer<typeof declineSchema>, unknown>>,
): Promise<DeclineResult> {
  if (actor.kind === "anonymous") throw data("Authentication Required", { status: 401 });
  if (!isApprovedSystemAdmin(actor))
    throw data("Only approved system administrators can decline accounts.", { status: 403 });
  const parsed = declineSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Partial<Record<"reason" | "userId", string>> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] === "userId" ? "userId" : "reason";
      fieldErrors[key] ??= issue.message;
    }
    return { ok: false, fieldErrors, message: parsed.error.issues[0]?.message ?? "Please check the reason" };
  }
  const { userId, reason } = parsed.data;
  const target = await actorById(db, userId);
  if (target.kind === "anonymous") throw data("Account not found", { status: 404 });
  const now = new Date();
  const declined = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        approvalStatus: "declined",
        isVerified: false,
        declinedAt: now,
        declinedBy: actor.id,
        declineReason: reason,
        updatedAt: now,
      })
      .where(and(eq(users.id, userId), eq(users.approvalStatus, "pending"), eq(users.isVerified, false)))
      .returning({ id: users.id });
    if (!row) return false;
    await recordAudit(tx, {
      actorId: actor.id,
      action: "account.declined",
      subjectType: "user",
      subjectId: row.id,
      fromStatus: "pending",
      toStatus: "declined",
      reason,
    });
    return true;
  });
  if (!declined) throw data("This account is no longer awaiting approval.", { status: 409 });
  sendMail({ to: target.email, ...accountDeclinedMail({ name: target.fullName, appUrl: env().APP_URL }) }).catch(
    (error: unknown) => logger.error({ err: error }, "sending the decline mail failed"),
  );
  return { ok: true, userId, role: target.role };
}
