import { and, desc, eq, isNull } from "drizzle-orm";
import { type Actor, assertGate } from "~/auth/actor.server";
import type { Db } from "~/db/client.server";
import { paymentRecords, referrals, users } from "~/db/schema";
import { recordAudit } from "~/features/audit/public.server";
import { paidOutsideEntry, postEntry } from "~/features/ledger/public.server";
import { type ProbedPage, probedPage } from "~/lib/paging";
import { parseOrRefuse, refuse } from "~/lib/refusal";
import { recordPaymentSchema } from "./payment-schema";

export const PAYMENTS_PAGE_SIZE = 20;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type PaymentRow = {
  id: string;
  status: "pending" | "paid";
  amountDue: number;
  createdAt: string;
  referralNumber: string;
  doctorName: string;
  paymentMethod: string | null;
  paymentReference: string | null;
  paidAt: string | null;
};

/** Payment records, newest first, with the referral number and the doctor (system administrators). */
export async function listPayments(db: Db, actor: Actor, page = 1): Promise<ProbedPage<PaymentRow>> {
  assertGate(actor, "system-admin");
  const rows = await db
    .select({
      id: paymentRecords.id,
      status: paymentRecords.status,
      amountDue: paymentRecords.amountDue,
      createdAt: paymentRecords.createdAt,
      referralNumber: referrals.referralNumber,
      doctorName: users.fullName,
      paymentMethod: paymentRecords.paymentMethod,
      paymentReference: paymentRecords.paymentReference,
      paidAt: paymentRecords.paidAt,
    })
    .from(paymentRecords)
    .innerJoin(referrals, eq(referrals.id, paymentRecords.referralId))
    .innerJoin(users, eq(users.id, paymentRecords.doctorId))
    .orderBy(desc(paymentRecords.createdAt), desc(paymentRecords.id))
    // One more than a page: whether a next page exists, without counting every record.
    .limit(PAYMENTS_PAGE_SIZE + 1)
    .offset((page - 1) * PAYMENTS_PAGE_SIZE);
  return probedPage(rows, page, PAYMENTS_PAGE_SIZE, (r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    paidAt: r.paidAt ? r.paidAt.toISOString() : null,
  }));
}

/**
 * The spec's record-payment operation ({paymentId, payment_method, payment_reference}): marks a
 * pending payment record as paid, with who recorded it and when. Approved system administrators
 * only. One conditional UPDATE: a paid record cannot be paid again, not even by simultaneous
 * requests (the losers get a 409). Writes an audit row. Refused values are a 400 with each field's
 * message (the message joins them).
 */
export async function recordPayment(db: Db, actor: Actor, values: unknown): Promise<{ ok: true }> {
  const admin = assertGate(actor, "system-admin");
  const { paymentId, payment_method, payment_reference } = parseOrRefuse(recordPaymentSchema, values, (errors) =>
    [...new Set(Object.values(errors))].join(", "),
  );
  if (!UUID.test(paymentId)) refuse(404, "Payment not found");
  const paid = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(paymentRecords)
      .set({
        status: "paid",
        paymentMethod: payment_method,
        paymentReference: payment_reference,
        paidAt: new Date(),
        paidBy: admin.id,
      })
      // A record whose money is in a payout run is paid by that run's transfer, not by hand.
      .where(
        and(
          eq(paymentRecords.id, paymentId),
          eq(paymentRecords.status, "pending"),
          isNull(paymentRecords.payoutTransferId),
        ),
      )
      .returning({
        id: paymentRecords.id,
        referralId: paymentRecords.referralId,
        doctorId: paymentRecords.doctorId,
        amount: paymentRecords.amountDue,
      });
    if (!row) return false;
    // Paid outside the product: a ledger entry like any other (decision 026).
    if (row.amount > 0) {
      await postEntry(
        tx,
        paidOutsideEntry({
          ...row,
          method: payment_method,
          reference: payment_reference,
          actorId: admin.id,
        }),
      );
    }
    await recordAudit(tx, {
      actorId: admin.id,
      action: "payment.recorded",
      subjectType: "payment",
      subjectId: row.id,
      fromStatus: "pending",
      toStatus: "paid",
      reason: `${payment_method}: ${payment_reference}`,
    });
    return true;
  });
  if (paid) return { ok: true };
  const [existing] = await db
    .select({
      status: paymentRecords.status,
      payoutTransferId: paymentRecords.payoutTransferId,
      paidBy: paymentRecords.paidBy,
      paymentMethod: paymentRecords.paymentMethod,
      paymentReference: paymentRecords.paymentReference,
    })
    .from(paymentRecords)
    .where(eq(paymentRecords.id, paymentId))
    .limit(1);
  if (!existing) refuse(404, "Payment not found");
  if (existing.status === "pending" && existing.payoutTransferId) {
    refuse(409, "This payment is part of a payout run: its transfer pays it.");
  }
  // The same administrator's repeat of the same payment (a double tap, a retry after a timeout:
  // decision 027) answers as their first did; another reference or another administrator is a 409.
  if (
    existing.status === "paid" &&
    existing.paidBy === admin.id &&
    existing.paymentMethod === payment_method &&
    existing.paymentReference === payment_reference
  ) {
    return { ok: true };
  }
  refuse(409, "This payment has already been marked as paid.");
}
