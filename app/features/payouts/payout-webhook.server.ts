import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { payoutTransfers, payoutWebhookEvents } from "~/db/schema";
import { logger } from "~/lib/logger.server";
import { applyTransferOutcome, markPending, recordFee } from "./payout-transfers.server.ts";
import type { PayoutProvider, WebhookEvent } from "./provider.ts";

/* ------------------------------------------------------------------------------------------------
 * The webhook
 * ---------------------------------------------------------------------------------------------- */

export type WebhookAnswer = { status: number; body: string };

/**
 * A provider's webhook: refused with 401 (and nothing written) unless its signature is right; a
 * body seen before is answered 200 and changes nothing; a transfer's outcome is applied once, and
 * only forward (a "success" after a "reversed" changes nothing).
 */
export async function receivePayoutWebhook(
  db: Db,
  provider: PayoutProvider | null,
  rawBody: string,
  headers: Headers,
  now = new Date(),
): Promise<WebhookAnswer> {
  if (!provider) return { status: 404, body: "Not found" };
  const event: WebhookEvent | null = provider.verifyWebhook(rawBody, headers);
  if (!event) return { status: 401, body: "Bad signature" };
  const digest = createHash("sha256").update(rawBody, "utf8").digest("hex");
  const outcome = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [fresh] = await tx
      .insert(payoutWebhookEvents)
      .values({
        provider: provider.name,
        bodySha256: digest,
        event: event.event,
        reference: event.reference,
        outcome: "received",
        receivedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: payoutWebhookEvents.id });
    if (!fresh) return "replayed";
    const note = async (text: string) => {
      await tx.update(payoutWebhookEvents).set({ outcome: text }).where(eq(payoutWebhookEvents.id, fresh.id));
      return text;
    };
    if (event.kind === "other" || !event.reference) return note("ignored");
    const [transfer] = await tx
      .select()
      .from(payoutTransfers)
      .where(eq(payoutTransfers.reference, event.reference))
      .for("update");
    if (!transfer) return note("unknown reference");
    if (event.amountPesewas !== null && event.amountPesewas !== transfer.amountPesewas) {
      logger.error(
        { reference: event.reference, ours: transfer.amountPesewas, theirs: event.amountPesewas },
        "payout webhook amount differs",
      );
      return note("amount differs");
    }
    if (transfer.status === "queued") await markPending(t, transfer, event.providerCode, now);
    const applied = await applyTransferOutcome(
      t,
      transfer.id,
      event.kind,
      { feePesewas: event.feePesewas, providerCode: event.providerCode, reason: event.reason, source: "webhook" },
      now,
    );
    // The fee, if verification did not bring it first (posted once, whoever reports it).
    const fee = await recordFee(t, transfer, event.feePesewas, now);
    return note(applied ? `applied ${event.kind}` : fee ? "fee recorded" : "no change");
  });
  return { status: 200, body: outcome };
}
