import { and, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ClientActor } from "~/auth/actor.server";
import type { Db } from "~/db/client.server";
import { facilities, referrals, users } from "~/db/schema";
import type { ReferralStatus, UrgencyLevel } from "./referral-status";

/*
 * Referrals as hospital systems read them through the FHIR API (decision 034). The rules are the web
 * pages' (referral-access.ts): a facility's client sees that facility's referrals with their
 * clinical details, as its administrators do; the network's client sees every referral without
 * them, as system administrators' lists do. A referral a client may not see is missing (404).
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const REFERRAL_NUMBER = /^REF-\d{4}-\d{6,}$/i;

/** A referral with what its FHIR ServiceRequest and Task say. */
export type ExchangedReferral = {
  id: string;
  referralNumber: string;
  status: ReferralStatus;
  urgencyLevel: UrgencyLevel;
  createdAt: Date;
  acceptedAt: Date | null;
  rejectedAt: Date | null;
  completedAt: Date | null;
  cancelledAt: Date | null;
  rejectionReason: string | null;
  cancellationReason: string | null;
  /** The receiving facility's client only (null for the network's). */
  chiefComplaint: string | null;
  /** The receiving facility's client only (null for the network's). */
  outcomeNote: string | null;
  patient: { id: string; name: string };
  facility: { id: string; name: string };
  doctor: { id: string; name: string };
};

/** A span of time, from (inclusive) until (exclusive); either end may be open. */
export type TimeSpan = { from?: Date; until?: Date };

/** What a search may ask for; every list is an OR of its values, the lists are ANDed. */
export type ExchangeQuery = {
  ids?: readonly string[];
  statuses?: readonly ReferralStatus[];
  referralNumbers?: readonly string[];
  facilityIds?: readonly string[];
  /** The referring doctors (users' ids). */
  doctorIds?: readonly string[];
  /** When the referral was made: each entry is an OR of spans, the entries are ANDed. */
  created?: ReadonlyArray<readonly TimeSpan[]>;
  /** When it last changed (its latest transition, `lastChangedAt`): as `created`. */
  lastChanged?: ReadonlyArray<readonly TimeSpan[]>;
  /** The last referral of the previous page (its id): this page starts after it, newest first. */
  after?: string | null;
  limit: number;
};

const doctorUser = alias(users, "exchange_doctor");

function query(db: Db, client: ClientActor) {
  const clinical = client.facilityId !== null;
  return db
    .select({
      id: referrals.id,
      referralNumber: referrals.referralNumber,
      status: referrals.status,
      urgencyLevel: referrals.urgencyLevel,
      createdAt: referrals.createdAt,
      acceptedAt: referrals.acceptedAt,
      rejectedAt: referrals.rejectedAt,
      completedAt: referrals.completedAt,
      cancelledAt: referrals.cancelledAt,
      rejectionReason: referrals.rejectionReason,
      cancellationReason: referrals.cancellationReason,
      chiefComplaint: clinical ? referrals.chiefComplaint : sql<string | null>`null`,
      outcomeNote: clinical ? referrals.outcomeNote : sql<string | null>`null`,
      patientId: referrals.patientId,
      patientName: referrals.patientName,
      facilityId: facilities.id,
      facilityName: facilities.name,
      doctorId: doctorUser.id,
      doctorName: doctorUser.fullName,
    })
    .from(referrals)
    .innerJoin(facilities, eq(facilities.id, referrals.facilityId))
    .innerJoin(doctorUser, eq(doctorUser.id, referrals.doctorId))
    .$dynamic();
}

type Raw = Awaited<ReturnType<ReturnType<typeof query>["execute"]>>[number];

function toExchanged(r: Raw): ExchangedReferral {
  return {
    id: r.id,
    referralNumber: r.referralNumber,
    status: r.status,
    urgencyLevel: r.urgencyLevel,
    createdAt: r.createdAt,
    acceptedAt: r.acceptedAt,
    rejectedAt: r.rejectedAt,
    completedAt: r.completedAt,
    cancelledAt: r.cancelledAt,
    rejectionReason: r.rejectionReason,
    cancellationReason: r.cancellationReason,
    chiefComplaint: r.chiefComplaint,
    outcomeNote: r.outcomeNote,
    patient: { id: r.patientId, name: r.patientName },
    facility: { id: r.facilityId, name: r.facilityName },
    doctor: { id: r.doctorId, name: r.doctorName },
  };
}

/**
 * When a referral last changed: its latest transition (greatest() skips the nulls). The same
 * instant as fhir-resources.ts's lastUpdatedOf, and the expression referrals_facility_changed_idx
 * indexes, so a facility's poll for what changed since its last one reads that index.
 */
export const lastChangedAt = sql`greatest(${referrals.createdAt}, ${referrals.acceptedAt}, ${referrals.rejectedAt}, ${referrals.completedAt}, ${referrals.cancelledAt})`;

function within(column: SQL | typeof referrals.createdAt, spans: readonly TimeSpan[]): SQL | undefined {
  return or(
    ...spans.map((span) =>
      and(
        span.from ? sql`${column} >= ${span.from.toISOString()}::timestamptz` : undefined,
        span.until ? sql`${column} < ${span.until.toISOString()}::timestamptz` : undefined,
        // An unbounded span (both ends open) matches every referral.
        !span.from && !span.until ? sql`true` : undefined,
      ),
    ),
  );
}

/** The client's scope as a condition: its facility's referrals, or all of them for the network's. */
function scopeOf(client: ClientActor): SQL | undefined {
  return client.facilityId === null ? undefined : eq(referrals.facilityId, client.facilityId);
}

/** One referral the client may see, or null (missing, malformed id, or another facility's). */
export async function referralForClient(db: Db, client: ClientActor, id: string): Promise<ExchangedReferral | null> {
  if (!UUID.test(id)) return null;
  const [row] = await query(db, client)
    .where(and(eq(referrals.id, id), scopeOf(client)))
    .limit(1);
  return row ? toExchanged(row) : null;
}

/**
 * One page of the client's referrals, newest first, and whether another follows. A page starts
 * after the last referral of the previous one (keyset paging on created_at, id), so referrals
 * that arrive while a client pages come before its first page and never shift the later ones.
 */
export async function referralsForClient(
  db: Db,
  client: ClientActor,
  q: ExchangeQuery,
): Promise<{ rows: ExchangedReferral[]; hasMore: boolean }> {
  const where: Array<SQL | undefined> = [scopeOf(client)];
  if (q.ids) {
    const ids = q.ids.filter((id) => UUID.test(id));
    if (ids.length === 0) return { rows: [], hasMore: false };
    where.push(inArray(referrals.id, ids));
  }
  if (q.referralNumbers) {
    const numbers = q.referralNumbers.filter((n) => REFERRAL_NUMBER.test(n)).map((n) => n.toUpperCase());
    if (numbers.length === 0) return { rows: [], hasMore: false };
    where.push(inArray(referrals.referralNumber, numbers));
  }
  if (q.statuses) {
    if (q.statuses.length === 0) return { rows: [], hasMore: false };
    where.push(inArray(referrals.status, [...q.statuses]));
  }
  if (q.facilityIds) {
    const ids = q.facilityIds.filter((id) => UUID.test(id));
    if (ids.length === 0) return { rows: [], hasMore: false };
    where.push(inArray(referrals.facilityId, ids));
  }
  if (q.doctorIds) {
    const ids = q.doctorIds.filter((id) => UUID.test(id));
    if (ids.length === 0) return { rows: [], hasMore: false };
    where.push(inArray(referrals.doctorId, ids));
  }
  for (const spans of q.created ?? []) where.push(within(referrals.createdAt, spans));
  for (const spans of q.lastChanged ?? []) where.push(within(lastChangedAt, spans));
  if (q.after) {
    if (!UUID.test(q.after)) return { rows: [], hasMore: false };
    where.push(
      sql`(${referrals.createdAt}, ${referrals.id}) < (select r.created_at, r.id from referrals r where r.id = ${q.after})`,
    );
  }
  const rows = await query(db, client)
    .where(and(...where))
    .orderBy(desc(referrals.createdAt), desc(referrals.id))
    .limit(q.limit + 1);
  return { rows: rows.slice(0, q.limit).map(toExchanged), hasMore: rows.length > q.limit };
}
