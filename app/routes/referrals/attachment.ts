import { actorTranslator, allowedActor } from "~/auth/context.server";
import { dbOf } from "~/db/context.server";
import { contentDisposition } from "~/features/referrals/attachment-rules";
import { attachmentForViewer } from "~/features/referrals/workspace-files.server";
import { refusalOf } from "~/lib/refusal";
import type { Route } from "./+types/attachment";

/** Never kept by a shared cache (nor by the browser's): a clinical file for one signed-in viewer. */
const PRIVATE = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };

/**
 * A referral's attached file, authorised exactly like the referral's page: 401 for an
 * anonymous visitor, 404 for anyone else who may not see it and for a file that does not exist.
 * Always a download (`Content-Disposition: attachment`, named with its type's extension), with
 * the type its bytes were found to be and `nosniff`, so a browser never renders it in the site's
 * origin. The bytes stream from the file store as they are read (decision 023): never whole in memory.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const database = dbOf(context);
  try {
    const file = await attachmentForViewer(
      database,
      // The account gate (app/routes.ts): signed out, 401 (sent to sign in when the session has just ended).
      await allowedActor(context),
      params.referralNumber,
      params.attachmentId,
    );
    return new Response(file.body, {
      status: 200,
      headers: {
        ...PRIVATE,
        "Content-Type": file.contentType,
        "Content-Length": String(file.sizeBytes),
        "Content-Disposition": contentDisposition(file.fileName, file.contentType),
      },
    });
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    const t = await actorTranslator(context);
    return new Response(t(refusal.status === 404 ? "Not Found" : refusal.message), {
      status: refusal.status,
      headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}
