import { getActor } from "~/auth/actor.server";
import { db } from "~/db/database.server";
import { attachmentForViewer } from "~/features/referrals/workspace.server";
import { refusalOf } from "~/lib/refusal";
import type { Route } from "./+types/attachment";

/** Never kept by a shared cache (nor by the browser's): a clinical file for one signed-in viewer. */
const PRIVATE = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };

/** `filename="..."` for old clients (ASCII, no quotes) and `filename*` (RFC 8187) for the real name. */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * A referral's attached file (issue 19), authorised exactly like the referral's page: 401 for an
 * anonymous visitor, 404 for anyone else who may not see it and for a file that does not exist.
 * Always a download (`Content-Disposition: attachment`), with the type its bytes were found to be
 * and `nosniff`, so a browser never renders it in the site's origin.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const database = await db();
  try {
    const file = await attachmentForViewer(
      database,
      await getActor(database, request),
      params.referralNumber,
      params.attachmentId,
    );
    return new Response(file.content as Uint8Array<ArrayBuffer>, {
      status: 200,
      headers: {
        ...PRIVATE,
        "Content-Type": file.contentType,
        "Content-Length": String(file.content.byteLength),
        "Content-Disposition": contentDisposition(file.fileName),
      },
    });
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return new Response(refusal.status === 404 ? "Not Found" : refusal.message, {
      status: refusal.status,
      headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}
