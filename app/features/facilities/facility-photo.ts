/**
 * Facility photos (decision 021), client-safe: the sizes the server makes of an upload (WebP, cropped
 * to 3:2) and where each is served. A new upload is a new id, so each address holds one image for
 * ever and is cached for a year.
 */
export const PHOTO_WIDTHS = [480, 960, 1440] as const;
/** Photos are cropped to 16:9, the shape of the drawn illustrations (FACILITY_IMAGE_SIZE). */
export const PHOTO_ASPECT = 9 / 16;
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

export const photoHeight = (width: number) => Math.round(width * PHOTO_ASPECT);

export function photoUrl(photoId: string, width: number): string {
  return `/facility-photos/${photoId}/${width}.webp`;
}

/** The `srcset` of every size. */
export function photoSrcSet(photoId: string): string {
  return PHOTO_WIDTHS.map((w) => `${photoUrl(photoId, w)} ${w}w`).join(", ");
}
