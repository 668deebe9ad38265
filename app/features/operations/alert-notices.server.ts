import type { Db } from "~/db/client.server";
import { tellEachSystemAdministrator } from "~/features/accounts/public.server";
import { systemAdminIds } from "~/features/messaging/public.server";

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
 * Tells every approved system administrator of an alert starting or clearing: always by
 * email, and by SMS or WhatsApp where they chose it for "operations.alert" on their notifications
 * page and confirmed a number. Sent at once, whatever their quiet hours (an operator who asks for
 * alerts by text wants them when they happen). Queued in the caller's transaction.
 */
export async function tellOperators(tx: Writer, notice: AlertNotice): Promise<void> {
  await tellEachSystemAdministrator(tx, await systemAdminIds(tx), {
    preference: "operations.alert",
    mail: { subject: notice.subject, text: notice.text },
    text: notice.short,
    textChannels: ["sms", "whatsapp"],
    meta: { event: notice.event, priority: 10 },
    now: notice.now,
  });
}
