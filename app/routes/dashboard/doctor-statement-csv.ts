import { actorLocale, allowedActor } from "~/auth/context.server";
import { dbOf } from "~/db/context.server";
import { statementCsv } from "~/features/payouts/statement.server";
import { csvHeaders } from "~/lib/csv.server";
import type { Route } from "./+types/doctor-statement-csv";

/** A doctor's monthly statement as CSV, ?month=YYYY-MM, in the doctor's language (below the doctor's gate: the doctor's own only; 401/403 otherwise). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const database = dbOf(context);
  const month = new URL(request.url).searchParams.get("month") ?? "";
  const file = await statementCsv(database, await allowedActor(context), month, await actorLocale(context));
  return new Response(file.body, { headers: csvHeaders(file.filename) });
}
