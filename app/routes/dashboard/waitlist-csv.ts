import { actorOf } from "~/auth/context.server";
import { dbOf } from "~/db/context.server";
import { waitlistCsv } from "~/features/waitlist/waitlist-admin.server";
import { csvHeaders } from "~/lib/csv.server";
import type { Route } from "./+types/waitlist-csv";

/** The hub waitlist as a CSV download (approved system administrators; 401/403 otherwise). */
export async function loader({ context }: Route.LoaderArgs) {
  const database = dbOf(context);
  const stream = await waitlistCsv(database, await actorOf(context));
  return new Response(stream, { headers: csvHeaders(`hub-waitlist-${new Date().toISOString().slice(0, 10)}.csv`) });
}
