import type { Db } from "../db/client.server.ts";
import { hitRateLimit, limitFactor } from "../lib/rate-limit.server.ts";

/** At most one mail of a kind an hour to a recipient (decision 018): however many requests ask for it. */
export const MAIL_PER_RECIPIENT = { limit: 1, windowMs: 60 * 60_000 };

/**
 * Whether a mail of this kind may go to this recipient now (counted per kind and per recipient,
 * whoever asks): an address, or a group such as a facility's administrators. A mail refused is
 * simply not sent; the request answers the same.
 */
export async function mayMailRecipient(db: Db, kind: string, recipient: string, now = new Date()): Promise<boolean> {
  const key = `mail:${kind}:${recipient.trim().toLowerCase()}`;
  const rule = { limit: MAIL_PER_RECIPIENT.limit * limitFactor(), windowMs: MAIL_PER_RECIPIENT.windowMs };
  return (await hitRateLimit(db, key, rule, now)).ok;
}
