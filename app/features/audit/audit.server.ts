import type { Db } from "~/db/client.server";
import { auditEvents } from "~/db/schema";

/** A query builder or an open transaction (audit rows are written inside the change they record). */
export type Executor = Pick<Db, "insert" | "select" | "update" | "execute">;

export type AuditEntry = {
  actorId: string;
  action: "referral.accepted" | "referral.rejected" | "referral.completed" | "account.approved" | "payment.recorded";
  subjectType: "referral" | "user" | "payment";
  subjectId: string;
  fromStatus?: string | null;
  toStatus?: string | null;
  reason?: string | null;
};

/** Writes one audit row (who, when, from, to, reason): decisions section 4. */
export async function recordAudit(tx: Executor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditEvents).values({
    actorId: entry.actorId,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    fromStatus: entry.fromStatus ?? null,
    toStatus: entry.toStatus ?? null,
    reason: entry.reason ?? null,
  });
}
