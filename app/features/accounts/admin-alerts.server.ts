import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server.ts";
import { notificationPreferences, users } from "../../db/schema.ts";
import { simpleMail } from "../../email/layout.ts";
import { env } from "../../env.server.ts";
import { queueEmail, queueText } from "../../jobs/queue-message.server.ts";
import { deliveryPlan, preferencesFrom } from "../notifications/public.server.ts";

/*
 * Telling the system administrators about their own kind (decision 033): every approved system
 * administrator hears when one is invited, added, approved or given back their rights, whether
 * that happened on the web (administrators.server.ts) or from the command line (create-admin,
 * admin.server.ts). Loaded by plain Node from scripts/create-admin.ts: relative imports with .ts
 * extensions, here and in everything this file imports.
 */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Reader = Pick<Db, "select">;

/** Effective role in SQL (user_roles wins, spec section 3). */
export const effectiveRole = sql`coalesce((select ur.role from user_roles ur where ur.user_id = ${users.id}), ${users.role})`;

/** The approved system administrators' ids, optionally leaving some out. */
export async function approvedAdminIds(db: Reader, except: string[] = []): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.approvalStatus, "approved"), sql`${effectiveRole} = 'system_admin'`));
  return rows.map((r) => r.id).filter((id) => !except.includes(id));
}

export type AdminNotice = {
  /** The messages table's event. */
  event: "account.admin-alert";
  subject: string;
  lines: string[];
  /** The SMS: fixed words and a link, no names. */
  sms: string;
  now?: Date;
};

/**
 * Tells every approved system administrator (but `except`): always by email (a security notice the
 * preferences cannot turn off), and by SMS where they chose it for "account.admin" and confirmed a
 * number. Sent at once, whatever their quiet hours. Queued in the caller's transaction.
 */
export async function tellAdministrators(tx: Tx, notice: AdminNotice, except: string[] = []): Promise<void> {
  const link = `${env().APP_URL}/dashboard/system-admin/administrators`;
  await tellEachSystemAdministrator(tx, await approvedAdminIds(tx, except), {
    preference: "account.admin",
    mail: simpleMail(notice.subject, ["Hello,", ...notice.lines], { label: "Review administrators", href: link }),
    text: `${notice.sms} ${link}`,
    textChannels: ["sms"],
    meta: { event: notice.event },
    now: notice.now ?? new Date(),
  });
}

type Writer = Pick<Db, "select" | "insert" | "execute">;

/**
 * The one way system administrators are told of something about the running network (their own
 * kind: tellAdministrators; operations alerts: operations/alert-notices): each by email always,
 * and by text on the channels they chose for `preference` where they confirmed a number, at once
 * whatever their quiet hours. Queued in the caller's transaction.
 */
export async function tellEachSystemAdministrator(
  tx: Writer,
  ids: string[],
  notice: {
    preference: "account.admin" | "operations.alert";
    mail: { subject: string; text: string; html?: string };
    text: string;
    /** The text channels this notice may use (WhatsApp needs its approved template configured). */
    textChannels: ("sms" | "whatsapp")[];
    meta: { event: string; priority?: number };
    now: Date;
  },
): Promise<void> {
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
    const plan = deliveryPlan(preferences, notice.preference, {
      emergency: true,
      hasConfirmedPhone: person.confirmedPhone !== null,
      now: notice.now,
    });
    const meta = { ...notice.meta, userId: person.id };
    await queueEmail(tx, { to: person.email, ...notice.mail }, meta);
    for (const channel of plan.channels) {
      if (channel === "email" || !person.confirmedPhone || !notice.textChannels.includes(channel)) continue;
      await queueText(tx, channel, person.confirmedPhone, { text: notice.text }, meta);
    }
  }
}
