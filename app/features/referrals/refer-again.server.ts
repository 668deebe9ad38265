import { Readable } from "node:stream";
import type { ReadableStream as WebReadable } from "node:stream/web";
import { asc, eq } from "drizzle-orm";
import type { Actor } from "~/auth/actor.server";
import type { Db } from "~/db/client.server";
import { referralAttachments, referrals } from "~/db/schema";
import { logger } from "~/lib/logger.server";
import { refuse } from "~/lib/refusal";
import { type FileStore, fileStore } from "~/storage/file-store.server";
import { storeAttachment } from "./attachment-upload.server";
import type { CreateReferralField } from "./referral-schema";
import { attachmentForViewer, planAttachment, recordAttachment } from "./workspace-files.server";

/*
 * "Refer to another facility": a rejected or cancelled referral's own doctor opens the
 * create form filled with the same patient, complaint, notes and urgency, the facility that
 * rejected it left out of the choices, and its files copied onto the new referral once it is
 * created. Nobody else learns anything from `?from=`: another doctor, a facility administrator, a
 * system administrator, a number that does not exist and a referral still open all get the same 404.
 */

export const REFER_AGAIN_NOT_FOUND = "There is no rejected or cancelled referral of yours with this number.";
const REFERRAL_NUMBER = /^REF-\d{4}-\d{6,12}$/i;

export type ReferAgainDraft = {
  /** The referral it comes from. */
  fromNumber: string;
  /** The form's values (its field names), as the doctor wrote them the first time. */
  values: Partial<Record<CreateReferralField, string>>;
  /** The facility that rejected it (left out of the choices); null for a referral the doctor cancelled. */
  excludedFacilityId: string | null;
  /** The names of the files that will be copied onto the new referral. */
  fileNames: string[];
};

type Source = { id: string; status: string; doctorId: string; facilityId: string; referralNumber: string };

/** The referral `fromNumber` names when the actor is its doctor and it was rejected or cancelled; a 404 otherwise. */
async function sourceFor(db: Db, actor: Actor, fromNumber: string): Promise<typeof referrals.$inferSelect> {
  if (actor.kind !== "user" || !actor.approved || actor.role !== "doctor") refuse(404, REFER_AGAIN_NOT_FOUND);
  if (!REFERRAL_NUMBER.test(fromNumber)) refuse(404, REFER_AGAIN_NOT_FOUND);
  const [row] = await db
    .select()
    .from(referrals)
    .where(eq(referrals.referralNumber, fromNumber.toUpperCase()))
    .limit(1);
  if (!row || !mayReferAgain(actor.id, row)) refuse(404, REFER_AGAIN_NOT_FOUND);
  return row;
}

/** Only the referring doctor, only once the referral was rejected or cancelled. */
export function mayReferAgain(doctorId: string, referral: Pick<Source, "doctorId" | "status">): boolean {
  return referral.doctorId === doctorId && (referral.status === "rejected" || referral.status === "cancelled");
}

/** The create form's values for referring `fromNumber` again (a 404 for anyone but its doctor, or an open referral). */
export async function referAgainDraft(db: Db, actor: Actor, fromNumber: string): Promise<ReferAgainDraft> {
  const source = await sourceFor(db, actor, fromNumber);
  const files = await db
    .select({ fileName: referralAttachments.fileName })
    .from(referralAttachments)
    .where(eq(referralAttachments.referralId, source.id))
    .orderBy(asc(referralAttachments.createdAt));
  const values: Partial<Record<CreateReferralField, string>> = {
    patient_name: source.patientName,
    patient_phone: source.patientPhone,
    chief_complaint: source.chiefComplaint,
    urgency_level: source.urgencyLevel,
  };
  if (source.patientEmail) values.patient_email = source.patientEmail;
  if (source.patientDateOfBirth) values.patient_date_of_birth = source.patientDateOfBirth;
  if (source.clinicalNotes) values.clinical_notes = source.clinicalNotes;
  return {
    fromNumber: source.referralNumber,
    values,
    excludedFacilityId: source.status === "rejected" ? source.facilityId : null,
    fileNames: files.map((f) => f.fileName),
  };
}

/**
 * Copies the files of `fromNumber` onto the new referral, through the same checks, store and
 * record as an upload by the doctor (each file read from the store and streamed in under the new
 * referral's key). Runs after the new referral is committed: a file that cannot be copied is
 * logged and skipped, never undoing the referral. Returns how many were copied; none when the
 * actor may not refer that referral again.
 */
export async function copyReferralFiles(
  db: Db,
  actor: Actor,
  fromNumber: string,
  toReferralId: string,
  store: FileStore = fileStore(),
): Promise<number> {
  let source: typeof referrals.$inferSelect;
  try {
    source = await sourceFor(db, actor, fromNumber);
  } catch {
    return 0;
  }
  const files = await db
    .select({ id: referralAttachments.id, fileName: referralAttachments.fileName })
    .from(referralAttachments)
    .where(eq(referralAttachments.referralId, source.id))
    .orderBy(asc(referralAttachments.createdAt));
  let copied = 0;
  for (const file of files) {
    try {
      const original = await attachmentForViewer(db, actor, source.referralNumber, file.id, store);
      const plan = await planAttachment(db, actor, toReferralId);
      const upload = await storeAttachment(
        store,
        plan.key,
        file.fileName,
        Readable.fromWeb(original.body as WebReadable<Uint8Array>),
      );
      await recordAttachment(db, store, plan, upload);
      copied += 1;
    } catch (error) {
      logger.error({ err: error, attachmentId: file.id }, "copying a file to the referral made again failed");
    }
  }
  return copied;
}
