import { and, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type Actor, assertGate } from "~/auth/actor.server";
import type { Role } from "~/auth/roles";
import type { Db } from "~/db/client.server";
import {
  apiClients,
  auditEvents,
  facilities,
  facilityReports,
  hubs,
  paymentRecords,
  referrals,
  users,
} from "~/db/schema";
import { containsPattern } from "~/lib/like-pattern";
import { type ProbedPage, pageFrom, probedPage } from "~/lib/paging";
import { searchText } from "~/lib/search-text";
import { AUDIT_GROUPS, AUDIT_TYPES, type AuditTypeFilter, isAuditTypeFilter } from "./audit-types";

export const AUDIT_PAGE_SIZE = 25;

/** The audit log's filters, as read from its address (anything unusable is left out). */
export type AuditFilters = {
  /** Part of the acting person's name or email. */
  actor: string;
  /** A referral number: its own events and its payment's. */
  referral: string;
  type: AuditTypeFilter | null;
  /** Days in Ghana (YYYY-MM-DD), both included. */
  from: string | null;
  to: string | null;
  page: number;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
function dayFrom(value: string | null): string | null {
  if (!value || !DAY.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && date.getUTCFullYear() >= 2000
    ? value
    : null;
}

export function auditFiltersFrom(params: URLSearchParams): AuditFilters {
  const type = params.get("type");
  return {
    actor: searchText(params.get("actor")),
    referral: searchText(params.get("referral"), 40).toUpperCase(),
    type: isAuditTypeFilter(type) ? type : null,
    from: dayFrom(params.get("from")),
    to: dayFrom(params.get("to")),
    page: pageFrom(params.get("page")),
  };
}

export type AuditLogEntry = {
  id: string;
  at: string;
  action: string;
  actor: { name: string; email: string; role: Role } | null;
  /** A hospital system that acted through the FHIR API (decision 034): its registered name. */
  apiClient: { name: string } | null;
  fromStatus: string | null;
  toStatus: string | null;
  /** The reason or the filters of an export (shown to system administrators only). */
  detail: string | null;
  /** What the event was about, for the reader: a referral number or an account's name. */
  subject:
    | { kind: "referral"; referralNumber: string }
    | { kind: "user"; name: string; email: string }
    | { kind: "facility"; id: string; name: string }
    | { kind: "hub"; slug: string; title: string }
    | null;
};

const actorUser = alias(users, "actor");
const subjectUser = alias(users, "subject_user");
const paymentReferral = alias(referrals, "payment_referral");

/**
 * Every transition, approval, payment and export, newest first, filterable by who acted, a
 * referral number (its own events and its payment's), a kind or group of event and a range of
 * days in Ghana; paged without counting (approved system administrators only).
 */
export async function listAuditLog(db: Db, actor: Actor, filters: AuditFilters): Promise<ProbedPage<AuditLogEntry>> {
  assertGate(actor, "system-admin");
  const where: SQL[] = [];
  if (filters.type) {
    if (Object.hasOwn(AUDIT_GROUPS, filters.type)) {
      const group = Object.keys(AUDIT_TYPES).filter((t) => t.startsWith(`${filters.type}.`));
      where.push(inArray(auditEvents.action, group));
    } else {
      where.push(eq(auditEvents.action, filters.type));
    }
  }
  if (filters.actor) {
    const pattern = containsPattern(filters.actor);
    where.push(
      inArray(
        auditEvents.actorId,
        db
          .select({ id: users.id })
          .from(users)
          .where(sql`(${users.fullName} || chr(10) || ${users.email}) ilike ${pattern}`),
      ),
    );
  }
  if (filters.referral) {
    // The referral and its payment first (two indexed lookups), then their events by the subject
    // index: as sub-selects inside an OR, the planner walked the whole log newest first instead.
    const [found] = await db
      .select({ id: referrals.id, paymentId: paymentRecords.id })
      .from(referrals)
      .leftJoin(paymentRecords, eq(paymentRecords.referralId, referrals.id))
      .where(eq(referrals.referralNumber, filters.referral))
      .limit(1);
    if (!found) return { rows: [], page: filters.page, hasNext: false };
    const own = and(eq(auditEvents.subjectType, "referral"), eq(auditEvents.subjectId, found.id)) as SQL;
    where.push(
      found.paymentId
        ? (or(own, and(eq(auditEvents.subjectType, "payment"), eq(auditEvents.subjectId, found.paymentId))) as SQL)
        : own,
    );
  }
  if (filters.from) {
    where.push(sql`${auditEvents.createdAt} >= (${filters.from}::date::timestamp at time zone 'Africa/Accra')`);
  }
  if (filters.to) {
    where.push(sql`${auditEvents.createdAt} < ((${filters.to}::date + 1)::timestamp at time zone 'Africa/Accra')`);
  }
  const rows = await db
    .select({
      id: auditEvents.id,
      at: auditEvents.createdAt,
      action: auditEvents.action,
      subjectType: auditEvents.subjectType,
      fromStatus: auditEvents.fromStatus,
      toStatus: auditEvents.toStatus,
      reason: auditEvents.reason,
      actorName: actorUser.fullName,
      actorEmail: actorUser.email,
      apiClientName: apiClients.name,
      actorRole: sql<Role | null>`coalesce((select ur.role from user_roles ur where ur.user_id = ${actorUser.id}), ${actorUser.role})`,
      referralNumber: sql<string | null>`coalesce(${referrals.referralNumber}, ${paymentReferral.referralNumber})`,
      subjectName: subjectUser.fullName,
      subjectEmail: subjectUser.email,
      facilityId: facilities.id,
      facilityName: facilities.name,
      hubSlug: hubs.slug,
      hubTitle: hubs.title,
    })
    .from(auditEvents)
    .leftJoin(actorUser, eq(actorUser.id, auditEvents.actorId))
    .leftJoin(apiClients, eq(apiClients.id, auditEvents.apiClientId))
    .leftJoin(referrals, and(eq(auditEvents.subjectType, "referral"), eq(referrals.id, auditEvents.subjectId)))
    .leftJoin(paymentRecords, and(eq(auditEvents.subjectType, "payment"), eq(paymentRecords.id, auditEvents.subjectId)))
    .leftJoin(paymentReferral, eq(paymentReferral.id, paymentRecords.referralId))
    .leftJoin(subjectUser, and(eq(auditEvents.subjectType, "user"), eq(subjectUser.id, auditEvents.subjectId)))
    .leftJoin(
      facilityReports,
      and(eq(auditEvents.subjectType, "facility_report"), eq(facilityReports.id, auditEvents.subjectId)),
    )
    // A facility's own events, and a report's (named by the facility it is about).
    .leftJoin(
      facilities,
      or(
        and(eq(auditEvents.subjectType, "facility"), eq(facilities.id, auditEvents.subjectId)),
        eq(facilities.id, facilityReports.facilityId),
      ),
    )
    // A hub's events (edited, launched, waitlist notified) are named by the hub.
    .leftJoin(hubs, and(eq(auditEvents.subjectType, "hub"), eq(hubs.id, auditEvents.subjectId)))
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((filters.page - 1) * AUDIT_PAGE_SIZE);
  return probedPage(rows, filters.page, AUDIT_PAGE_SIZE, (r) => ({
    id: r.id,
    at: r.at.toISOString(),
    action: r.action,
    actor:
      r.actorName && r.actorEmail && r.actorRole ? { name: r.actorName, email: r.actorEmail, role: r.actorRole } : null,
    apiClient: r.apiClientName ? { name: r.apiClientName } : null,
    fromStatus: r.fromStatus,
    toStatus: r.toStatus,
    detail: r.reason,
    subject: r.referralNumber
      ? { kind: "referral", referralNumber: r.referralNumber }
      : r.subjectName && r.subjectEmail && r.action.startsWith("account.")
        ? { kind: "user", name: r.subjectName, email: r.subjectEmail }
        : r.facilityId && r.facilityName
          ? { kind: "facility", id: r.facilityId, name: r.facilityName }
          : r.hubSlug && r.hubTitle
            ? { kind: "hub", slug: r.hubSlug, title: r.hubTitle }
            : null,
  }));
}
