import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { referrals } from "~/db/schema";
import { recordAudit } from "~/features/audit/public.server";
import {
  facilityAdminIds,
  notifyOnCall,
  notifyUsers,
  referralNoticeMail,
  systemAdminIds,
} from "~/features/messaging/public.server";
import { enqueue, type JobHandler } from "~/jobs/queue.server";
import { PRIORITY } from "~/jobs/queue-message.server";

/*
 * Escalation (decision 024): an emergency referral not accepted within 15 minutes, an urgent one within
 * 4 hours, is told again to the facility (its administrators and its on-call number) and to the
 * system administrators. A `referral-escalation` job is written with the referral, to start at
 * that moment (pg-boss startAfter, singleton key per referral); when it runs, one conditional
 * UPDATE (still pending, not escalated yet) decides, so each referral is escalated at most once,
 * whatever the retries or servers. The escalation is an audit row (the timeline's "Escalated")
 * and `referrals.escalated_at` (the facility's queue shows it).
 */

export const ESCALATE_AFTER_MS = { emergency: 15 * 60_000, urgent: 4 * 60 * 60_000 } as const;

/** Written in the referral's own transaction; routine referrals are never escalated. */
export async function scheduleEscalation(
  tx: Pick<Db, "execute">,
  referral: { id: string; urgencyLevel: string; createdAt: Date },
): Promise<void> {
  if (referral.urgencyLevel !== "emergency" && referral.urgencyLevel !== "urgent") return;
  await enqueue(tx, {
    name: "referral-escalation",
    data: { referralId: referral.id },
    singletonKey: `escalation:${referral.id}`,
    priority: referral.urgencyLevel === "emergency" ? PRIORITY.emergency : PRIORITY.waiting,
    startAfter: new Date(referral.createdAt.getTime() + ESCALATE_AFTER_MS[referral.urgencyLevel]),
  });
}

/** Escalates the referral if it is still pending and was not escalated before; returns whether it did. */
export async function escalateReferral(db: Db, referralId: string, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [referral] = await tx
      .update(referrals)
      .set({ escalatedAt: now })
      .where(and(eq(referrals.id, referralId), eq(referrals.status, "pending"), isNull(referrals.escalatedAt)))
      .returning({
        id: referrals.id,
        referralNumber: referrals.referralNumber,
        facilityId: referrals.facilityId,
        urgencyLevel: referrals.urgencyLevel,
      });
    if (!referral) return false;
    const emergency = referral.urgencyLevel === "emergency";
    await recordAudit(tx, {
      actorId: null,
      action: "referral.escalated",
      subjectType: "referral",
      subjectId: referral.id,
      reason: emergency ? "Not accepted within 15 minutes" : "Not accepted within 4 hours",
    });
    const sms = emergency ? "referral_escalated" : "referral_escalated_urgent";
    const notice = {
      kind: "referral.escalated" as const,
      event: "referral.escalated",
      sms,
      referralId: referral.id,
      referralNumber: referral.referralNumber,
      emergency,
      mail: referralNoticeMail(sms, referral.referralNumber),
      now,
    } as const;
    const people = [...(await facilityAdminIds(tx, referral.facilityId)), ...(await systemAdminIds(tx))];
    await notifyUsers(tx, people, notice);
    await notifyOnCall(tx, referral.facilityId, notice);
    return true;
  });
}

export function referralEscalationJob(db: Db): JobHandler<"referral-escalation"> {
  return async (job) => {
    await escalateReferral(db, job.data.referralId);
  };
}
