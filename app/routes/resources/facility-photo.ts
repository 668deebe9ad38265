import { dbOf } from "~/db/context.server";
import { readPhotoFile } from "~/features/facilities/facility-photos.server";
import type { Route } from "./+types/facility-photo";

/**
 * One size of a facility photo (`/facility-photos/{id}/{width}.webp`). A new upload is a new id,
 * so what this address holds never changes: browsers and proxies keep it for a year.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const width = /^(\d{3,4})\.webp$/.exec(params.file ?? "")?.[1];
  const bytes = width ? await readPhotoFile(dbOf(context), params.photoId, Number(width)) : null;
  if (!bytes) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
