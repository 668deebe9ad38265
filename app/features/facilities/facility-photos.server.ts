import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import type { Actor } from "~/auth/actor.server";
import type { Db } from "~/db/client.server";
import { facilities, facilityPhotoFiles, facilityPhotos } from "~/db/schema";
import { recordAudit } from "~/features/audit/public.server";
import { refuse } from "~/lib/refusal";
import { assertCanEditFacility, notFound, UUID } from "./facility-admin.server";
import { MAX_PHOTO_BYTES, PHOTO_WIDTHS, photoHeight } from "./facility-photo";

/* ------------------------------------------------------------------------------------------------
 * Photos
 * ---------------------------------------------------------------------------------------------- */

/** A refused photo: its message under the file field (413 for one past the size limit, as the upload reader says). */
export function refusePhoto(message: string, status = 400): never {
  return refuse(status, message, { photo: message });
}

export const PHOTO_MESSAGES = {
  missing: "Choose a photo to upload",
  tooLarge: "The photo must be 5 MB or smaller",
  wrongType: "The photo must be a JPEG, PNG or WebP image",
  unreadable: "This image could not be read. Please try another photo.",
} as const;

/** The image type from the file's first bytes (the name and the browser's claimed type are not trusted). */
export function imageTypeOf(bytes: Uint8Array): "jpeg" | "png" | "webp" | null {
  const at = (i: number) => bytes[i];
  if (bytes.length >= 3 && at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return "jpeg";
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => at(i) === b)) return "png";
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  return null;
}

/** At most 40 megapixels are decoded (a small file can claim an enormous image). */
const MAX_INPUT_PIXELS = 40_000_000;

/** The WebP sizes of an upload: each of PHOTO_WIDTHS, cropped to 16:9 around its most interesting part. */
export async function photoVersions(
  bytes: Uint8Array,
): Promise<{ width: number; height: number; bytes: Uint8Array }[]> {
  const versions = [];
  for (const width of PHOTO_WIDTHS) {
    const height = photoHeight(width);
    const out = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width, height, fit: "cover", position: sharp.strategy.attention })
      .webp({ quality: 78, effort: 4 })
      .toBuffer();
    versions.push({ width, height, bytes: new Uint8Array(out) });
  }
  return versions;
}

/** Replaces a facility's photo with `bytes` (the facility's administrator or a system administrator). */
export async function uploadFacilityPhoto(
  db: Db,
  actor: Actor,
  facilityId: string,
  bytes: Uint8Array | null,
): Promise<{ ok: true; photoId: string }> {
  if (!UUID.test(facilityId)) throw notFound();
  const editor = assertCanEditFacility(actor, facilityId);
  if (!bytes || bytes.length === 0) refusePhoto(PHOTO_MESSAGES.missing);
  if (bytes.length > MAX_PHOTO_BYTES) refusePhoto(PHOTO_MESSAGES.tooLarge);
  if (!imageTypeOf(bytes)) refusePhoto(PHOTO_MESSAGES.wrongType);
  let versions: Awaited<ReturnType<typeof photoVersions>>;
  try {
    versions = await photoVersions(bytes);
  } catch {
    refusePhoto(PHOTO_MESSAGES.unreadable);
  }
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ photoId: facilities.photoId })
      .from(facilities)
      .where(eq(facilities.id, facilityId))
      .for("update");
    if (!current) throw notFound();
    const [photo] = await tx
      .insert(facilityPhotos)
      .values({ facilityId, uploadedBy: editor.id })
      .returning({ id: facilityPhotos.id });
    await tx.insert(facilityPhotoFiles).values(versions.map((v) => ({ photoId: photo!.id, ...v })));
    await tx.update(facilities).set({ photoId: photo!.id }).where(eq(facilities.id, facilityId));
    // The replaced photo goes (its files with it): pages now name the new one.
    if (current.photoId) await tx.delete(facilityPhotos).where(eq(facilityPhotos.id, current.photoId));
    await recordAudit(tx, {
      actorId: editor.id,
      action: "facility.photo",
      subjectType: "facility",
      subjectId: facilityId,
    });
    return { ok: true, photoId: photo!.id };
  });
}

/** One size of a photo, or null. Public: a photo is shown on a public profile. */
export async function readPhotoFile(db: Db, photoId: string, width: number): Promise<Uint8Array | null> {
  if (!UUID.test(photoId) || !PHOTO_WIDTHS.includes(width as (typeof PHOTO_WIDTHS)[number])) return null;
  const [row] = await db
    .select({ bytes: facilityPhotoFiles.bytes })
    .from(facilityPhotoFiles)
    .where(and(eq(facilityPhotoFiles.photoId, photoId), eq(facilityPhotoFiles.width, width)));
  return row?.bytes ?? null;
}
