import { eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { notificationPreferences, users } from "~/db/schema";
import { queueEmail, queueText, systemAdminIds } from "~/features/messaging/public.server";
import { deliveryPlan, preferencesFrom } from "~/features/notifications/public.server";

type Writer = Pick<Db, "select" | "insert" | "execute">;

export type AlertNotice = {
  /** The messages table's event: operations.alert_started or operations.alert_cleared. */
  event: "operations.alert_started" | "operations.alert_cleared";
  subject: string;
  text: string;
  /** The SMS or WhatsApp text: the alert's title and a link, no figures. */
  short: string;
  now: Date;
};

/**
 * Tells every approved system administrator of an alert starting or clearing (issue 39): always by
 * email, and by SMS or WhatsApp where they chose it for "operations.alert" on their notifications
 * page and confirmed a number. Sent at once, whatever their quiet hours (an operator who asks for
 * alerts by text wants them when they happen). Queued in the caller's transaction.
 */
export async function tellOperators(tx: Writer, notice: AlertNotice): Promise<void> {
  const ids = await systemAdminIds(tx);
  if (ids.length === 0) return;
  const people = await tx
    .select({
      id: users.id,
      email: users.email,
      confirmedPhone: users.confirmedPhone,
      channels: notificationPreferences.channels,
      quietStart: notificationPreferences.quietStart,
      quietEnd: notificationPreferences.quietEnd,
    })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(inArray(users.id, ids));
  for (const person of people) {
    const preferences = preferencesFrom(
      person.channels ? { channels: person.channels, quietStart: person.quietStart, quietEnd: person.quietEnd } : null,
    );
    const plan = deliveryPlan(preferences, "operations.alert", {
      emergency: true,
      hasConfirmedPhone: person.confirmedPhone !== null,
      now: notice.now,
    });
    const meta = { event: notice.event, userId: person.id, priority: 10 };
    await queueEmail(tx, { to: person.email, subject: notice.subject, text: notice.text }, meta);
    for (const channel of plan.channels) {
      if (channel === "email" || !person.confirmedPhone) continue;
      await queueText(tx, channel, person.confirmedPhone, { text: notice.short }, meta);
    }
  }
}
