import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { and, asc, count, eq, isNull, or, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import { data } from "react-router";
import type { Actor, ClientActor, UserActor } from "~/auth/actor.server";
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
import { env } from "~/env.server";
import { facilityAdminIds, notifyUsers } from "~/features/messaging/public.server";
import { logger } from "~/lib/logger.server";
import { phoneLink } from "~/lib/phone";
import type { PhoneLink } from "~/lib/phone-link";
import { type FileStore, fileStore, LocalFileStore } from "~/storage/file-store.server";
import { ATTACHMENT_MESSAGES, type AttachmentType, MAX_ATTACHMENTS, sanitiseFileName } from "./attachment-rules";
import { type StoredUpload, storeAttachmentBytes } from "./attachment-upload.server";
import { canSee } from "./referral-access";
import { referralMessageMail } from "./referral-mail";
import { readersOf } from "./referral-reads.server";
import { type ReferralStatus, type Transition, transitionsFrom, type UrgencyLevel } from "./referral-status";
import { checkUserAllowance, countUserWrite } from "./user-limits.server";
import { messageSchema } from "./workspace-schemas";

/*
 * A referral's own page (issue 19): everything about it, its timeline from the audit log, the
 * actions its viewer may take now, messages between the two sides and attached files.
 *
 * Who may see it: the referring doctor, the receiving facility's approved administrators and
 * approved system administrators (`canSee`). Anyone else signed in (another doctor, another
 * facility's administrator, an account awaiting approval) gets the same 404 as a referral that
 * does not exist: nothing says whether it does.
 *
 * A message's and an attachment's audit row share the message's or file's id, so the timeline
 * joins the body or the name to its row.
 */

export const REFERRAL_NOT_FOUND = "Referral not found";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A whole referral number as the database writes it (REF-<year>-<at least 6 digits>). */
const REFERRAL_NUMBER = /^REF-\d{4}-\d{6,12}$/i;

const notFound = () => data(REFERRAL_NOT_FOUND, { status: 404 });

/** The signed-in, approved viewer, or a thrown 401 (anonymous) / the 404 everyone else gets. */
function viewerOf(actor: Actor): UserActor {
  if (actor.kind === "anonymous") throw data("Authentication Required", { status: 401 });
  // An account awaiting approval sees no referral at all: the same 404, so it learns nothing.
  if (!actor.approved) throw notFound();
  return actor;
}

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
   * On the viewer's own messages (issue 28): whether someone on the other side has opened the page
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
  /** `call`: the number grouped, as a tel: link, with WhatsApp for a mobile (issue 33). */
  patient: { fullName: string; phone: string; call: PhoneLink; email: string | null; dateOfBirth: string | null };
  /** `call`: the referring doctor's number (confirmed, else as registered), to be called about the patient (issue 33). */
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

type Located = {
  id: string;
  referralNumber: string;
  status: ReferralStatus;
  facilityId: string;
  doctorId: string;
};

/** May this viewer post a message on a referral in this status? (Not once it was cancelled.) */
function mayMessage(viewer: UserActor, status: ReferralStatus): boolean {
  return mayMessageAs(viewer.role, status);
}

function mayMessageAs(role: Role, status: ReferralStatus): boolean {
  return (role === "doctor" || role === "facility_admin") && status !== "cancelled";
}

/**
 * May this viewer attach a file now? The doctor while the referral is not cancelled; the
 * facility's administrators once they accepted it (accepted or completed); never a system admin.
 */
function mayAttach(viewer: UserActor, status: ReferralStatus): boolean {
  if (viewer.role === "doctor") return status !== "cancelled";
  if (viewer.role === "facility_admin") return status === "accepted" || status === "completed";
  return false;
}

/**
 * The id of the referral with this number, or null: the page's actions act on the referral its
 * address names, whatever id a form posts. Who may act is still decided by each domain function.
 */
export async function referralIdByNumber(db: Db, referralNumber: string): Promise<string | null> {
  if (!REFERRAL_NUMBER.test(referralNumber)) return null;
  const [row] = await db
    .select({ id: referrals.id })
    .from(referrals)
    .where(eq(referrals.referralNumber, referralNumber.toUpperCase()))
    .limit(1);
  return row?.id ?? null;
}

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

/** The referral by id, when this viewer may see it (404 otherwise, the same for missing and foreign). */
async function locate(db: Db, viewer: UserActor | ClientActor, referralId: string): Promise<Located> {
  const row = UUID.test(referralId)
    ? (
        await db
          .select({
            id: referrals.id,
            referralNumber: referrals.referralNumber,
            status: referrals.status,
            facilityId: referrals.facilityId,
            doctorId: referrals.doctorId,
          })
          .from(referrals)
          .where(eq(referrals.id, referralId))
          .limit(1)
      )[0]
    : undefined;
  if (!row || !canSee(viewer, row)) throw notFound();
  return row;
}

/**
 * Posts a message on a referral: the referring doctor and the receiving facility's approved
 * administrators, in any status but cancelled (a completed or rejected referral may still need a
 * question answered; a cancelled one is closed). System administrators read only (403). The body
 * is 1 to 2,000 characters (messageSchema, 400 otherwise). The message and its audit row are one
 * transaction, with the email telling the other side that there is a message (the number and a
 * link only). A facility's hospital system (its FHIR client, issue 36) posts as that facility's
 * administrators do, the audit row naming the client; the network's client reads only (403).
 */
export async function postMessage(
  db: Db,
  actor: Actor | ClientActor,
  referralId: string,
  input: { body?: unknown },
): Promise<{ id: string; referralNumber: string; createdAt: Date }> {
  const viewer = actor.kind === "client" ? actor : viewerOf(actor);
  const referral = await locate(db, viewer, referralId);
  if (viewer.kind === "client" && viewer.facilityId === null) {
    throw data("The network's client reads the messages; only a facility's client may post them.", { status: 403 });
  }
  const role = viewer.kind === "client" ? "facility_admin" : viewer.role;
  if (role === "system_admin") {
    throw data("System administrators can read the messages but not post them.", { status: 403 });
  }
  const parsed = messageSchema.safeParse({ body: input.body });
  if (!parsed.success) throw data(parsed.error.issues[0]?.message ?? "Invalid message", { status: 400 });
  if (!mayMessageAs(role, referral.status)) {
    throw data("This referral was cancelled: no more messages can be posted.", { status: 409 });
  }
  // A person's daily allowance; a client's calls are limited per client by the API.
  const authorId = viewer.kind === "client" ? null : viewer.id;
  if (authorId) await countUserWrite(db, authorId, "messages");
  const posted = await db.transaction(async (tx) => {
    // The referral's status as it is now (a cancel may have just landed).
    const [current] = await tx
      .select({ status: referrals.status })
      .from(referrals)
      .where(eq(referrals.id, referral.id))
      .for("share");
    if (!current || !mayMessageAs(role, current.status)) return null;
    const [message] = await tx
      .insert(referralMessages)
      .values({ referralId: referral.id, authorId, body: parsed.data.body })
      .returning({ id: referralMessages.id, createdAt: referralMessages.createdAt });
    // The audit row shares the message's id: the timeline joins the body to it.
    await tx.insert(auditEvents).values({
      id: message.id,
      actorId: authorId,
      apiClientId: viewer.kind === "client" ? viewer.id : null,
      action: "referral.message",
      subjectType: "referral",
      subjectId: referral.id,
    });
    // The other side, by the channels each chose for messages (quiet hours hold it).
    const to = role === "doctor" ? await facilityAdminIds(tx, referral.facilityId) : [referral.doctorId];
    await notifyUsers(tx, to, {
      kind: "referral.message",
      event: "referral.message",
      sms: "referral_message",
      referralId: referral.id,
      referralNumber: referral.referralNumber,
      mail: (t) => referralMessageMail(t, { referralNumber: referral.referralNumber, appUrl: env().APP_URL }),
    });
    return message;
  });
  if (!posted) throw data("This referral was cancelled: no more messages can be posted.", { status: 409 });

  return { id: posted.id, referralNumber: referral.referralNumber, createdAt: posted.createdAt };
}

/** Why this viewer may not attach a file to a referral in this status (null: they may). */
function attachRefusal(viewer: UserActor, status: ReferralStatus): { status: number; message: string } | null {
  if (viewer.role === "system_admin") {
    return { status: 403, message: "System administrators cannot attach files to a referral." };
  }
  if (mayAttach(viewer, status)) return null;
  if (status === "cancelled") {
    return { status: 409, message: "This referral was cancelled: no more files can be attached." };
  }
  return {
    status: 409,
    message: "Your facility can attach files once it has accepted the referral.",
  };
}

/** The file store's key of an attached file (fanned out by the id's first two characters). */
export function attachmentKey(id: string): string {
  return `referral-attachments/${id.slice(0, 2)}/${id}`;
}

/** What may be stored for an attachment whose checks passed: the new file's id and key. */
export type AttachmentPlan = { id: string; key: string; viewer: UserActor; referral: Located };

/**
 * Before any byte of the file is read: may this viewer attach a file to this referral now? The
 * referring doctor while the referral is not cancelled, the receiving facility's administrators
 * once they accepted it (401, 404, 403 or 409 otherwise, like the page), fewer than 10 files on it
 * (409), and within the user's hourly allowance (30 files stored: 429). Refused files do not count.
 */
export async function planAttachment(
  db: Db,
  actor: Actor,
  referralId: string,
  { counts = true }: { counts?: boolean } = {},
): Promise<AttachmentPlan> {
  const viewer = viewerOf(actor);
  const referral = await locate(db, viewer, referralId);
  const refusal = attachRefusal(viewer, referral.status);
  if (refusal) throw data(refusal.message, { status: refusal.status });
  const [{ n }] = await db
    .select({ n: count() })
    .from(referralAttachments)
    .where(eq(referralAttachments.referralId, referral.id));
  if (n >= MAX_ATTACHMENTS) throw data(ATTACHMENT_MESSAGES.tooMany, { status: 409 });
  // Within the hour's 30 files? Checked here, before the bytes; only a stored file counts (recordAttachment).
  if (counts) await checkUserAllowance(db, viewer.id, "uploads");
  const id = randomUUID();
  return { id, key: attachmentKey(id), viewer, referral };
}

/**
 * Records a file the store now holds (`planAttachment`, then the bytes streamed in:
 * attachment-upload.server.ts): its row and audit row in one transaction, with the referral's row
 * locked so that its status is as it is now and two uploads at once cannot make 11. A late
 * refusal removes the file from the store. The name is cleaned for display and given the
 * extension of the type its bytes are (`sanitiseFileName`).
 */
export async function recordAttachment(
  db: Db,
  store: FileStore,
  plan: AttachmentPlan,
  upload: StoredUpload,
): Promise<{ id: string; fileName: string; referralNumber: string }> {
  const { viewer, referral } = plan;
  const fileName = sanitiseFileName(upload.name, upload.contentType);
  let stored: { status: number; message: string } | null;
  try {
    await countUserWrite(db, viewer.id, "uploads");
    stored = await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ status: referrals.status })
        .from(referrals)
        .where(eq(referrals.id, referral.id))
        .for("update");
      const late = current ? attachRefusal(viewer, current.status) : { status: 404, message: REFERRAL_NOT_FOUND };
      if (late) return late;
      const [{ n }] = await tx
        .select({ n: count() })
        .from(referralAttachments)
        .where(eq(referralAttachments.referralId, referral.id));
      if (n >= MAX_ATTACHMENTS) return { status: 409, message: ATTACHMENT_MESSAGES.tooMany };
      await tx.insert(referralAttachments).values({
        id: plan.id,
        referralId: referral.id,
        uploaderId: viewer.id,
        fileName,
        contentType: upload.contentType,
        sizeBytes: upload.sizeBytes,
        sha256: upload.sha256,
        storageKey: upload.key,
      });
      // The audit row shares the file's id: the timeline joins the name to it.
      await tx.insert(auditEvents).values({
        id: plan.id,
        actorId: viewer.id,
        action: "referral.attachment",
        subjectType: "referral",
        subjectId: referral.id,
      });
      return null;
    });
  } catch (error) {
    await store.delete(upload.key).catch(() => {});
    throw error;
  }
  if (stored) {
    await store.delete(upload.key);
    throw data(stored.message, { status: stored.status });
  }
  return { id: plan.id, fileName, referralNumber: referral.referralNumber };
}

/**
 * Attaches a file from bytes in memory (tests, scripts): the same checks, store and record as an
 * upload streamed from the page. PDF, JPEG, PNG or WebP as its first bytes say (never its name or
 * the browser's word), 1 byte to 10 MB, at most 10 a referral, 30 a user an hour; anything
 * refused stores nothing.
 */
export async function addAttachment(
  db: Db,
  actor: Actor,
  referralId: string,
  file: { name: string; bytes: Uint8Array } | null,
  store: FileStore = fileStore(),
): Promise<{ id: string; fileName: string; referralNumber: string }> {
  // Without a file the checks still answer first (who may attach, and where), then "choose a file".
  const plan = await planAttachment(db, actor, referralId, { counts: file !== null });
  if (!file) throw data(ATTACHMENT_MESSAGES.missing, { status: 400 });
  const upload = await storeAttachmentBytes(store, plan.key, file.name, file.bytes);
  return recordAttachment(db, store, plan, upload);
}

/**
 * The referral by id when this viewer may see it: 401 for an anonymous visitor, the same 404 for
 * a referral that is missing and one this viewer may not see. The page's multipart post is
 * checked with it before a byte of its body is read.
 */
export async function referralForPost(db: Db, actor: Actor, referralId: string): Promise<void> {
  await locate(db, viewerOf(actor), referralId);
}

/** An attached file for its download, authorised exactly like the referral's page (404 otherwise). */
export async function attachmentForViewer(
  db: Db,
  actor: Actor,
  referralNumber: string,
  attachmentId: string,
  store: FileStore = fileStore(),
): Promise<{ fileName: string; contentType: AttachmentType; sizeBytes: number; body: ReadableStream<Uint8Array> }> {
  const viewer = viewerOf(actor);
  if (!REFERRAL_NUMBER.test(referralNumber) || !UUID.test(attachmentId)) throw notFound();
  const [row] = await db
    .select({
      facilityId: referrals.facilityId,
      doctorId: referrals.doctorId,
      fileName: referralAttachments.fileName,
      contentType: referralAttachments.contentType,
      sizeBytes: referralAttachments.sizeBytes,
      storageKey: referralAttachments.storageKey,
    })
    .from(referralAttachments)
    .innerJoin(referrals, eq(referrals.id, referralAttachments.referralId))
    .where(and(eq(referralAttachments.id, attachmentId), eq(referrals.referralNumber, referralNumber.toUpperCase())))
    .limit(1);
  if (!row || !canSee(viewer, row)) throw notFound();
  const body = row.storageKey ? await store.get(row.storageKey) : await legacyContent(db, attachmentId);
  // A row whose bytes are gone is the server's fault (a lost directory, a wrong bucket), not the viewer's.
  if (!body) throw new Error(`attachment ${attachmentId}: no bytes at ${row.storageKey ?? "(database)"}`);
  return {
    fileName: sanitiseFileName(row.fileName, row.contentType),
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    body,
  };
}

/** A file attached before issue 24 whose bytes are still in its row (not moved yet). */
async function legacyContent(db: Db, attachmentId: string): Promise<ReadableStream<Uint8Array> | null> {
  const [row] = await db
    .select({ content: referralAttachments.content })
    .from(referralAttachments)
    .where(eq(referralAttachments.id, attachmentId));
  if (!row?.content) return null;
  return Readable.toWeb(Readable.from([Buffer.from(row.content)])) as ReadableStream<Uint8Array>;
}

/**
 * Moves the files attached before issue 24 out of the database into the file store, one at a time
 * (each row read, written to the store, then pointed at it and emptied): run once as a server
 * starts (docs/decisions/023). Several servers starting at once may copy the same file; the key
 * is the row's, the bytes the same, and only one update wins. Returns how many rows it moved.
 */
export async function moveAttachmentsToStore(db: Db, store: FileStore = fileStore()): Promise<number> {
  let moved = 0;
  const failed = new Set<string>();
  for (;;) {
    const [row] = await db
      .select({
        id: referralAttachments.id,
        contentType: referralAttachments.contentType,
        content: referralAttachments.content,
      })
      .from(referralAttachments)
      .where(
        and(
          isNull(referralAttachments.storageKey),
          failed.size ? sql`${referralAttachments.id} not in ${[...failed]}` : undefined,
        ),
      )
      .limit(1);
    if (!row?.content) return moved;
    const key = attachmentKey(row.id);
    try {
      await store.put(key, Readable.from([Buffer.from(row.content)]), row.contentType);
      await db
        .update(referralAttachments)
        .set({ storageKey: key, content: null })
        .where(and(eq(referralAttachments.id, row.id), isNull(referralAttachments.storageKey)));
      moved += 1;
    } catch (error) {
      // It stays readable from its row; the next start tries again.
      logger.error({ err: error, attachmentId: row.id }, "moving an attached file to the file store failed");
      failed.add(row.id);
    }
  }
}

/**
 * Run as a server starts: removes what a crashed write left in the directory store's temporary
 * folder and moves the files still in the database to the store. A failure is logged, never
 * fatal: a file not moved is served from its row, and the next start tries again.
 */
export async function prepareAttachmentStore(db: Db, store: FileStore = fileStore()): Promise<void> {
  try {
    if (store instanceof LocalFileStore) await store.sweep();
    const started = performance.now();
    const moved = await moveAttachmentsToStore(db, store);
    if (moved > 0) {
      logger.info(
        { moved, store: store.kind, ms: Math.round(performance.now() - started) },
        "attached files moved from the database to the file store",
      );
    }
  } catch (error) {
    logger.error({ err: error }, "preparing the file store failed");
  }
}
