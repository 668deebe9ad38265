import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { Actor, UserActor } from "~/auth/actor.server";
import type { Db } from "~/db/client.server";
import { auditEvents, referralAttachments, referrals } from "~/db/schema";
import { logger } from "~/lib/logger.server";
import { refuse } from "~/lib/refusal";
import { type FileStore, fileStore, LocalFileStore } from "~/storage/file-store.server";
import { ATTACHMENT_MESSAGES, type AttachmentType, MAX_ATTACHMENTS, sanitiseFileName } from "./attachment-rules";
import { type StoredUpload, storeAttachmentBytes } from "./attachment-upload.server";
import { canSee } from "./referral-access";
import type { ReferralStatus } from "./referral-status";
import { checkUserAllowance, countUserWrite } from "./user-limits.server";
import {
  type Located,
  locate,
  mayAttach,
  notFound,
  REFERRAL_NOT_FOUND,
  REFERRAL_NUMBER,
  UUID,
  viewerOf,
} from "./workspace-access.server";

/*
 * A referral's attached files: who may attach one now, its record once the file store holds its
 * bytes, its download, and the move of files still in the database to the store (docs/decisions/023).
 */

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
  if (refusal) refuse(refusal.status, refusal.message);
  const [{ n }] = await db
    .select({ n: count() })
    .from(referralAttachments)
    .where(eq(referralAttachments.referralId, referral.id));
  if (n >= MAX_ATTACHMENTS) refuse(409, ATTACHMENT_MESSAGES.tooMany);
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
    refuse(stored.status, stored.message);
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
  if (!file) refuse(400, ATTACHMENT_MESSAGES.missing);
  const upload = await storeAttachmentBytes(store, plan.key, file.name, file.bytes);
  return recordAttachment(db, store, plan, upload);
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

/** A file attached before decision 023 whose bytes are still in its row (not moved yet). */
async function legacyContent(db: Db, attachmentId: string): Promise<ReadableStream<Uint8Array> | null> {
  const [row] = await db
    .select({ content: referralAttachments.content })
    .from(referralAttachments)
    .where(eq(referralAttachments.id, attachmentId));
  if (!row?.content) return null;
  return Readable.toWeb(Readable.from([Buffer.from(row.content)])) as ReadableStream<Uint8Array>;
}

/**
 * Moves the files attached before decision 023 out of the database into the file store, one at a time
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
