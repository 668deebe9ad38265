import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type Actor, assertGate } from "~/auth/actor.server";
import type { Db } from "~/db/client.server";
import { facilities, paymentRecords, referrals, users } from "~/db/schema";
import type { CountedPage } from "~/lib/paging";
import { phoneLink } from "~/lib/phone";
import type { PhoneLink } from "~/lib/phone-link";
import { refuse } from "~/lib/refusal";
import { type ReferralActivity, withActivity } from "./referral-reads.server";
import type { ReferralStatus } from "./referral-status";

export const DOCTOR_PAGE_SIZE = 10;
export const FACILITY_PAGE_SIZE = 20;
export const ADMIN_PAGE_SIZE = 20;

/* ------------------------------------------------------------------------------------------------
 * Reading referrals: a row's shape and its query (History's too: referral-history.server.ts), the
 * dashboards and the system administrators' list. Creating one: referral-create.server.ts; moving
 * one along the status table: referral-transitions.server.ts.
 * ---------------------------------------------------------------------------------------------- */

export type ReferralRow = {
  id: string;
  referralNumber: string;
  status: ReferralStatus;
  urgencyLevel: "routine" | "urgent" | "emergency";
  createdAt: string;
  acceptedAt: string | null;
  rejectedAt: string | null;
  completedAt: string | null;
  rejectionReason: string | null;
  /** Clinical details: loaded only for the views that show them (the receiving facility's); null elsewhere. */
  chiefComplaint: string | null;
  clinicalNotes: string | null;
  referralFee: number;
  doctorShare: number;
  /** Email and date of birth, like the clinical details, only for the receiving facility's views. */
  /** `call`: the number grouped, as a tel: link, with WhatsApp for a mobile. */
  patient: { fullName: string; phone: string; call: PhoneLink; email: string | null; dateOfBirth: string | null };
  facility: { id: string; name: string; address: string };
  doctor: { id: string; fullName: string; specialty: string | null };
  /**
   * Pending too long for its urgency: an emergency for more than an hour, an urgent
   * referral for more than 24 hours; decided by the database against its own clock.
   */
  overdue: boolean;
  /** Still pending and escalated (not accepted within 15 minutes / 4 hours: the facility and the system administrators were told again). */
  escalated: boolean;
  /** The doctor's payout for a completed referral (the doctor's views only; null elsewhere or before completion). */
  payout: { status: "pending" | "paid"; method: string | null; paidAt: string | null } | null;
  /** Its files, and the messages from others since the viewer last opened it (the lists that show them). */
  activity?: ReferralActivity;
};

export type Page<T> = CountedPage<T> & { pageSize: number; total: number };

const doctorUser = alias(users, "doctor");

const referralColumns = {
  id: referrals.id,
  referralNumber: referrals.referralNumber,
  status: referrals.status,
  urgencyLevel: referrals.urgencyLevel,
  createdAt: referrals.createdAt,
  acceptedAt: referrals.acceptedAt,
  rejectedAt: referrals.rejectedAt,
  completedAt: referrals.completedAt,
  rejectionReason: referrals.rejectionReason,
  chiefComplaint: referrals.chiefComplaint,
  clinicalNotes: referrals.clinicalNotes,
  referralFee: referrals.referralFee,
  doctorShare: referrals.doctorShare,
  patientName: referrals.patientName,
  patientPhone: referrals.patientPhone,
  patientEmail: referrals.patientEmail,
  patientDateOfBirth: referrals.patientDateOfBirth,
  facilityId: facilities.id,
  facilityName: facilities.name,
  facilityAddress: facilities.address,
  doctorId: doctorUser.id,
  doctorName: doctorUser.fullName,
  doctorSpecialty: doctorUser.specialty,
  overdue: sql<boolean>`(${referrals.status} = 'pending' and (
    (${referrals.urgencyLevel} = 'emergency' and ${referrals.createdAt} < now() - interval '1 hour')
    or (${referrals.urgencyLevel} = 'urgent' and ${referrals.createdAt} < now() - interval '24 hours')))`,
  escalated: sql<boolean>`(${referrals.status} = 'pending' and ${referrals.escalatedAt} is not null)`,
  payoutStatus: sql<"pending" | "paid" | null>`null`,
  payoutMethod: sql<string | null>`null`,
  payoutPaidAt: sql<Date | string | null>`null`,
};

type DataOf<C> = C extends SQL<infer T> ? T : C extends { _: { data: infer D } } ? D : never;
export type RawReferral = {
  [K in keyof typeof referralColumns]: DataOf<(typeof referralColumns)[K]> | null;
};

/** A timestamp read through `sql` (not a column): the driver may hand back a string. */
const isoOf = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function toRow(r: RawReferral): ReferralRow {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    id: r.id as string,
    referralNumber: r.referralNumber as string,
    status: r.status as ReferralStatus,
    urgencyLevel: r.urgencyLevel as ReferralRow["urgencyLevel"],
    createdAt: (r.createdAt as Date).toISOString(),
    acceptedAt: iso(r.acceptedAt),
    rejectedAt: iso(r.rejectedAt),
    completedAt: iso(r.completedAt),
    rejectionReason: r.rejectionReason,
    chiefComplaint: r.chiefComplaint,
    clinicalNotes: r.clinicalNotes,
    referralFee: r.referralFee as number,
    doctorShare: r.doctorShare as number,
    patient: {
      fullName: r.patientName as string,
      phone: r.patientPhone as string,
      call: phoneLink(r.patientPhone as string),
      email: r.patientEmail,
      dateOfBirth: r.patientDateOfBirth,
    },
    facility: { id: r.facilityId as string, name: r.facilityName as string, address: r.facilityAddress as string },
    doctor: { id: r.doctorId as string, fullName: r.doctorName as string, specialty: r.doctorSpecialty },
    overdue: r.overdue === true,
    escalated: r.escalated === true,
    payout: r.payoutStatus
      ? { status: r.payoutStatus, method: r.payoutMethod, paidAt: isoOf(r.payoutPaidAt ?? null) }
      : null,
  };
}

/**
 * Referrals with their facility and doctor. A "summary" (the doctor's and the administrator's
 * lists) leaves out what those pages do not show: the clinical details and the patient's email
 * and date of birth never leave the database for them (less to send, less to expose).
 */
export function referralQuery(db: Db, detail: "clinical" | "summary", options: { payout?: boolean } = {}) {
  const withDetail =
    detail === "clinical"
      ? referralColumns
      : {
          ...referralColumns,
          chiefComplaint: sql<string | null>`null`,
          clinicalNotes: sql<string | null>`null`,
          patientEmail: sql<string | null>`null`,
          patientDateOfBirth: sql<string | null>`null`,
        };
  // The doctor's payout (one payment record per completed referral, by its unique index).
  const columns = options.payout
    ? {
        ...withDetail,
        payoutStatus: sql<"pending" | "paid" | null>`${paymentRecords.status}`,
        payoutMethod: sql<string | null>`${paymentRecords.paymentMethod}`,
        payoutPaidAt: sql<Date | string | null>`${paymentRecords.paidAt}`,
      }
    : withDetail;
  const query = db
    .select(columns)
    .from(referrals)
    .innerJoin(facilities, eq(facilities.id, referrals.facilityId))
    .innerJoin(doctorUser, eq(doctorUser.id, referrals.doctorId))
    .$dynamic();
  return options.payout ? query.leftJoin(paymentRecords, eq(paymentRecords.referralId, referrals.id)) : query;
}

function paged<T>(rows: T[], page: number, pageSize: number, total: number): Page<T> {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return { rows, page, pageSize, total, pageCount, hasNext: page < pageCount };
}

export type DoctorStats = { total: number; pending: number; accepted: number; completed: number; earnings: number };

/**
 * The doctor dashboard: the stat cards (counted and summed by the database) and one page of
 * the doctor's own referrals, newest first (the first 10, then older pages).
 */
export async function doctorDashboard(
  db: Db,
  actor: Actor,
  page = 1,
): Promise<{ stats: DoctorStats; referrals: Page<ReferralRow> }> {
  const doctor = assertGate(actor, "doctor");
  const [stats] = await db
    .select({
      total: sql<number>`count(*)::int`,
      pending: sql<number>`(count(*) filter (where ${referrals.status} = 'pending'))::int`,
      accepted: sql<number>`(count(*) filter (where ${referrals.status} = 'accepted'))::int`,
      completed: sql<number>`(count(*) filter (where ${referrals.status} = 'completed'))::int`,
      earnings: sql<number>`coalesce(sum(${referrals.doctorShare}) filter (where ${referrals.status} = 'completed'), 0)::bigint`,
    })
    .from(referrals)
    .where(eq(referrals.doctorId, doctor.id));
  const rows = await referralQuery(db, "summary", { payout: true })
    .where(eq(referrals.doctorId, doctor.id))
    .orderBy(desc(referrals.createdAt), desc(referrals.id))
    .limit(DOCTOR_PAGE_SIZE)
    .offset((page - 1) * DOCTOR_PAGE_SIZE);
  const normalised = { ...stats, earnings: Number(stats.earnings) };
  const listed = await withActivity(db, doctor.id, rows.map(toRow));
  return { stats: normalised, referrals: paged(listed, page, DOCTOR_PAGE_SIZE, normalised.total) };
}

export type FacilityCounts = { pending: number; acceptedThisMonth: number; completedThisMonth: number };

/** The first instant of this calendar month in Ghana (Africa/Accra), as SQL. */
const monthStartAccra = sql`(date_trunc('month', now() at time zone 'Africa/Accra') at time zone 'Africa/Accra')`;

/**
 * The facility administrator dashboard: only the administrator's own facility. Pending counts
 * every pending referral; accepted and completed count this calendar month in Africa/Accra (by
 * the time of the acceptance or completion). Pending and accepted referrals come in pages: the
 * pending queue ordered emergency, urgent, routine and then oldest first, with the overdue marked.
 */
export async function facilityDashboard(
  db: Db,
  actor: Actor,
  pages: { pending?: number; accepted?: number } = {},
): Promise<{
  facility: { id: string; name: string };
  counts: FacilityCounts;
  pending: Page<ReferralRow>;
  accepted: Page<ReferralRow>;
}> {
  const admin = assertGate(actor, "facility-admin");
  const facilityId = admin.facilityId;
  if (!facilityId) refuse(403, "Your account is not linked to a facility.");
  const [facility] = await db
    .select({ id: facilities.id, name: facilities.name })
    .from(facilities)
    .where(eq(facilities.id, facilityId))
    .limit(1);
  if (!facility) refuse(403, "Your account is not linked to a facility.");
  const [counts] = await db
    .select({
      pending: sql<number>`(count(*) filter (where ${referrals.status} = 'pending'))::int`,
      accepted: sql<number>`(count(*) filter (where ${referrals.status} = 'accepted'))::int`,
      acceptedThisMonth: sql<number>`(count(*) filter (where ${referrals.acceptedAt} >= ${monthStartAccra}))::int`,
      completedThisMonth: sql<number>`(count(*) filter (where ${referrals.completedAt} >= ${monthStartAccra}))::int`,
    })
    .from(referrals)
    .where(eq(referrals.facilityId, facilityId));
  const list = async (status: ReferralStatus, page: number, total: number) => {
    const rows = await referralQuery(db, "clinical")
      .where(and(eq(referrals.facilityId, facilityId), eq(referrals.status, status)))
      // Pending: the queue, most urgent first and then the longest waiting (referrals_facility_queue_idx);
      // accepted: the newest first.
      .orderBy(
        ...(status === "pending"
          ? [asc(referrals.urgencyRank), asc(referrals.createdAt), asc(referrals.id)]
          : [desc(referrals.createdAt), desc(referrals.id)]),
      )
      .limit(FACILITY_PAGE_SIZE)
      .offset((page - 1) * FACILITY_PAGE_SIZE);
    return paged(await withActivity(db, admin.id, rows.map(toRow)), page, FACILITY_PAGE_SIZE, total);
  };
  return {
    facility,
    counts: {
      pending: counts.pending,
      acceptedThisMonth: counts.acceptedThisMonth,
      completedThisMonth: counts.completedThisMonth,
    },
    pending: await list("pending", pages.pending ?? 1, counts.pending),
    accepted: await list("accepted", pages.accepted ?? 1, counts.accepted),
  };
}

export type PlatformStats = {
  totalReferrals: number;
  activeDoctors: number;
  pendingApprovals: number;
  platformRevenue: number;
};

/**
 * The system administrator's cards. Referral totals come from referral_totals (kept by
 * triggers), so the cards cost the same with a million referrals as with ten.
 */
export async function platformStats(db: Db, actor: Actor): Promise<PlatformStats> {
  assertGate(actor, "system-admin");
  const result = await db.execute<{
    total_referrals: string;
    platform_revenue: string;
    active_doctors: string;
    pending_approvals: string;
  }>(sql`
    select
      (select coalesce(sum(referrals), 0) from referral_totals) as total_referrals,
      (select coalesce(sum(platform_share), 0) from referral_totals where status = 'completed') as platform_revenue,
      -- Approved doctors by users.role (an index-only count), corrected by the few user_roles overrides.
      (select count(*) from users where role = 'doctor' and is_verified)
        - (select count(*) from user_roles r join users u on u.id = r.user_id
            where u.role = 'doctor' and u.is_verified and r.role <> 'doctor')
        + (select count(*) from user_roles r join users u on u.id = r.user_id
            where r.role = 'doctor' and u.is_verified and u.role <> 'doctor')
        as active_doctors,
      (select count(*) from users where approval_status = 'pending') as pending_approvals
  `);
  const row = result.rows[0];
  return {
    totalReferrals: Number(row.total_referrals),
    activeDoctors: Number(row.active_doctors),
    pendingApprovals: Number(row.pending_approvals),
    platformRevenue: Number(row.platform_revenue),
  };
}

/** All referrals, newest first, 20 per page, optionally of one status (system administrators). */
export async function listAllReferrals(
  db: Db,
  actor: Actor,
  options: { page?: number; status?: ReferralStatus | null } = {},
): Promise<Page<ReferralRow>> {
  assertGate(actor, "system-admin");
  const page = options.page ?? 1;
  const status = options.status ?? null;
  const totals = await db.execute<{ n: string }>(
    status
      ? sql`select referrals as n from referral_totals where status = ${status}`
      : sql`select coalesce(sum(referrals), 0) as n from referral_totals`,
  );
  const rows = await referralQuery(db, "summary")
    .where(status ? eq(referrals.status, status) : undefined)
    .orderBy(desc(referrals.createdAt), desc(referrals.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
  return paged(rows.map(toRow), page, ADMIN_PAGE_SIZE, Number(totals.rows[0]?.n ?? 0));
}
