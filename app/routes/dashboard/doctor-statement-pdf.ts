import { actorLocale, allowedActor } from "~/auth/context.server";
import { dbOf } from "~/db/context.server";
import { statementPdfFile } from "~/features/payouts/statement.server";
import type { Route } from "./+types/doctor-statement-pdf";

/** A doctor's monthly statement as PDF, ?month=YYYY-MM, in the doctor's language (below the doctor's gate: the doctor's own only; 401/403 otherwise, as the CSV). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const database = dbOf(context);
  const month = new URL(request.url).searchParams.get("month") ?? "";
  const file = await statementPdfFile(database, await allowedActor(context), month, await actorLocale(context));
  return new Response(file.body, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
