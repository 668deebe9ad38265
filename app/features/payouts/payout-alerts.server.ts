import { and, eq, sql } from "drizzle-orm";
import { SITE } from "~/content/site";
import type { Db } from "~/db/client.server";
import { messages } from "~/db/schema";
import { env } from "~/env.server";
import { systemAdminAddresses } from "~/features/ledger/public.server";
import { queueEmail } from "~/features/messaging/public.server";
import type { PayoutProvider } from "./provider.ts";

/* The system administrators told of what a payout needs from them (a durable email each). */

/**
 * Tells every approved system administrator (a durable email, in the caller's transaction). With
 * `onceWithinMinutes`, an alert of the same event already queued that recently is not repeated (a
 * wrong key fails every transfer of a run: one email, not one per transfer and retry).
 */
export async function alertAdmins(
  tx: Db,
  alert: { event: string; subject: string; lines: string[]; onceWithinMinutes?: number },
): Promise<void> {
  if (alert.onceWithinMinutes) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payout-alert:${alert.event}`}))`);
    const since = new Date(Date.now() - alert.onceWithinMinutes * 60_000);
    const [recent] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.event, alert.event), sql`${messages.createdAt} >= ${since.toISOString()}::timestamptz`))
      .limit(1);
    if (recent) return;
  }
  const to = await systemAdminAddresses(tx);
  await queueEmail(
    tx,
    {
      to,
      subject: alert.subject,
      text: [...alert.lines, "", `${env().APP_URL}/dashboard/system-admin/payouts`].join("\n"),
    },
    { event: alert.event, priority: 10 },
  );
}

/** A wrong or revoked key: the transfers stay queued (a configuration fix sends them), the administrators are told. */
export async function alertAuth(db: Db, provider: PayoutProvider, error: string): Promise<void> {
  await db.transaction((tx) =>
    alertAdmins(tx as unknown as Db, {
      event: "payout.provider_auth",
      subject: `${SITE.name}: ${provider.name} refuses the payout key`,
      lines: [
        `${provider.name} refused our secret key (${error}). No payout is failed for this: the transfers stay queued and are sent again by their jobs, or with "Send again" on their run once the key is fixed.`,
        "Check PAYSTACK_SECRET_KEY (a live key in production, a test key on test servers) and restart the application.",
      ],
      onceWithinMinutes: 60,
    }),
  );
}
