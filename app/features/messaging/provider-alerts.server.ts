import { and, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { type MessageChannel, providerAlerts, users } from "~/db/schema";
import { simpleMail } from "~/email/layout";
import { env } from "~/env.server";
import { PRIORITY, queueEmail } from "~/jobs/queue-message.server";
import { logger } from "~/lib/logger.server";
import { systemAdminIds } from "./notify.server";
import type { FailureCode } from "./providers/types";

/*
 * A provider refusing our configuration (decision 035): an unapproved sender ID or WhatsApp template,
 * wrong keys, no credit. Every message fails alike until the operator acts, so the messages are
 * kept and retried (their failure is retryable), the system administrators are told once when it
 * starts, and the Messages screen shows it (listProviderAlerts) until the provider accepts a
 * message again.
 */

const ADVICE: Partial<Record<FailureCode, string>> = {
  configuration:
    "The provider refuses our configuration, not the messages: an SMS sender ID (SMS_SENDER_ID) must be registered and approved with the provider; a WhatsApp template (WHATSAPP_TEMPLATE_NOTICE in WHATSAPP_TEMPLATE_LANGUAGE) must be approved with one body parameter.",
  auth: "The provider refuses our keys: check the provider's credentials in the configuration.",
  no_credit: "The provider's account has no credit left: top it up.",
};

const CHANNEL_WORDS: Record<MessageChannel, string> = { email: "Emails", sms: "SMS", whatsapp: "WhatsApp messages" };

/**
 * Notes one refusal. The first of an outage (none recorded, or the last one cleared) queues a mail
 * to every system administrator, in the same transaction; later ones are counted.
 */
export async function noteProviderRefusal(
  db: Db,
  refusal: { channel: MessageChannel; provider: string; code: FailureCode; detail: string },
): Promise<void> {
  const detail = refusal.detail.slice(0, 300);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(providerAlerts)
      .values({
        key: `${refusal.provider}:${refusal.code}`,
        channel: refusal.channel,
        provider: refusal.provider,
        code: refusal.code,
        detail,
      })
      .onConflictDoUpdate({
        target: providerAlerts.key,
        set: {
          detail,
          lastAt: sql`now()`,
          failures: sql`case when ${providerAlerts.clearedAt} is null then ${providerAlerts.failures} + 1 else 1 end`,
          firstAt: sql`case when ${providerAlerts.clearedAt} is null then ${providerAlerts.firstAt} else now() end`,
          clearedAt: null,
        },
      })
      .returning({ fresh: sql<boolean>`${providerAlerts.firstAt} = ${providerAlerts.lastAt}` });
    if (!row?.fresh) return;
    const ids = await systemAdminIds(tx);
    const admins = ids.length ? await tx.select({ email: users.email }).from(users).where(inArray(users.id, ids)) : [];
    const what = CHANNEL_WORDS[refusal.channel];
    const mail = simpleMail(
      `${what} are not going out: ${refusal.provider} refuses them`,
      [
        "Hello,",
        `${refusal.provider} refused a message with: ${detail}`,
        ADVICE[refusal.code] ?? "",
        `${what} (sign-in codes included) are kept and tried again, less and less often, for some hours; once this is fixed they go out. You are told once; the Messages screen shows it until then.`,
      ].filter(Boolean),
      { label: "Open the Messages screen", href: `${env().APP_URL}/dashboard/system-admin/messages` },
    );
    await queueEmail(
      tx,
      { to: admins.map((a) => a.email), ...mail },
      { event: "messaging.provider_refused", priority: PRIORITY.waiting },
    );
    logger.error({ provider: refusal.provider, code: refusal.code, detail }, "a provider refuses our configuration");
  });
}

/** A provider accepted a message: whatever it refused before is fixed. */
export async function clearProviderAlerts(db: Db, providers: string[]): Promise<void> {
  if (providers.length === 0) return;
  await db
    .update(providerAlerts)
    .set({ clearedAt: sql`now()` })
    .where(and(inArray(providerAlerts.provider, [...new Set(providers)]), isNull(providerAlerts.clearedAt)));
}
