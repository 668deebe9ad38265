/*
 * Photos shrunk in the browser before they are sent (decision 037): a phone's camera photo
 * (4 MB, 4000x3000) becomes about 300 KB at 1,600 px on its long edge and JPEG quality 80%, which
 * is still sharp enough to read a letter or a result. Loaded only when a photo is chosen (the
 * form imports this module then), with the browser's own decoder and canvas: no library.
 */

/** The long edge of a shrunk photo, in pixels. */
export const PHOTO_MAX_EDGE = 1600;
export const PHOTO_QUALITY = 0.8;
/** Smaller photos are sent as they are. */
const SHRINK_ABOVE_BYTES = 400 * 1024;
const SHRINKABLE = /^image\/(jpeg|png|webp)$/;

export function worthShrinking(file: File): boolean {
  return SHRINKABLE.test(file.type) && file.size > SHRINK_ABOVE_BYTES;
}

/** The size of `width` x `height` scaled to fit PHOTO_MAX_EDGE (never enlarged). */
export function shrunkSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, PHOTO_MAX_EDGE / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The photo as a JPEG of at most PHOTO_MAX_EDGE px, upright (the camera's orientation applied), on
 * white (a PNG's transparency); the original when it cannot be decoded here or would not shrink.
 */
export async function shrinkPhoto(file: File): Promise<File> {
  if (!worthShrinking(file) || typeof createImageBitmap !== "function") return file;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
    const { width, height } = shrunkSize(bitmap.width, bitmap.height);
    const blob = await draw(bitmap, width, height);
    bitmap.close();
    if (!blob || blob.size >= file.size) return file;
    const name = file.name.replace(/\.[^./\\]*$/, "") || "photo";
    return new File([blob], `${name}.jpg`, { type: "image/jpeg", lastModified: file.lastModified });
  } catch {
    return file;
  }
}

async function draw(bitmap: ImageBitmap, width: number, height: number): Promise<Blob | null> {
  if (typeof OffscreenCanvas === "function") {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext("2d");
    if (!context) return null;
    context.fillStyle = "#fff";
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type: "image/jpeg", quality: PHOTO_QUALITY });
  }
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) return null;
  context.fillStyle = "#fff";
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", PHOTO_QUALITY));
}

/** The form with each photo of `field` worth shrinking shrunk, everything else as it was, in order. */
export async function shrinkPhotos(form: FormData, field: string): Promise<FormData> {
  const out = new FormData();
  for (const [name, value] of form.entries()) {
    if (name === field && value instanceof File && worthShrinking(value)) {
      const shrunk = await shrinkPhoto(value);
      out.append(name, shrunk, shrunk.name);
    } else if (value instanceof File) {
      out.append(name, value, value.name);
    } else {
      out.append(name, value);
    }
  }
  return out;
}
