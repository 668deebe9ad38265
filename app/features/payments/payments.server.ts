import { and, desc, eq } from "drizzle-orm";
import { data } from "react-router";
import { type Actor, assertGate } from "~/auth/actor.server";
import type { Db } from "~/db/client.server";
import { paymentRecords, referrals, users } from "~/db/schema";
import { joinedMessages, validateForm } from "~/features/accounts/form-errors";
import { recordAudit } from "~/features/audit/audit.server";
import { type RecordPaymentField, recordPaymentSchema } from "~/features/referrals/referral-schema";
import { type ProbedPage, probedPage } from "~/lib/paging";

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

export type RecordPaymentResult =
  | { ok: true }
  | { ok: false; fieldErrors: Partial<Record<RecordPaymentField, string>>; message: string };

/**
 * The spec's record-payment operation ({paymentId, payment_method, payment_reference}): marks a
 * pending payment record as paid, with who recorded it and when. Approved system administrators
 * only. One conditional UPDATE: a paid record cannot be paid again, not even by simultaneous
 * requests (the losers get a 409). Writes an audit row.
 */
export async function recordPayment(db: Db, actor: Actor, values: unknown): Promise<RecordPaymentResult> {
  const admin = assertGate(actor, "system-admin");
  const parsed = validateForm<typeof recordPaymentSchema, RecordPaymentField>(
    recordPaymentSchema,
    values as Partial<Record<RecordPaymentField, string>>,
  );
  if (!parsed.ok) return { ok: false, fieldErrors: parsed.fieldErrors, message: joinedMessages(parsed.fieldErrors) };
  const { paymentId, payment_method, payment_reference } = parsed.data;
  if (!UUID.test(paymentId)) throw data("Payment not found", { status: 404 });
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
      .where(and(eq(paymentRecords.id, paymentId), eq(paymentRecords.status, "pending")))
      .returning({ id: paymentRecords.id });
    if (!row) return false;
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
    .select({ status: paymentRecords.status })
    .from(paymentRecords)
    .where(eq(paymentRecords.id, paymentId))
    .limit(1);
  if (!existing) throw data("Payment not found", { status: 404 });
  throw data("This payment has already been marked as paid.", { status: 409 });
}
