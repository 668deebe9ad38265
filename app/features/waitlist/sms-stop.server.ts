import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { hubs, hubWaitlist } from "~/db/schema";
import { env } from "~/env.server";
import { verifySmsStopToken } from "./removal-token.server";

/*
 * The "Stop" link in every waitlist SMS: /hub-sms/stop/{token}, a signed token naming one
 * entry. Opening it only asks (link scanners follow links); the button stops that entry's SMS.
 */

export type SmsStopCheck = { status: "valid"; hubTitle: string | null; stopped: boolean } | { status: "invalid" };

/** What the stop page shows for a token. Never throws on a bad token: it is "invalid". */
export async function checkSmsStop(db: Db, token: unknown): Promise<SmsStopCheck> {
  const entryId = verifySmsStopToken(token, env().AUTH_SECRET);
  if (!entryId) return { status: "invalid" };
  const [row] = await db
    .select({ hubTitle: hubs.title, stoppedAt: hubWaitlist.smsStoppedAt })
    .from(hubWaitlist)
    .leftJoin(hubs, eq(hubs.slug, hubWaitlist.hubId))
    .where(eq(hubWaitlist.id, entryId));
  return row ? { status: "valid", hubTitle: row.hubTitle, stopped: row.stoppedAt !== null } : { status: "invalid" };
}

/**
 * Stops the SMS of the entry a genuine token names. Idempotent: the first stop's date is kept, a
 * second stop changes nothing. "invalid" for a bad token or an entry that no longer exists.
 */
export async function stopWaitlistSms(
  db: Db,
  token: unknown,
  now: Date = new Date(),
): Promise<{ status: "stopped" } | { status: "invalid" }> {
  const entryId = verifySmsStopToken(token, env().AUTH_SECRET);
  if (!entryId) return { status: "invalid" };
  const [row] = await db.select({ id: hubWaitlist.id }).from(hubWaitlist).where(eq(hubWaitlist.id, entryId));
  if (!row) return { status: "invalid" };
  await db
    .update(hubWaitlist)
    .set({ smsStoppedAt: now })
    .where(and(eq(hubWaitlist.id, entryId), isNull(hubWaitlist.smsStoppedAt)));
  return { status: "stopped" };
}
