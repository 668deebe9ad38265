import { lt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { apiClientAssertions, apiClientCalls, apiClients } from "~/db/schema";
import { env } from "~/env.server";
import type { JobHandler } from "~/jobs/queue.server";
import { logger } from "~/lib/logger.server";

/*
 * The record of the FHIR API's calls (api_client_calls, one row per call) kept for
 * FHIR_CALL_RETENTION_DAYS, then removed by the nightly `api-call-prune` job (decision 047). Each
 * client's latest call is kept whatever its age: it is the screen's "Last call". What a client
 * changed stays in audit_events, which is never pruned.
 */

const DAY_MS = 24 * 60 * 60_000;

/**
 * Removes calls older than `days` before `now`, but each client's latest, a client at a time and
 * `batch` rows per statement (short transactions on a busy table; each reads the client's index).
 * Also sweeps client assertions long expired. Returns how many calls were removed.
 */
export async function pruneApiClientCalls(db: Db, now: Date, days: number, batch = 5_000): Promise<number> {
  const cutoff = new Date(now.getTime() - days * DAY_MS).toISOString();
  const clients = await db.select({ id: apiClients.id }).from(apiClients);
  let removed = 0;
  for (const { id } of clients) {
    for (;;) {
      const gone = await db
        .delete(apiClientCalls)
        .where(
          sql`${apiClientCalls.id} in (
            select c.id from ${apiClientCalls} c
            where c.client_id = ${id}
              and c.created_at < ${cutoff}::timestamptz
              and c.created_at < (select max(l.created_at) from ${apiClientCalls} l where l.client_id = ${id})
            limit ${batch})`,
        )
        .returning({ id: apiClientCalls.id });
      removed += gone.length;
      if (gone.length < batch) break;
    }
  }
  await db.delete(apiClientAssertions).where(lt(apiClientAssertions.expiresAt, new Date(now.getTime() - DAY_MS)));
  return removed;
}

export function apiCallPruneJob(db: Db): JobHandler<"api-call-prune"> {
  return async () => {
    const removed = await pruneApiClientCalls(db, new Date(), env().FHIR_CALL_RETENTION_DAYS);
    if (removed > 0) logger.info({ removed }, "FHIR API calls past their keeping removed");
  };
}
