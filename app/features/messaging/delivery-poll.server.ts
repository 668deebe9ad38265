import { and, asc, eq, gt, isNotNull, lt } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { messages } from "~/db/schema";
import type { JobHandler } from "~/jobs/queue.server";
import { logger } from "~/lib/logger.server";
import type { Transports } from "./messages.server";
import { recordDeliveryReport } from "./providers/delivery-reports.server";
import type { MessagingProvider } from "./providers/types";

/*
 * Delivery states by polling (decision 025), for the SMS providers whose reports do not come by
 * webhook (Hubtel documents none) or come late: every few minutes the queue's `message-poll` job
 * asks the provider about SMS it accepted more than two minutes ago and that are still only
 * "sent", for two days at most, and records what it says like a webhook's report (a replay or a
 * report that would move a message backwards changes nothing).
 */

/** How long after sending a message is first asked about, and how long it is asked about at all. */
export const POLL_AFTER_MS = 2 * 60_000;
export const POLL_FOR_MS = 48 * 60 * 60_000;
/** Messages asked about per run (oldest first); the next run takes the rest. */
export const POLL_BATCH = 200;

export type PollOutcome = { asked: number; changed: number };

export async function pollDeliveries(db: Db, provider: MessagingProvider, now = new Date()): Promise<PollOutcome> {
  if (!provider.pollStatus) return { asked: 0, changed: 0 };
  const rows = await db
    .select({ providerId: messages.providerId })
    .from(messages)
    .where(
      and(
        eq(messages.channel, provider.channel),
        eq(messages.provider, provider.name),
        eq(messages.status, "sent"),
        isNotNull(messages.providerId),
        lt(messages.sentAt, new Date(now.getTime() - POLL_AFTER_MS)),
        gt(messages.sentAt, new Date(now.getTime() - POLL_FOR_MS)),
      ),
    )
    .orderBy(asc(messages.sentAt))
    .limit(POLL_BATCH);
  let changed = 0;
  for (const { providerId } of rows) {
    if (!providerId) continue;
    const report = await provider.pollStatus(providerId).catch((error: unknown) => {
      logger.warn({ err: error, provider: provider.name }, "delivery status poll failed");
      return null;
    });
    // Still on its way: asked again at the next run.
    if (!report || report.status === "sent") continue;
    if (await recordDeliveryReport(db, { ...report, provider: provider.name }, now)) changed += 1;
  }
  return { asked: rows.length, changed };
}

/** The `message-poll` job (cron, every 5 minutes): the configured SMS provider's pending reports. */
export function messagePollJob(db: Db, transports: Transports): JobHandler<"message-poll"> {
  return async () => {
    const outcome = await pollDeliveries(db, transports.sms());
    if (outcome.asked > 0) logger.info(outcome, "delivery states polled");
  };
}
