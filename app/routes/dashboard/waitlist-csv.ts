import { getActor } from "~/auth/actor.server";
import { db } from "~/db/database.server";
import { waitlistCsv } from "~/features/waitlist/waitlist-admin.server";
import type { Route } from "./+types/waitlist-csv";

/** The hub waitlist as a CSV download (approved system administrators; 401/403 otherwise). */
export async function loader({ request }: Route.LoaderArgs) {
  const database = await db();
  const stream = waitlistCsv(database, await getActor(database, request));
  const day = new Date().toISOString().slice(0, 10);
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="hub-waitlist-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
