import { Readable } from "node:stream";
import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ClientActor } from "~/auth/actor.server";
import type { Db } from "~/db/client.server";
import { apiClients, auditEvents, referralAttachments, referralMessages, referrals, users } from "~/db/schema";
import { type FileStore, fileStore } from "~/storage/file-store.server";
import { type AttachmentType, sanitiseFileName } from "./attachment-rules";

/*
 * What hangs off a referral, as hospital systems read it through the FHIR API (decision 034): its
 * messages (Communication), its files (DocumentReference) and its history (AuditEvent). The
 * referral's own rule decides: a facility's client sees what belongs to its facility's referrals,
 * the network's client what system administrators see. Anything else is missing (null, or left out).
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const author = alias(users, "part_author");
const referralDoctor = alias(users, "part_doctor");

/** The referral a part belongs to, with the names its references carry. */
export type PartReferral = {
  id: string;
  patient: { id: string; name: string };
  facility: { id: string };
  doctor: { id: string; name: string };
};

/** Who wrote a message or took a step: the referring doctor, a facility's person or system, or someone else. */
export type PartAuthor =
  | { kind: "doctor"; id: string; name: string }
  | { kind: "person"; name: string; role: string }
  | { kind: "client"; name: string }
  | { kind: "unknown" };

export type ExchangedMessage = {
  id: string;
  referral: PartReferral;
  body: string;
  createdAt: Date;
  author: PartAuthor;
};
export type ExchangedAttachment = {
  id: string;
  referral: PartReferral;
  fileName: string;
  contentType: AttachmentType;
  sizeBytes: number;
  createdAt: Date;
  author: PartAuthor;
};
export type ExchangedEvent = {
  id: string;
  referral: PartReferral;
  action: string;
  fromStatus: string | null;
  toStatus: string | null;
  reason: string | null;
  createdAt: Date;
  author: PartAuthor;
};

const referralColumns = {
  referralId: referrals.id,
  patientId: referrals.patientId,
  patientName: referrals.patientName,
  facilityId: referrals.facilityId,
  doctorId: referrals.doctorId,
  doctorName: referralDoctor.fullName,
};

const authorColumns = {
  authorId: author.id,
  authorName: author.fullName,
  authorRole: author.role,
  clientName: apiClients.name,
};

type Row = {
  referralId: string;
  patientId: string;
  patientName: string;
  facilityId: string;
  doctorId: string;
  doctorName: string;
  authorId: string | null;
  authorName: string | null;
  authorRole: string | null;
  clientName: string | null;
};

function referralOf(r: Row): PartReferral {
  return {
    id: r.referralId,
    patient: { id: r.patientId, name: r.patientName },
    facility: { id: r.facilityId },
    doctor: { id: r.doctorId, name: r.doctorName },
  };
}

function authorOf(r: Row): PartAuthor {
  if (r.clientName) return { kind: "client", name: r.clientName };
  if (r.authorId && r.authorId === r.doctorId) return { kind: "doctor", id: r.authorId, name: r.authorName ?? "" };
  if (r.authorId && r.authorName && r.authorRole) return { kind: "person", name: r.authorName, role: r.authorRole };
  return { kind: "unknown" };
}

/** The client's referrals as a condition (with the ids asked for, malformed ones dropped). */
function visible(client: ClientActor, referralIds: readonly string[]): SQL | undefined {
  return and(
    inArray(
      referrals.id,
      referralIds.filter((id) => UUID.test(id)),
    ),
    client.facilityId === null ? undefined : eq(referrals.facilityId, client.facilityId),
  );
}

function messagesQuery(db: Db) {
  return db
    .select({
      id: referralMessages.id,
      body: referralMessages.body,
      createdAt: referralMessages.createdAt,
      ...referralColumns,
      ...authorColumns,
    })
    .from(referralMessages)
    .innerJoin(referrals, eq(referrals.id, referralMessages.referralId))
    .innerJoin(referralDoctor, eq(referralDoctor.id, referrals.doctorId))
    .leftJoin(auditEvents, eq(auditEvents.id, referralMessages.id))
    .leftJoin(author, eq(author.id, referralMessages.authorId))
    .leftJoin(apiClients, eq(apiClients.id, auditEvents.apiClientId))
    .$dynamic();
}

type MessageRow = Awaited<ReturnType<ReturnType<typeof messagesQuery>["execute"]>>[number];
const toMessage = (r: MessageRow): ExchangedMessage => ({
  id: r.id,
  body: r.body,
  createdAt: r.createdAt,
  referral: referralOf(r),
  author: authorOf(r),
});

/** The messages of the client's referrals among `referralIds`, oldest first (at most `limit`). */
export async function messagesForClient(db: Db, client: ClientActor, referralIds: readonly string[], limit = 1000) {
  if (!referralIds.some((id) => UUID.test(id))) return [];
  const rows = await messagesQuery(db)
    .where(visible(client, referralIds))
    .orderBy(asc(referralMessages.createdAt), asc(referralMessages.id))
    .limit(limit);
  return rows.map(toMessage);
}

export async function messageForClient(db: Db, client: ClientActor, id: string): Promise<ExchangedMessage | null> {
  if (!UUID.test(id)) return null;
  const [row] = await messagesQuery(db)
    .where(
      and(
        eq(referralMessages.id, id),
        client.facilityId === null ? undefined : eq(referrals.facilityId, client.facilityId),
      ),
    )
    .limit(1);
  return row ? toMessage(row) : null;
}

function attachmentsQuery(db: Db) {
  return db
    .select({
      id: referralAttachments.id,
      fileName: referralAttachments.fileName,
      contentType: referralAttachments.contentType,
      sizeBytes: referralAttachments.sizeBytes,
      createdAt: referralAttachments.createdAt,
      ...referralColumns,
      ...authorColumns,
    })
    .from(referralAttachments)
    .innerJoin(referrals, eq(referrals.id, referralAttachments.referralId))
    .innerJoin(referralDoctor, eq(referralDoctor.id, referrals.doctorId))
    .leftJoin(auditEvents, eq(auditEvents.id, referralAttachments.id))
    .leftJoin(author, eq(author.id, referralAttachments.uploaderId))
    .leftJoin(apiClients, eq(apiClients.id, auditEvents.apiClientId))
    .$dynamic();
}

type AttachmentRow = Awaited<ReturnType<ReturnType<typeof attachmentsQuery>["execute"]>>[number];
const toAttachment = (r: AttachmentRow): ExchangedAttachment => ({
  id: r.id,
  fileName: sanitiseFileName(r.fileName, r.contentType),
  contentType: r.contentType,
  sizeBytes: r.sizeBytes,
  createdAt: r.createdAt,
  referral: referralOf(r),
  author: authorOf(r),
});

/** The files of the client's referrals among `referralIds`, oldest first. */
export async function attachmentsForClient(db: Db, client: ClientActor, referralIds: readonly string[]) {
  if (!referralIds.some((id) => UUID.test(id))) return [];
  const rows = await attachmentsQuery(db)
    .where(visible(client, referralIds))
    .orderBy(asc(referralAttachments.createdAt), asc(referralAttachments.id));
  return rows.map(toAttachment);
}

export async function attachmentForClient(
  db: Db,
  client: ClientActor,
  id: string,
): Promise<ExchangedAttachment | null> {
  if (!UUID.test(id)) return null;
  const [row] = await attachmentsQuery(db)
    .where(
      and(
        eq(referralAttachments.id, id),
        client.facilityId === null ? undefined : eq(referrals.facilityId, client.facilityId),
      ),
    )
    .limit(1);
  return row ? toAttachment(row) : null;
}

/** A file's bytes, for a client that may see it (null otherwise); its type and name as the download's. */
export async function attachmentBytesForClient(
  db: Db,
  client: ClientActor,
  id: string,
  store: FileStore = fileStore(),
): Promise<{ file: ExchangedAttachment; body: ReadableStream<Uint8Array> } | null> {
  const file = await attachmentForClient(db, client, id);
  if (!file) return null;
  const [row] = await db
    .select({ storageKey: referralAttachments.storageKey, content: referralAttachments.content })
    .from(referralAttachments)
    .where(eq(referralAttachments.id, id));
  const body = row?.storageKey
    ? await store.get(row.storageKey)
    : row?.content
      ? (Readable.toWeb(Readable.from([Buffer.from(row.content)])) as ReadableStream<Uint8Array>)
      : null;
  // A row whose bytes are gone is the server's fault, not the client's.
  if (!body) throw new Error(`attachment ${id}: no bytes at ${row?.storageKey ?? "(database)"}`);
  return { file, body };
}

function eventsQuery(db: Db) {
  return db
    .select({
      id: auditEvents.id,
      action: auditEvents.action,
      fromStatus: auditEvents.fromStatus,
      toStatus: auditEvents.toStatus,
      reason: auditEvents.reason,
      createdAt: auditEvents.createdAt,
      ...referralColumns,
      ...authorColumns,
    })
    .from(auditEvents)
    .innerJoin(referrals, and(eq(auditEvents.subjectType, "referral"), eq(referrals.id, auditEvents.subjectId)))
    .innerJoin(referralDoctor, eq(referralDoctor.id, referrals.doctorId))
    .leftJoin(author, eq(author.id, auditEvents.actorId))
    .leftJoin(apiClients, eq(apiClients.id, auditEvents.apiClientId))
    .$dynamic();
}

type EventRow = Awaited<ReturnType<ReturnType<typeof eventsQuery>["execute"]>>[number];
const toEvent = (r: EventRow): ExchangedEvent => ({
  id: r.id,
  action: r.action,
  fromStatus: r.fromStatus,
  toStatus: r.toStatus,
  reason: r.reason,
  createdAt: r.createdAt,
  referral: referralOf(r),
  author: authorOf(r),
});

/** The history (audit rows) of the client's referrals among `referralIds`, oldest first. */
export async function eventsForClient(db: Db, client: ClientActor, referralIds: readonly string[], limit = 1000) {
  if (!referralIds.some((id) => UUID.test(id))) return [];
  const rows = await eventsQuery(db)
    .where(visible(client, referralIds))
    .orderBy(asc(auditEvents.createdAt), asc(auditEvents.id))
    .limit(limit);
  return rows.map(toEvent);
}

export async function eventForClient(db: Db, client: ClientActor, id: string): Promise<ExchangedEvent | null> {
  if (!UUID.test(id)) return null;
  const [row] = await eventsQuery(db)
    .where(
      and(eq(auditEvents.id, id), client.facilityId === null ? undefined : eq(referrals.facilityId, client.facilityId)),
    )
    .limit(1);
  return row ? toEvent(row) : null;
}
