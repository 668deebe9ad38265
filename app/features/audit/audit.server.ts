import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { auditEvents } from "~/db/schema";
import type { AuditType } from "./audit-types";

/** A query builder or an open transaction (audit rows are written inside the change they record). */
export type Executor = Pick<Db, "insert" | "select" | "update" | "execute">;

/** Every kind of audit row (audit-types.ts names them for the audit log screen). */
export type AuditAction = AuditType;

export type AuditEntry = {
  /** Null for what the system does by itself (an escalation), or what a FHIR client did. */
  actorId: string | null;
  /** The hospital system's client that acted through the FHIR API (decision 034). */
  apiClientId?: string | null;
  action: AuditAction;
  subjectType: (typeof auditEvents.$inferInsert)["subjectType"];
  subjectId: string;
  fromStatus?: string | null;
  toStatus?: string | null;
  reason?: string | null;
};

/** Writes one audit row (who, when, from, to, reason): decisions section 4. */
export async function recordAudit(tx: Executor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditEvents).values({
    actorId: entry.actorId,
    apiClientId: entry.apiClientId ?? null,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    fromStatus: entry.fromStatus ?? null,
    toStatus: entry.toStatus ?? null,
    reason: entry.reason ?? null,
  });
}

/** Who acted: a person (their user id) or a FHIR API client (decision 034). */
export type AuditBy = { actorId: string } | { apiClientId: string };

/**
 * Whether `by` has already done `action` to the subject (its audit row exists): a repeated
 * transition (a double tap, a retry after a timeout that reached the server) is then answered as
 * the first one was instead of as a conflict (decision 027).
 */
export async function didAlready(
  db: Pick<Db, "select">,
  by: AuditBy,
  subject: { type: AuditEntry["subjectType"]; id: string },
  action: AuditAction,
): Promise<boolean> {
  const [row] = await db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.subjectType, subject.type),
        eq(auditEvents.subjectId, subject.id),
        eq(auditEvents.action, action),
        "actorId" in by ? eq(auditEvents.actorId, by.actorId) : eq(auditEvents.apiClientId, by.apiClientId),
      ),
    )
    .limit(1);
  return !!row;
}

/** Which file an export was: referrals, payouts, accounts or the hub waitlist. */
export type ExportKind = "referrals" | "payments" | "users" | "waitlist";

/**
 * Audits a CSV download (decision 020): who, when, which file and with which filters, as one row whose
 * subject is the downloading account.
 */
export async function recordExport(
  tx: Executor,
  actor: { id: string },
  kind: ExportKind,
  filters: Record<string, string | null> = {},
): Promise<void> {
  const described = Object.entries(filters)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}=${v}`)
    .join(" ");
  await recordAudit(tx, {
    actorId: actor.id,
    action: "export.downloaded",
    subjectType: "user",
    subjectId: actor.id,
    reason: described ? `${kind} (${described})` : kind,
  });
}
