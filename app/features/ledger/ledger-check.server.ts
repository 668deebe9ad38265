import type { Db } from "~/db/client.server";
import { env } from "~/env.server";
import { queueEmail } from "~/features/messaging/public.server";
import type { JobHandler } from "~/jobs/queue.server";
import { logger } from "~/lib/logger.server";
import { checkLedger, type LedgerCheck, systemAdminAddresses } from "./ledger.server.ts";

/**
 * The nightly ledger check (decision 026): the whole ledger must sum to zero and every entry balance.
 * The database refuses anything else at commit, so this only fires if that guard was bypassed
 * (a trigger disabled, a restore gone wrong): then every approved system administrator is emailed.
 */
export async function runLedgerCheck(db: Db): Promise<LedgerCheck> {
  const result = await checkLedger(db);
  if (result.ok) {
    logger.info({ total: result.total }, "ledger check: balanced");
    return result;
  }
  logger.error({ total: result.total, entries: result.unbalancedEntries }, "ledger check: THE LEDGER DOES NOT BALANCE");
  await db.transaction(async (tx) => {
    const admins = await systemAdminAddresses(tx);
    const list = result.unbalancedEntries.map((key) => `- ${key}`).join("\n");
    await queueEmail(
      tx,
      {
        to: admins,
        subject: "Qurhealth ledger check failed: the ledger does not balance",
        text: [
          "Tonight's ledger check found that the ledger does not sum to zero.",
          "",
          `Sum of every posting: ${result.total} pesewas (it must be 0).`,
          result.unbalancedEntries.length > 0 ? `Entries that do not balance (first 20):\n${list}` : "",
          "",
          "Do not prepare or approve payout runs until this is explained.",
          `Trial balance: ${env().APP_URL}/dashboard/system-admin/payouts/ledger`,
        ].join("\n"),
      },
      { event: "ledger.check_failed", priority: 10 },
    );
  });
  return result;
}

export function ledgerCheckJob(db: Db): JobHandler<"ledger-check"> {
  return async () => {
    await runLedgerCheck(db);
  };
}
