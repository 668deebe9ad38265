import { and, asc, eq, or, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import type { Actor } from "~/auth/actor.server";
import type { Role } from "~/auth/roles";
import type { Db } from "~/db/client.server";
import {
  auditEvents,
  facilities,
  paymentRecords,
  referralAttachments,
  referralMessages,
  referrals,
  users,
} from "~/db/schema";
import { phoneLink } from "~/lib/phone";
import type { PhoneLink } from "~/lib/phone-link";
import { type AttachmentType, MAX_ATTACHMENTS, sanitiseFileName } from "./attachment-rules";
import { canSee } from "./referral-access";
import { readersOf } from "./referral-reads.server";
import { type ReferralStatus, type Transition, transitionsFrom, type UrgencyLevel } from "./referral-status";
import { mayAttach, mayMessage, notFound, REFERRAL_NUMBER, viewerOf } from "./workspace-access.server";

/*
 * A referral's own page: everything about it, its timeline from the audit log, the
 * actions its viewer may take now, messages between the two sides and attached files.
 *
 * Who may see it: the referring doctor, the receiving facility's approved administrators and
 * approved system administrators (`canSee`). Anyone else signed in (another doctor, another
 * facility's administrator, an account awaiting approval) gets the same 404 as a referral that
 * does not exist: nothing says whether it does.
 *
 * Who may do what, its messages and its files: workspace-access.server.ts,
 * workspace-messages.server.ts, workspace-files.server.ts.
 *
 * A message's and an attachment's audit row share the message's or file's id, so the timeline
 * joins the body or the name to its row.
 */

/** The user's effective role (user_roles overrides users.role: spec section 3). */
function effectiveRoleOf(u: { id: AnyPgColumn; role: AnyPgColumn }) {
  return sql<Role>`coalesce((select ur.role from user_roles ur where ur.user_id = ${u.id}), ${u.role})`;
}

export type TimelineKind =
  | "created"
  | "accepted"
  | "rejected"
  | "completed"
  | "cancelled"
  | "escalated"
  | "message"
  | "attachment"
  | "payment";

export type TimelineEntry = {
  id: string;
  kind: TimelineKind;
  at: string;
  who: { name: string; role: Role } | null;
  /** The reason (rejected, cancelled), the outcome (completed), the message's body, the payment's method. */
  text: string | null;
  attachment: { id: string; fileName: string } | null;
  /**
   * On the viewer's own messages: whether someone on the other side has opened the page
   * since it was posted ("Read"), or not yet ("Unread"); null on every other entry.
   */
  read?: boolean | null;
};

export type AttachmentRow = {
  id: string;
  fileName: string;
  contentType: AttachmentType;
  sizeBytes: number;
  createdAt: string;
  uploader: { name: string; role: Role } | null;
};

export type ReferralWorkspace = {
  id: string;
  referralNumber: string;
  status: ReferralStatus;
  urgencyLevel: UrgencyLevel;
  createdAt: string;
  /** `call`: the number grouped, as a tel: link, with WhatsApp for a mobile. */
  patient: { fullName: string; phone: string; call: PhoneLink; email: string | null; dateOfBirth: string | null };
  /** `call`: the referring doctor's number (confirmed, else as registered), to be called about the patient. */
  doctor: { fullName: string; specialty: string | null; call: PhoneLink | null };
  facility: { name: string; address: string };
  chiefComplaint: string;
  clinicalNotes: string | null;
  outcomeNote: string | null;
  rejectionReason: string | null;
  cancellationReason: string | null;
  fee: { total: number; doctorShare: number; platformShare: number };
  /** The doctor's payout (the doctor and system administrators only; null for the facility or before completion). */
  payment: {
    status: "pending" | "paid";
    method: string | null;
    reference: string | null;
    paidAt: string | null;
  } | null;
  timeline: TimelineEntry[];
  attachments: AttachmentRow[];
  /** What this viewer may do now: the status table's transitions for their role, a message, a file. */
  actions: { transitions: Transition[]; mayMessage: boolean; mayAttach: boolean };
  viewer: { role: Role };
};

const doctorUser = alias(users, "doctor");
const actorUser = alias(users, "actor");
const uploaderUser = alias(users, "uploader");

/**
 * The whole referral for its page, with its timeline (oldest first) and attachments. 401 for an
 * anonymous visitor; 404 (the same answer) for a number that is malformed or missing and for a
 * referral this viewer may not see.
 */
export async function referralForViewer(db: Db, actor: Actor, referralNumber: string): Promise<ReferralWorkspace> {
  const viewer = viewerOf(actor);
  if (!REFERRAL_NUMBER.test(referralNumber)) throw notFound();
  const [row] = await db
    .select({
      id: referrals.id,
      referralNumber: referrals.referralNumber,
      status: referrals.status,
      urgencyLevel: referrals.urgencyLevel,
      createdAt: referrals.createdAt,
      facilityId: referrals.facilityId,
      doctorId: referrals.doctorId,
      patientName: referrals.patientName,
      patientPhone: referrals.patientPhone,
      patientEmail: referrals.patientEmail,
      patientDateOfBirth: referrals.patientDateOfBirth,
      chiefComplaint: referrals.chiefComplaint,
      clinicalNotes: referrals.clinicalNotes,
      outcomeNote: referrals.outcomeNote,
      rejectionReason: referrals.rejectionReason,
      cancellationReason: referrals.cancellationReason,
      referralFee: referrals.referralFee,
      doctorShare: referrals.doctorShare,
      platformShare: referrals.platformShare,
      facilityName: facilities.name,
      facilityAddress: facilities.address,
      doctorName: doctorUser.fullName,
      doctorSpecialty: doctorUser.specialty,
      doctorPhone: sql<string | null>`coalesce(${doctorUser.confirmedPhone}, ${doctorUser.phone})`,
      doctorRole: effectiveRoleOf(doctorUser),
      paymentId: paymentRecords.id,
      paymentStatus: paymentRecords.status,
      paymentMethod: paymentRecords.paymentMethod,
      paymentReference: paymentRecords.paymentReference,
      paidAt: paymentRecords.paidAt,
    })
    .from(referrals)
    .innerJoin(facilities, eq(facilities.id, referrals.facilityId))
    .innerJoin(doctorUser, eq(doctorUser.id, referrals.doctorId))
    .leftJoin(paymentRecords, eq(paymentRecords.referralId, referrals.id))
    .where(eq(referrals.referralNumber, referralNumber.toUpperCase()))
    .limit(1);
  if (!row || !canSee(viewer, row)) throw notFound();

  const showsPayment = viewer.role === "doctor" || viewer.role === "system_admin";
  const [timeline, attachments] = await Promise.all([
    timelineOf(db, row.id, row.paymentId, {
      viewerId: viewer.id,
      createdAt: row.createdAt,
      doctor: { name: row.doctorName, role: row.doctorRole },
      outcomeNote: row.outcomeNote,
      showsPayment,
    }),
    attachmentsOf(db, row.id),
  ]);
  const status = row.status;
  return {
    id: row.id,
    referralNumber: row.referralNumber,
    status,
    urgencyLevel: row.urgencyLevel,
    createdAt: row.createdAt.toISOString(),
    patient: {
      fullName: row.patientName,
      phone: row.patientPhone,
      call: phoneLink(row.patientPhone),
      email: row.patientEmail,
      dateOfBirth: row.patientDateOfBirth,
    },
    doctor: {
      fullName: row.doctorName,
      specialty: row.doctorSpecialty,
      call: row.doctorPhone ? phoneLink(row.doctorPhone) : null,
    },
    facility: { name: row.facilityName, address: row.facilityAddress },
    chiefComplaint: row.chiefComplaint,
    clinicalNotes: row.clinicalNotes,
    outcomeNote: row.outcomeNote,
    rejectionReason: row.rejectionReason,
    cancellationReason: row.cancellationReason,
    fee: { total: row.referralFee, doctorShare: row.doctorShare, platformShare: row.platformShare },
    payment:
      showsPayment && row.paymentStatus
        ? {
            status: row.paymentStatus,
            method: row.paymentMethod,
            reference: row.paymentReference,
            paidAt: row.paidAt ? row.paidAt.toISOString() : null,
          }
        : null,
    timeline,
    attachments,
    actions: {
      // The status table decides; system administrators fire no transition.
      transitions: viewer.role === "system_admin" ? [] : transitionsFrom(status, viewer.role),
      mayMessage: mayMessage(viewer, status),
      mayAttach: mayAttach(viewer, status) && attachments.length < MAX_ATTACHMENTS,
    },
    viewer: { role: viewer.role },
  };
}

const KIND_OF_ACTION: Record<string, TimelineKind> = {
  "referral.created": "created",
  "referral.accepted": "accepted",
  "referral.rejected": "rejected",
  "referral.completed": "completed",
  "referral.cancelled": "cancelled",
  "referral.escalated": "escalated",
  "referral.message": "message",
  "referral.attachment": "attachment",
  "payment.recorded": "payment",
};

/** The referral's audit rows (and its payment's), oldest first, with messages and file names joined in. */
async function timelineOf(
  db: Db,
  referralId: string,
  paymentId: string | null,
  context: {
    viewerId: string;
    createdAt: Date;
    doctor: { name: string; role: Role };
    outcomeNote: string | null;
    showsPayment: boolean;
  },
): Promise<TimelineEntry[]> {
  const subject = or(
    and(eq(auditEvents.subjectType, "referral"), eq(auditEvents.subjectId, referralId)),
    paymentId && context.showsPayment
      ? and(eq(auditEvents.subjectType, "payment"), eq(auditEvents.subjectId, paymentId))
      : undefined,
  );
  const rows = await db
    .select({
      id: auditEvents.id,
      action: auditEvents.action,
      reason: auditEvents.reason,
      createdAt: auditEvents.createdAt,
      actorId: auditEvents.actorId,
      actorName: actorUser.fullName,
      actorRole: sql<Role | null>`case when ${actorUser.id} is null then null else ${effectiveRoleOf(actorUser)} end`,
      messageBody: referralMessages.body,
      fileName: referralAttachments.fileName,
      fileType: referralAttachments.contentType,
      fileId: referralAttachments.id,
    })
    .from(auditEvents)
    .leftJoin(actorUser, eq(actorUser.id, auditEvents.actorId))
    .leftJoin(referralMessages, eq(referralMessages.id, auditEvents.id))
    .leftJoin(referralAttachments, eq(referralAttachments.id, auditEvents.id))
    .where(subject)
    .orderBy(asc(auditEvents.createdAt), asc(auditEvents.id));
  // Who has opened the page when: the other side's reads (system administrators' are not) mark the viewer's messages read.
  const reads = rows.some((r) => r.action === "referral.message" && r.actorId === context.viewerId)
    ? await readersOf(db, referralId)
    : [];
  const entries: TimelineEntry[] = [];
  for (const r of rows) {
    const kind = KIND_OF_ACTION[r.action];
    if (!kind) continue;
    entries.push({
      id: r.id,
      kind,
      at: r.createdAt.toISOString(),
      who: r.actorName && r.actorRole ? { name: r.actorName, role: r.actorRole } : null,
      // The outcome note lives on the referral (the audit row of the completion has no reason).
      text:
        kind === "message"
          ? r.messageBody
          : kind === "attachment"
            ? null
            : kind === "completed"
              ? (r.reason ?? context.outcomeNote)
              : r.reason,
      attachment:
        kind === "attachment" && r.fileId && r.fileName && r.fileType
          ? { id: r.fileId, fileName: sanitiseFileName(r.fileName, r.fileType) }
          : null,
      read:
        kind === "message" && r.actorId === context.viewerId
          ? reads.some((read) => read.userId !== context.viewerId && read.readAt >= r.createdAt)
          : null,
    });
  }
  // Referrals made before the creation was audited: "created" from the referral itself.
  if (!entries.some((e) => e.kind === "created")) {
    entries.unshift({
      id: `created-${referralId}`,
      kind: "created",
      at: context.createdAt.toISOString(),
      who: context.doctor,
      text: null,
      attachment: null,
    });
  }
  return entries;
}

async function attachmentsOf(db: Db, referralId: string): Promise<AttachmentRow[]> {
  const rows = await db
    .select({
      id: referralAttachments.id,
      fileName: referralAttachments.fileName,
      contentType: referralAttachments.contentType,
      sizeBytes: referralAttachments.sizeBytes,
      createdAt: referralAttachments.createdAt,
      uploaderName: uploaderUser.fullName,
      uploaderRole: sql<Role | null>`case when ${uploaderUser.id} is null then null else ${effectiveRoleOf(uploaderUser)} end`,
    })
    .from(referralAttachments)
    .leftJoin(uploaderUser, eq(uploaderUser.id, referralAttachments.uploaderId))
    .where(eq(referralAttachments.referralId, referralId))
    .orderBy(asc(referralAttachments.createdAt), asc(referralAttachments.id));
  return rows.map((r) => ({
    id: r.id,
    // Files attached before names were given their type's extension are shown as they download.
    fileName: sanitiseFileName(r.fileName, r.contentType),
    contentType: r.contentType,
    sizeBytes: r.sizeBytes,
    createdAt: r.createdAt.toISOString(),
    uploader: r.uploaderName && r.uploaderRole ? { name: r.uploaderName, role: r.uploaderRole } : null,
  }));
}
