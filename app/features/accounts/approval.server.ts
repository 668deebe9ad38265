import { and, eq, or } from "drizzle-orm";
import type * as z from "zod/mini";
import { accountApprovedMail, accountDeclinedMail } from "~/auth/account-mail";
import { type Actor, actorById, isApprovedSystemAdmin } from "~/auth/actor.server";
import { dashboardPath, type Role } from "~/auth/roles";
import type { Db } from "~/db/client.server";
import { users } from "~/db/schema";
import { env } from "~/env.server";
import { recordAudit } from "~/features/audit/public.server";
import { queueEmail } from "~/features/messaging/public.server";
import { mailReader } from "~/i18n/message-text.server";
import { parseOrRefuse, refuse } from "~/lib/refusal";
import { adminApprovalStep, recordSponsor, tellAdminApproved } from "./administrators.server";
import { declineSchema } from "./decline-schema";

export type ApprovalResult = {
  userId: string;
  alreadyApproved: boolean;
  role: Role;
  /** A system administrator's approval that now waits for a second administrator (decision 033). */
  awaitingSecond?: boolean;
};

/**
 * Approves an account (the spec's approve-doctor operation, for every role): a doctor becomes
 * verified; an administrator's approval status becomes approved. Only an approved system
 * administrator may approve (403 otherwise, 401 when anonymous); an unknown user is a 404.
 * Idempotent: approving an approved account changes nothing and sends no mail. Writes an audit row,
 * and records the approver as the account's sponsor. A system administrator account (decision 033)
 * needs two administrators where two or more exist besides it (administrators.server.ts), and every
 * system administrator is told when one is approved or given back its rights.
 */
export async function approveAccount(db: Db, actor: Actor, userId: string): Promise<ApprovalResult> {
  if (actor.kind === "anonymous") refuse(401, "Authentication Required");
  if (!isApprovedSystemAdmin(actor)) refuse(403, "Only approved system administrators can approve accounts.");
  const target = await actorById(db, userId);
  if (target.kind === "anonymous") refuse(404, "Account not found");
  const now = new Date();
  const approved = await db.transaction(async (tx) => {
    const [state] = await tx
      .select({ approvalStatus: users.approvalStatus, requestedBy: users.adminApprovalRequestedBy })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!state || (target.role === "system_admin" && state.approvalStatus === "approved")) return "unchanged";
    if (target.role === "system_admin") {
      const step = await adminApprovalStep(tx, actor, { id: userId, adminApprovalRequestedBy: state.requestedBy }, now);
      if (step === "requested") return "requested";
    } else {
      await recordSponsor(tx, userId, actor.id, "approved");
    }
    const [row] = await tx
      .update(users)
      .set({
        isVerified: true,
        approvalStatus: "approved",
        approvedAt: now,
        approvedBy: actor.id,
        adminApprovalRequestedBy: null,
        adminApprovalRequestedAt: null,
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
    if (!row) return "unchanged";
    await recordAudit(tx, {
      actorId: actor.id,
      action: "account.approved",
      subjectType: "user",
      subjectId: row.id,
      fromStatus: state.approvalStatus === "declined" ? "declined" : "pending",
      toStatus: "approved",
    });
    await queueEmail(
      tx,
      {
        to: target.email,
        ...accountApprovedMail(mailReader(target.language), {
          name: target.fullName,
          appUrl: env().APP_URL,
          dashboardPath: dashboardPath(target.role),
        }),
      },
      { event: "account.approved", userId: row.id },
    );
    if (target.role === "system_admin") {
      await tellAdminApproved(
        tx,
        actor,
        {
          id: row.id,
          fullName: target.fullName,
          email: target.email,
          wasDeclined: state.approvalStatus === "declined",
        },
        now,
      );
    }
    return "approved";
  });
  if (approved === "requested") return { userId, alreadyApproved: false, role: target.role, awaitingSecond: true };
  return { userId, alreadyApproved: approved === "unchanged", role: target.role };
}

export type DeclineResult = { ok: true; userId: string; role: Role };

/**
 * Declines an account still awaiting approval, with a reason the person reads when they
 * sign in. Only an approved system administrator may (403; 401 anonymous); an unknown account is a
 * 404; an account no longer pending (approved, or declined by someone else first) is a 409. The
 * person is emailed that the request was declined, with a link and without the reason. A blank or
 * too long reason is a 400 with the reason's message.
 */
export async function declineAccount(
  db: Db,
  actor: Actor,
  input: Partial<Record<keyof z.infer<typeof declineSchema>, unknown>>,
): Promise<DeclineResult> {
  if (actor.kind === "anonymous") refuse(401, "Authentication Required");
  if (!isApprovedSystemAdmin(actor)) refuse(403, "Only approved system administrators can decline accounts.");
  const { userId, reason } = parseOrRefuse(declineSchema, input);
  const target = await actorById(db, userId);
  if (target.kind === "anonymous") refuse(404, "Account not found");
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
        // A system administrator's approval waiting for a second administrator ends with the decline.
        adminApprovalRequestedBy: null,
        adminApprovalRequestedAt: null,
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
    await queueEmail(
      tx,
      {
        to: target.email,
        ...accountDeclinedMail(mailReader(target.language), { name: target.fullName, appUrl: env().APP_URL }),
      },
      { event: "account.declined", userId: row.id },
    );
    return true;
  });
  if (!declined) {
    // The same administrator's repeat with the same reason (decision 027) answers as their first decline did.
    const [now] = await db
      .select({ status: users.approvalStatus, by: users.declinedBy, reason: users.declineReason })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (now?.status === "declined" && now.by === actor.id && now.reason === reason) {
      return { ok: true, userId, role: target.role };
    }
    refuse(409, "This account is no longer awaiting approval.");
  }
  return { ok: true, userId, role: target.role };
}
