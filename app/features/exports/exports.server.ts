import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import { type Actor, assertGate } from "~/auth/actor.server";
import type { Db } from "~/db/client.server";
import { facilities, paymentRecords, referralSearchDocument, referrals, users } from "~/db/schema";
import { recordExport } from "~/features/audit/public.server";
import { earnedShare, isReferralStatus, type ReferralStatus } from "~/features/referrals/public.server";
import { type CsvColumn, csvStream } from "~/lib/csv.server";
import { containsPattern } from "~/lib/like-pattern";
import { searchText } from "~/lib/search-text";

/**
 * The CSV exports (decision 020): referrals (system administrators: all, with the History list's
 * filters; facility administrators: their own facility's), payouts (one row per payment record,
 * the file a mobile-money bulk payout needs) and accounts. Each is checked before the first byte,
 * audited (who downloaded what, with which filters) and streamed by keyset in batches.
 * Clinical text (complaint, notes, reasons, outcomes) never leaves in a file.
 */

/** Money in a spreadsheet: cedis with two decimals, a number a payout sheet can add up. */
const cedis = (pesewas: number) => (pesewas / 100).toFixed(2);
/** A share in cedis when the referral is completed; empty otherwise. */
const shareCedis = (status: ReferralStatus, pesewas: number) => {
  const earned = earnedShare(status, pesewas);
  return earned === null ? "" : cedis(earned);
};
const iso = (value: Date | null) => (value ? value.toISOString() : "");

/** The keyset cursor: the row's creation time to the microsecond (as text) and its id. */
type Keyed = { cursorAt: string; id: string };
function before(createdAt: AnyPgColumn, id: AnyPgColumn, after: Keyed | null) {
  return after ? sql`(${createdAt}, ${id}) < (${after.cursorAt}::timestamptz, ${after.id}::uuid)` : undefined;
}

/* ------------------------------------------------------------------------------------------------
 * Referrals
 * ---------------------------------------------------------------------------------------------- */

export type ReferralFilters = { status: ReferralStatus | null; q: string };

/** The History list's filters from its address: a known status or none, a cleaned search. */
export function referralFiltersFrom(params: URLSearchParams): ReferralFilters {
  const status = params.get("status");
  return { status: isReferralStatus(status) ? status : null, q: searchText(params.get("q")) };
}

const doctorUser = alias(users, "doctor");

type ReferralExportRow = Keyed & {
  referralNumber: string;
  createdAt: Date;
  status: ReferralStatus;
  urgencyLevel: string;
  patientName: string;
  patientPhone: string;
  doctorName: string;
  doctorSpecialty: string | null;
  facilityName: string;
  referralFee: number;
  doctorShare: number;
  platformShare: number;
  acceptedAt: Date | null;
  rejectedAt: Date | null;
  completedAt: Date | null;
  cancelledAt: Date | null;
  paymentStatus: string | null;
};

const REFERRAL_COLUMNS: ReadonlyArray<CsvColumn<ReferralExportRow>> = [
  ["referral_number", (r) => r.referralNumber],
  ["created_at", (r) => iso(r.createdAt)],
  ["status", (r) => r.status],
  ["urgency", (r) => r.urgencyLevel],
  ["patient_name", (r) => r.patientName],
  ["patient_phone", (r) => r.patientPhone],
  ["doctor_name", (r) => r.doctorName],
  ["doctor_specialty", (r) => r.doctorSpecialty],
  ["facility", (r) => r.facilityName],
  ["fee_cedis", (r) => cedis(r.referralFee)],
  // Shares exist only for completed referrals: an empty cell otherwise, never a figure
  // a payout sheet would add up.
  ["doctor_share_cedis", (r) => shareCedis(r.status, r.doctorShare)],
  ["platform_share_cedis", (r) => shareCedis(r.status, r.platformShare)],
  ["accepted_at", (r) => iso(r.acceptedAt)],
  ["rejected_at", (r) => iso(r.rejectedAt)],
  ["completed_at", (r) => iso(r.completedAt)],
  ["cancelled_at", (r) => iso(r.cancelledAt)],
  ["payout_status", (r) => r.paymentStatus],
];

/**
 * Referrals as CSV, newest first: an approved system administrator gets every referral, an
 * approved facility administrator their facility's (403/401 for anyone else), with the History
 * list's status and search filters.
 */
export async function referralsCsv(
  db: Db,
  actor: Actor,
  filters: ReferralFilters,
): Promise<{ stream: ReadableStream<Uint8Array>; fileName: string }> {
  const viewer =
    actor.kind === "user" && actor.role === "facility_admin"
      ? assertGate(actor, "facility-admin")
      : assertGate(actor, "system-admin");
  const scope: SQL[] = [];
  if (viewer.role === "facility_admin") {
    // An administrator without a facility exports nothing rather than everything.
    scope.push(viewer.facilityId ? eq(referrals.facilityId, viewer.facilityId) : sql`false`);
  }
  if (filters.status) scope.push(eq(referrals.status, filters.status));
  if (filters.q) scope.push(sql`${referralSearchDocument(referrals)} ilike ${containsPattern(filters.q)}`);
  await recordExport(db, viewer, "referrals", { status: filters.status, q: filters.q || null });
  const stream = csvStream<ReferralExportRow>(REFERRAL_COLUMNS, (after, limit) =>
    db
      .select({
        cursorAt: sql<string>`${referrals.createdAt}::text`,
        id: referrals.id,
        referralNumber: referrals.referralNumber,
        createdAt: referrals.createdAt,
        status: referrals.status,
        urgencyLevel: referrals.urgencyLevel,
        patientName: referrals.patientName,
        patientPhone: referrals.patientPhone,
        doctorName: doctorUser.fullName,
        doctorSpecialty: doctorUser.specialty,
        facilityName: facilities.name,
        referralFee: referrals.referralFee,
        doctorShare: referrals.doctorShare,
        platformShare: referrals.platformShare,
        acceptedAt: referrals.acceptedAt,
        rejectedAt: referrals.rejectedAt,
        completedAt: referrals.completedAt,
        cancelledAt: referrals.cancelledAt,
        paymentStatus: paymentRecords.status,
      })
      .from(referrals)
      .innerJoin(facilities, eq(facilities.id, referrals.facilityId))
      .innerJoin(doctorUser, eq(doctorUser.id, referrals.doctorId))
      .leftJoin(paymentRecords, eq(paymentRecords.referralId, referrals.id))
      .where(and(...scope, before(referrals.createdAt, referrals.id, after)))
      .orderBy(desc(referrals.createdAt), desc(referrals.id))
      .limit(limit),
  );
  return { stream, fileName: `referrals-${today()}.csv` };
}

/* ------------------------------------------------------------------------------------------------
 * Payouts
 * ---------------------------------------------------------------------------------------------- */

type PaymentExportRow = Keyed & {
  doctorName: string;
  doctorPhone: string | null;
  doctorEmail: string;
  amountDue: number;
  status: "pending" | "paid";
  paymentMethod: string | null;
  paymentReference: string | null;
  referralNumber: string;
  createdAt: Date;
  paidAt: Date | null;
};

const PAYMENT_COLUMNS: ReadonlyArray<CsvColumn<PaymentExportRow>> = [
  ["doctor_name", (r) => r.doctorName],
  ["doctor_phone", (r) => r.doctorPhone],
  ["doctor_email", (r) => r.doctorEmail],
  ["amount_cedis", (r) => cedis(r.amountDue)],
  ["status", (r) => r.status],
  ["payment_method", (r) => r.paymentMethod],
  ["payment_reference", (r) => r.paymentReference],
  ["referral_number", (r) => r.referralNumber],
  ["due_since", (r) => iso(r.createdAt)],
  ["paid_at", (r) => iso(r.paidAt)],
];

/** Payouts as CSV, newest first, optionally only pending or only paid (approved system administrators). */
export async function paymentsCsv(
  db: Db,
  actor: Actor,
  status: string | null,
): Promise<{ stream: ReadableStream<Uint8Array>; fileName: string }> {
  const admin = assertGate(actor, "system-admin");
  const only = status === "pending" || status === "paid" ? status : null;
  await recordExport(db, admin, "payments", { status: only });
  const stream = csvStream<PaymentExportRow>(PAYMENT_COLUMNS, (after, limit) =>
    db
      .select({
        cursorAt: sql<string>`${paymentRecords.createdAt}::text`,
        id: paymentRecords.id,
        doctorName: users.fullName,
        doctorPhone: users.phone,
        doctorEmail: users.email,
        amountDue: paymentRecords.amountDue,
        status: paymentRecords.status,
        paymentMethod: paymentRecords.paymentMethod,
        paymentReference: paymentRecords.paymentReference,
        referralNumber: referrals.referralNumber,
        createdAt: paymentRecords.createdAt,
        paidAt: paymentRecords.paidAt,
      })
      .from(paymentRecords)
      .innerJoin(referrals, eq(referrals.id, paymentRecords.referralId))
      .innerJoin(users, eq(users.id, paymentRecords.doctorId))
      .where(
        and(
          only ? eq(paymentRecords.status, only) : undefined,
          before(paymentRecords.createdAt, paymentRecords.id, after),
        ),
      )
      .orderBy(desc(paymentRecords.createdAt), desc(paymentRecords.id))
      .limit(limit),
  );
  return { stream, fileName: only ? `payouts-${only}-${today()}.csv` : `payouts-${today()}.csv` };
}

/* ------------------------------------------------------------------------------------------------
 * Accounts
 * ---------------------------------------------------------------------------------------------- */

type UserExportRow = Keyed & {
  fullName: string;
  email: string;
  phone: string | null;
  role: string;
  specialty: string | null;
  facilityName: string | null;
  approvalStatus: string;
  isVerified: boolean;
  emailVerified: boolean;
  createdAt: Date;
  approvedAt: Date | null;
};

const USER_COLUMNS: ReadonlyArray<CsvColumn<UserExportRow>> = [
  ["full_name", (r) => r.fullName],
  ["email", (r) => r.email],
  ["phone", (r) => r.phone],
  ["role", (r) => r.role],
  ["specialty", (r) => r.specialty],
  ["facility", (r) => r.facilityName],
  // A doctor's approval is is_verified (spec section 3); every other account's is its approval status.
  ["approval", (r) => (r.role === "doctor" && r.isVerified ? "approved" : r.approvalStatus)],
  ["email_confirmed", (r) => (r.emailVerified ? "yes" : "no")],
  ["registered_at", (r) => iso(r.createdAt)],
  ["approved_at", (r) => iso(r.approvedAt)],
];

/** Accounts as CSV, newest first, with the effective role (approved system administrators). */
export async function usersCsv(
  db: Db,
  actor: Actor,
): Promise<{ stream: ReadableStream<Uint8Array>; fileName: string }> {
  const admin = assertGate(actor, "system-admin");
  await recordExport(db, admin, "users", {});
  const stream = csvStream<UserExportRow>(USER_COLUMNS, (after, limit) =>
    db
      .select({
        cursorAt: sql<string>`${users.createdAt}::text`,
        id: users.id,
        fullName: users.fullName,
        email: users.email,
        phone: users.phone,
        role: sql<string>`coalesce((select ur.role from user_roles ur where ur.user_id = ${users.id}), ${users.role})`,
        specialty: users.specialty,
        facilityName: facilities.name,
        approvalStatus: users.approvalStatus,
        isVerified: users.isVerified,
        emailVerified: users.emailVerified,
        createdAt: users.createdAt,
        approvedAt: users.approvedAt,
      })
      .from(users)
      .leftJoin(facilities, eq(facilities.id, users.facilityId))
      .where(before(users.createdAt, users.id, after))
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(limit),
  );
  return { stream, fileName: `accounts-${today()}.csv` };
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}
