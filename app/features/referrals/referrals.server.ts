import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { data } from "react-router";
import { type Actor, assertGate, type ClientActor } from "~/auth/actor.server";
import type { Db } from "~/db/client.server";
import { facilities, patients, paymentRecords, referralSearchDocument, referrals, users } from "~/db/schema";
import { env } from "~/env.server";
import { didAlready, recordAudit } from "~/features/audit/public.server";
import { postEntry, referralCompletedEntry } from "~/features/ledger/public.server";
import { containsPattern } from "~/lib/like-pattern";
import { type CountedPage, type ProbedPage, pageFrom, probedPage } from "~/lib/paging";
import { phoneLink } from "~/lib/phone";
import type { PhoneLink } from "~/lib/phone-link";
import { searchText } from "~/lib/search-text";

export { pageFrom } from "~/lib/paging";

import {
  facilityAdminIds,
  notifyOnCall,
  notifyUsers,
  queueEmailInTheirLanguages,
} from "~/features/messaging/public.server";
import type { Translate } from "~/i18n/i18n";
import { joinedMessages } from "~/lib/form-fields";
import { parseOrRefuse, refuse } from "~/lib/refusal";
import { scheduleEscalation } from "./escalation.server";
import { facilityAdminReaders } from "./facility-admins.server";
import { canSee } from "./referral-access";
import { newReferralMail, referralCancelledMail, referralStatusMail } from "./referral-mail";
import { type ReferralActivity, withActivity } from "./referral-reads.server";
import { createReferralSchema, normalisePhone, rejectionSchema } from "./referral-schema";
import {
  isReferralStatus,
  REFERRAL_FEE,
  REFERRAL_STATUSES,
  type ReferralStatus,
  TRANSITIONS,
  type Transition,
} from "./referral-status";
import { alertUnreachableFacility } from "./unreachable-facility.server";
import { countUserWrite } from "./user-limits.server";
import { cancelSchema, outcomeSchema } from "./workspace-schemas";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const DOCTOR_PAGE_SIZE = 10;
export const FACILITY_PAGE_SIZE = 20;
export const ADMIN_PAGE_SIZE = 20;
export const HISTORY_PAGE_SIZE = 20;

/* ------------------------------------------------------------------------------------------------
 * Creating a referral (doctors)
 * ---------------------------------------------------------------------------------------------- */

/** A referral just made: its id and its number (its page is `/referrals/{number}`). */
export type CreatedReferral = { id: string; referralNumber: string };

/**
 * Creates a pending referral for an approved doctor (401/403 otherwise). Validates with the
 * form's schema: values it refuses are a thrown 400 with each field's message, and the spec's
 * "Error Creating Referral" text (every message, joined by a comma) as its message. The patient
 * is reused by normalised phone number; the fee is the server's; the patient, the referral and its
 * number are written in one transaction, with the emails to the facility's approved
 * administrators (queued: sent by the job queue once it commits).
 */
export async function createReferral(db: Db, actor: Actor, values: unknown): Promise<CreatedReferral> {
  const doctor = assertGate(actor, "referrals-create");
  const input = parseOrRefuse(createReferralSchema, values, joinedMessages);
  const facility = UUID.test(input.facility_id)
    ? (
        await db
          .select({ id: facilities.id })
          .from(facilities)
          .where(and(eq(facilities.id, input.facility_id), eq(facilities.isActive, true)))
          .limit(1)
      )[0]
    : undefined;
  if (!facility) {
    const message = "Please select a facility";
    refuse(400, message, { facility_id: message });
  }
  // The schema has already refused numbers that do not normalise.
  const phone = normalisePhone(input.patient_phone) ?? input.patient_phone;
  // 50 referrals a doctor an hour (issue 24): a 429 past it, nothing stored.
  await countUserWrite(db, doctor.id, "referrals");

  const created = await db.transaction(async (tx) => {
    // Reuse the patient with this phone number, or create them; concurrent creations of the same
    // patient meet at the unique index and both end up with the one row.
    await tx
      .insert(patients)
      .values({
        fullName: input.patient_name,
        phone,
        email: input.patient_email,
        dateOfBirth: input.patient_date_of_birth,
      })
      .onConflictDoNothing({ target: patients.phone });
    const [patient] = await tx.select({ id: patients.id }).from(patients).where(eq(patients.phone, phone)).limit(1);
    const [referral] = await tx
      .insert(referrals)
      .values({
        doctorId: doctor.id,
        facilityId: facility.id,
        patientId: patient.id,
        patientName: input.patient_name,
        patientPhone: phone,
        patientEmail: input.patient_email,
        patientDateOfBirth: input.patient_date_of_birth,
        chiefComplaint: input.chief_complaint,
        clinicalNotes: input.clinical_notes,
        urgencyLevel: input.urgency_level,
        referralFee: REFERRAL_FEE.total,
        doctorShare: REFERRAL_FEE.doctorShare,
        platformShare: REFERRAL_FEE.platformShare,
      })
      .returning({ id: referrals.id, referralNumber: referrals.referralNumber, createdAt: referrals.createdAt });
    await recordAudit(tx, {
      actorId: doctor.id,
      action: "referral.created",
      subjectType: "referral",
      subjectId: referral.id,
      toStatus: "pending",
    });
    // The facility's administrators by the channels they chose (an emergency at once, whatever
    // their quiet hours), its on-call number by SMS, and the escalation if nobody accepts in time.
    const emergency = input.urgency_level === "emergency";
    const notice = {
      kind: "referral.new" as const,
      event: "referral.created",
      sms: emergency
        ? ("referral_new_emergency" as const)
        : input.urgency_level === "urgent"
          ? ("referral_new_urgent" as const)
          : ("referral_new" as const),
      referralId: referral.id,
      referralNumber: referral.referralNumber,
      emergency,
      mail: (t: Translate) => newReferralMail(t, { referralNumber: referral.referralNumber, appUrl: env().APP_URL }),
    };
    const told = await notifyUsers(tx, await facilityAdminIds(tx, facility.id), notice);
    const onCall = await notifyOnCall(tx, facility.id, notice);
    // Issue 33: no one at the facility was told (no approved administrator or on-call number, or
    // none who chose a channel): the system administrators are alerted at once to phone it.
    if (told.length === 0 && !onCall) {
      await alertUnreachableFacility(tx, {
        appUrl: env().APP_URL,
        facilityId: facility.id,
        referralId: referral.id,
        referralNumber: referral.referralNumber,
      });
    }
    await scheduleEscalation(tx, { id: referral.id, urgencyLevel: input.urgency_level, createdAt: referral.createdAt });
    return referral;
  });

  return { id: created.id, referralNumber: created.referralNumber };
}

/* ------------------------------------------------------------------------------------------------
 * Reading referrals
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
  /** `call`: the number grouped, as a tel: link, with WhatsApp for a mobile (issue 33). */
  patient: { fullName: string; phone: string; call: PhoneLink; email: string | null; dateOfBirth: string | null };
  facility: { id: string; name: string; address: string };
  doctor: { id: string; fullName: string; specialty: string | null };
  /**
   * Pending too long for its urgency (issue 19): an emergency for more than an hour, an urgent
   * referral for more than 24 hours; decided by the database against its own clock.
   */
  overdue: boolean;
  /** Still pending and escalated (not accepted within 15 minutes / 4 hours: the facility and the system administrators were told again). */
  escalated: boolean;
  /** The doctor's payout for a completed referral (the doctor's views only; null elsewhere or before completion). */
  payout: { status: "pending" | "paid"; method: string | null; paidAt: string | null } | null;
  /** Its files, and the messages from others since the viewer last opened it (the lists that show them: issue 28). */
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
type RawReferral = {
  [K in keyof typeof referralColumns]: DataOf<(typeof referralColumns)[K]> | null;
};

/** A timestamp read through `sql` (not a column): the driver may hand back a string. */
const isoOf = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function toRow(r: RawReferral): ReferralRow {
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
function referralQuery(db: Db, detail: "clinical" | "summary", options: { payout?: boolean } = {}) {
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
  if (!facilityId) throw data("Your account is not linked to a facility.", { status: 403 });
  const [facility] = await db
    .select({ id: facilities.id, name: facilities.name })
    .from(facilities)
    .where(eq(facilities.id, facilityId))
    .limit(1);
  if (!facility) throw data("Your account is not linked to a facility.", { status: 403 });
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

/* ------------------------------------------------------------------------------------------------
 * History (every role)
 * ---------------------------------------------------------------------------------------------- */

export type HistoryFilters = { page: number; q: string; status: ReferralStatus | null };

/** History's filters from the address: the page, the search (control characters removed) and a status. */
export function historyFilters(params: URLSearchParams): HistoryFilters {
  const status = params.get("status");
  return {
    page: pageFrom(params.get("page")),
    q: searchText(params.get("q"), 100),
    status: isReferralStatus(status) ? status : null,
  };
}

export type History = ProbedPage<ReferralRow> & {
  /** Whose referrals: the doctor's own, the facility's, or every referral (system administrators). */
  scope: "doctor" | "facility" | "all";
  filters: HistoryFilters;
};

/**
 * History: the viewer's referrals in every status, newest first; the doctor's own, the facility
 * administrator's facility's, every referral for a system administrator (approved users only).
 * `q` looks for a referral number or a patient's name containing it (ILIKE on the trigram-indexed
 * search document, its wildcards taken literally); `status` keeps one status. Pages are probed
 * (a page and one more row), not counted: counting the matches of a search in a million referrals
 * costs more than the page itself.
 */
export async function referralHistory(db: Db, actor: Actor, filters: Partial<HistoryFilters> = {}): Promise<History> {
  const viewer = assertGate(actor, "history");
  const page = filters.page ?? 1;
  const q = searchText(filters.q, 100);
  const status = filters.status ?? null;
  const conditions: SQL[] = [];
  let scope: History["scope"];
  if (viewer.role === "doctor") {
    scope = "doctor";
    conditions.push(eq(referrals.doctorId, viewer.id));
  } else if (viewer.role === "facility_admin") {
    if (!viewer.facilityId) throw data("Your account is not linked to a facility.", { status: 403 });
    scope = "facility";
    conditions.push(eq(referrals.facilityId, viewer.facilityId));
  } else {
    scope = "all";
  }
  if (status) conditions.push(eq(referrals.status, status));
  const scoped = conditions.length > 0 ? and(...conditions) : undefined;
  const offset = (page - 1) * HISTORY_PAGE_SIZE;
  const wanted = offset + HISTORY_PAGE_SIZE + 1;
  const payout = { payout: scope === "doctor" };
  const number = REFERRAL_NUMBER.test(q) ? q.toUpperCase() : null;
  let rows: RawReferral[];
  if (q && scope === "all" && !number) {
    rows = await rowsInOrder(db, await searchIds(db, scoped, q, offset, wanted), payout);
  } else if (q && !number) {
    rows = await rowsInOrder(db, await scopedSearchIds(db, scoped, q, offset, wanted), payout);
  } else if (!q && scope === "facility" && !status && viewer.facilityId) {
    rows = await rowsInOrder(db, await facilityPageIds(db, viewer.facilityId, offset, wanted), payout);
  } else {
    // A complete referral number is that referral (its unique index).
    if (number) conditions.push(eq(referrals.referralNumber, number));
    rows = await referralQuery(db, "summary", payout)
      .where(and(...conditions))
      .orderBy(desc(referrals.createdAt), desc(referrals.id))
      .limit(HISTORY_PAGE_SIZE + 1)
      .offset(offset);
  }
  const probed = probedPage(rows, page, HISTORY_PAGE_SIZE, toRow);
  return {
    ...probed,
    rows: await withActivity(db, viewer.id, probed.rows),
    scope,
    filters: { page, q, status },
  };
}

/** A whole referral number as the database writes it (REF-<year>-<at least 6 digits>). */
const REFERRAL_NUMBER = /^REF-\d{4}-\d{6,}$/i;

/** The referrals of `ids` in that order (a page chosen by a lean query first). */
async function rowsInOrder(db: Db, ids: string[], options: { payout: boolean }): Promise<RawReferral[]> {
  if (ids.length === 0) return [];
  const found = await referralQuery(db, "summary", options).where(inArray(referrals.id, ids));
  const byId = new Map(found.map((r) => [r.id as string, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * One page of a facility's referrals in every status, newest first, from the index on
 * (facility, status, created_at): the newest of each status merged (five short index-only scans)
 * instead of sorting all of the facility's referrals.
 */
async function facilityPageIds(db: Db, facilityId: string, offset: number, wanted: number): Promise<string[]> {
  const branches = REFERRAL_STATUSES.map(
    (s) => sql`(select ${referrals.id} as id, ${referrals.createdAt} as created_at from ${referrals}
      where ${referrals.facilityId} = ${facilityId} and ${referrals.status} = ${s}
      order by ${referrals.createdAt} desc, ${referrals.id} desc limit ${wanted})`,
  );
  const result = await db.execute<{ id: string }>(sql`
    select u.id from (${sql.join(branches, sql` union all `)}) u
    order by u.created_at desc, u.id desc limit ${wanted - offset} offset ${offset}`);
  return result.rows.map((r) => r.id);
}

/**
 * The ids of one page of a search in a doctor's or a facility's referrals (and one more), newest
 * first: the scope's referrals (its index) filtered by the search, never the trigram index, whose
 * common trigrams (a frequent first name, the "REF-" of every number) cost more than filtering the
 * few thousand referrals of one doctor or facility. A materialized CTE keeps the planner to that.
 */
async function scopedSearchIds(db: Db, scoped: SQL | undefined, q: string, offset: number, wanted: number) {
  const result = await db.execute<{ id: string }>(sql`
    with s as materialized (
      select ${referrals.id} as id, ${referrals.createdAt} as created_at,
             ${referrals.referralNumber} as referral_number, ${referrals.patientName} as patient_name
      from ${referrals} ${scoped ? sql`where ${scoped}` : sql``}
    )
    select id from s
    -- The same document as referralSearchDocument, over the scope's columns.
    where (s.referral_number || chr(10) || s.patient_name) ilike ${containsPattern(q)}
    order by created_at desc, id desc limit ${wanted - offset} offset ${offset}`);
  return result.rows.map((r) => r.id);
}

/** How many of the newest referrals a search looks at first, to judge how common its term is. */
const SEARCH_PROBE = 1_000;
/** How many of the newest referrals the second try of a search filters, per page asked for. */
const SEARCH_WINDOW = 5_000;

/**
 * The ids of one page of a search over every referral (and one more), newest first, fast at a
 * million referrals whatever the term. The newest referrals in scope are read in index order and
 * filtered, first SEARCH_PROBE of them: a common term (a frequent name, a year) fills the page
 * there, and those are the newest matches of all. When the probe found enough to expect a page in
 * SEARCH_WINDOW rows, those are filtered next. Otherwise the term is rare and the trigram index
 * finds every match (few) before they are sorted; a materialized CTE makes the planner take that
 * path (it guesses 1% of the rows for any ILIKE and would walk the whole created_at index,
 * filtering row by row).
 */
async function searchIds(db: Db, scoped: SQL | undefined, q: string, offset: number, wanted: number) {
  const pattern = containsPattern(q);
  const newest = async (window: number) =>
    (
      await db.execute<{ id: string }>(sql`
        select w.id from (
          select ${referrals.id} as id, ${referrals.referralNumber} as referral_number,
                 ${referrals.patientName} as patient_name, ${referrals.createdAt} as created_at
          from ${referrals} ${scoped ? sql`where ${scoped}` : sql``}
          order by ${referrals.createdAt} desc, ${referrals.id} desc
          limit ${window}
        ) w
        -- The same document as referralSearchDocument, over the window's columns.
        where (w.referral_number || chr(10) || w.patient_name) ilike ${pattern}
        order by w.created_at desc, w.id desc
        limit ${wanted}`)
    ).rows.map((r) => r.id);
  const probe = await newest(SEARCH_PROBE);
  if (probe.length >= wanted) return probe.slice(offset);
  const window = SEARCH_WINDOW * Math.min(10, Math.ceil(wanted / HISTORY_PAGE_SIZE));
  if ((probe.length * window) / SEARCH_PROBE >= wanted) {
    const recent = await newest(window);
    if (recent.length >= wanted) return recent.slice(offset);
  }
  const matching = sql`${referralSearchDocument(referrals)} ilike ${pattern}`;
  const all = await db.execute<{ id: string }>(sql`
    with m as materialized (
      select ${referrals.id} as id, ${referrals.createdAt} as created_at from ${referrals}
      where ${scoped ? and(scoped, matching) : matching}
    )
    select id from m order by created_at desc, id desc limit ${wanted - offset} offset ${offset}`);
  return all.rows.map((r) => r.id);
}

/* ------------------------------------------------------------------------------------------------
 * Transitions (facility administrators)
 * ---------------------------------------------------------------------------------------------- */

const NOT_FOUND = "Referral not found";

/**
 * Moves a referral along the status table (referral-status.ts): the receiving facility's approved
 * administrators accept or reject a pending referral and complete an accepted one (with an outcome
 * note); the referring doctor cancels a pending one (with a reason). 401 anonymous, 403 for anyone
 * else who may see the referral, 404 for a referral that is missing or that the actor may not see.
 * A hospital system's FHIR client (issue 36) acts as its facility's administrators may, and is
 * audited by its name; the network's client changes nothing (403).
 * One conditional UPDATE: when two people act at once, one wins and the other gets a 409.
 * Completing creates the doctor's pending payment record in the same transaction; every transition
 * writes an audit row. The other side's email (the number and a link only) is queued in the same
 * transaction.
 */
export async function transitionReferral(
  db: Db,
  actor: Actor | ClientActor,
  referralId: string,
  transition: Transition,
  input: { reason?: unknown; outcome?: unknown } = {},
): Promise<{ status: ReferralStatus; referralNumber: string }> {
  if (actor.kind === "anonymous") throw data("Authentication Required", { status: 401 });
  // An account awaiting approval sees no referral at all, so it learns nothing about any id.
  if (actor.kind === "user" && !actor.approved) throw data("Account Pending Approval", { status: 403 });
  const current = UUID.test(referralId)
    ? (
        await db
          .select({
            id: referrals.id,
            facilityId: referrals.facilityId,
            doctorId: referrals.doctorId,
            status: referrals.status,
          })
          .from(referrals)
          .where(eq(referrals.id, referralId))
          .limit(1)
      )[0]
    : undefined;
  if (!current || !canSee(actor, current)) throw data(NOT_FOUND, { status: 404 });
  const { from, to, by } = TRANSITIONS[transition];
  if (actor.kind === "client" && actor.facilityId === null) {
    throw data("The network's client reads referrals; only a facility's client may update them.", { status: 403 });
  }
  const role = actor.kind === "client" ? "facility_admin" : actor.role;
  // Who the audit names: the person, or the hospital system's client.
  const auditBy = actor.kind === "client" ? { apiClientId: actor.id } : { actorId: actor.id };
  const userId = actor.kind === "client" ? null : actor.id;
  if (role !== by) {
    throw data(
      by === "doctor"
        ? "Only the referring doctor can cancel this referral."
        : "Only the receiving facility's administrators can update this referral.",
      { status: 403 },
    );
  }
  const refuse = (issues: ReadonlyArray<{ message: string }>) =>
    data(issues[0]?.message ?? "Invalid input", { status: 400 });
  let reason: string | null = null;
  let outcomeNote: string | null = null;
  if (transition === "reject") {
    const parsed = rejectionSchema.safeParse({ reason: input.reason });
    if (!parsed.success) throw refuse(parsed.error.issues);
    reason = parsed.data.reason;
  } else if (transition === "cancel") {
    const parsed = cancelSchema.safeParse({ reason: input.reason });
    if (!parsed.success) throw refuse(parsed.error.issues);
    reason = parsed.data.reason;
  } else if (transition === "complete") {
    const parsed = outcomeSchema.safeParse({ outcome: input.outcome });
    if (!parsed.success) throw refuse(parsed.error.issues);
    outcomeNote = parsed.data.outcome;
  }
  const now = new Date();
  const changes =
    to === "accepted"
      ? { acceptedAt: now }
      : to === "rejected"
        ? { rejectedAt: now, rejectionReason: reason }
        : to === "cancelled"
          ? { cancelledAt: now, cancellationReason: reason }
          : { completedAt: now, outcomeNote };

  const outcome = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(referrals)
      .set({ status: to, ...changes })
      .where(and(eq(referrals.id, current.id), eq(referrals.status, from)))
      .returning({
        id: referrals.id,
        referralNumber: referrals.referralNumber,
        doctorId: referrals.doctorId,
        doctorShare: referrals.doctorShare,
        referralFee: referrals.referralFee,
      });
    if (!updated) return null;
    if (to === "completed") {
      const [payment] = await tx
        .insert(paymentRecords)
        .values({ referralId: updated.id, doctorId: updated.doctorId, amountDue: updated.doctorShare })
        .returning({ id: paymentRecords.id });
      // The fee, the doctor's share and the platform's share, in the ledger with the completion (issue 27).
      if (payment && updated.referralFee > 0) {
        await postEntry(tx, referralCompletedEntry({ ...updated, paymentRecordId: payment.id, actorId: userId }));
      }
    }
    await recordAudit(tx, {
      actorId: userId,
      apiClientId: actor.kind === "client" ? actor.id : null,
      action: `referral.${to}`,
      subjectType: "referral",
      subjectId: updated.id,
      fromStatus: from,
      toStatus: to,
      reason,
    });
    const appUrl = env().APP_URL;
    if (to === "cancelled") {
      await queueEmailInTheirLanguages(
        tx,
        await facilityAdminReaders(tx, current.facilityId),
        (t) => referralCancelledMail(t, { referralNumber: updated.referralNumber, appUrl }),
        { event: "referral.cancelled", referralId: updated.id },
      );
    } else {
      const [doctor] = await tx
        .select({ id: users.id, email: users.email, fullName: users.fullName })
        .from(users)
        .where(eq(users.id, updated.doctorId))
        .limit(1);
      if (doctor) {
        // The doctor, by the channels they chose for their referrals' outcomes (quiet hours hold it).
        await notifyUsers(tx, [doctor.id], {
          kind: "referral.outcome",
          event: `referral.${to}`,
          sms: `referral_${to}`,
          referralId: updated.id,
          referralNumber: updated.referralNumber,
          mail: (t) =>
            referralStatusMail(t, {
              doctorName: doctor.fullName,
              referralNumber: updated.referralNumber,
              status: to,
              appUrl,
            }),
        });
      }
    }
    return updated;
  });

  if (!outcome) {
    const [latest] = await db
      .select({
        status: referrals.status,
        referralNumber: referrals.referralNumber,
        rejectionReason: referrals.rejectionReason,
        cancellationReason: referrals.cancellationReason,
        outcomeNote: referrals.outcomeNote,
      })
      .from(referrals)
      .where(eq(referrals.id, current.id))
      .limit(1);
    const status = latest?.status ?? current.status;
    // The same person's repeat with the same words (a double tap, a retry after a timeout that did
    // reach us) answers as their first did; nothing changes twice (issue 29). Anyone else's, or
    // other words, is the conflict below.
    const sameWords =
      to === "rejected"
        ? latest?.rejectionReason === reason
        : to === "cancelled"
          ? latest?.cancellationReason === reason
          : to === "completed"
            ? latest?.outcomeNote === outcomeNote
            : true;
    if (
      latest &&
      status === to &&
      sameWords &&
      (await didAlready(db, auditBy, { type: "referral", id: current.id }, `referral.${to}`))
    ) {
      return { status: to, referralNumber: latest.referralNumber };
    }
    throw data(
      status === to
        ? `This referral has already been ${to}.`
        : `This referral is ${status} and can no longer be ${to}. Another administrator may have updated it: please reload.`,
      { status: 409 },
    );
  }

  return { status: to, referralNumber: outcome.referralNumber };
}
