import { getActor } from "~/auth/actor.server";
import { db } from "~/db/database.server";
import { statementCsv } from "~/features/payouts/statement.server";
import { csvHeaders } from "~/lib/csv.server";
import type { Route } from "./+types/doctor-statement-csv";

/** A doctor's monthly statement as CSV, ?month=YYYY-MM (the doctor's own only; 401/403 otherwise). */
export async function loader({ request }: Route.LoaderArgs) {
  const database = await db();
  const month = new URL(request.url).searchParams.get("month") ?? "";
  const file = await statementCsv(database, await getActor(database, request), month);
  return new Response(file.body, { headers: csvHeaders(file.filename) });
}
