import { getActor } from "~/auth/actor.server";
import { db } from "~/db/database.server";
import { waitlistCsv } from "~/features/waitlist/waitlist-admin.server";
import { csvHeaders } from "~/lib/csv.server";
import type { Route } from "./+types/waitlist-csv";

/** The hub waitlist as a CSV download (approved system administrators; 401/403 otherwise). */
export async function loader({ request }: Route.LoaderArgs) {
  const database = await db();
  const stream = await waitlistCsv(database, await getActor(database, request));
  return new Response(stream, { headers: csvHeaders(`hub-waitlist-${new Date().toISOString().slice(0, 10)}.csv`) });
}
