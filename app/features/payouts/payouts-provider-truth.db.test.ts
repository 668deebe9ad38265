import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Actor, actorById } from "~/auth/actor.server";
import type { Db } from "~/db/client.server";
import { ledgerEntries, messages, paymentRecords, payoutDetails, payoutTransfers, users } from "~/db/schema";
import { balanceOf, readTrialBalance } from "~/features/ledger/ledger.server";
import { createAccount } from "../../../tests/helpers/accounts";
import { insertFacility } from "../../../tests/helpers/domain";
import {
  type PaystackFake,
  type PaystackVariants,
  startPaystackFake,
  variantsOf,
} from "../../../tests/helpers/fake-providers/paystack";
import { completeReferralFor, ledgerSum } from "../../../tests/helpers/money";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { reconcileDay } from "./payout-reconcile.server";
import { applyTransferOutcome, sendTransfer, verifyTransfer } from "./payout-transfers.server";
import { receivePayoutWebhook } from "./payout-webhook.server";
import { approvePayoutRun, preparePayoutRun } from "./payouts.server";
import { paystackProvider } from "./paystack.server";
import type { PayoutProvider } from "./provider";

/*
 * Decision 032: the payout code against Paystack as documented, and against every variant the
 * documentation leaves open (tests/helpers/fake-providers/paystack.ts, PAYSTACK_VARIANTS). The
 * code decides by asking Paystack (verify by reference), never by the words of an error.
 */
vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123456789");
vi.stubEnv("APP_URL", "http://localhost:3000");
vi.stubEnv("E2E_RELAXED_RATE_LIMITS", "1");

let h: TestDatabase;
let facilityId: string;
let facilityAdmin: Actor;
const admins: Actor[] = [];
const adminEmails: string[] = [];
let doctorCount = 0;

beforeAll(async () => {
  h = await createTestDb({ workers: false });
  facilityId = await insertFacility(h.db, "truth-hospital", "Truth Hospital");
  facilityAdmin = await actorById(
    h.db,
    (await createAccount(h.db, { role: "facility_admin", approved: true, facilityId })).id,
  );
  for (let i = 0; i < 2; i++) {
    const account = await createAccount(h.db, { role: "system_admin", approved: true });
    admins.push(await actorById(h.db, account.id));
    const [row] = await h.db.select({ email: users.email }).from(users).where(eq(users.id, account.id));
    adminEmails.push(row!.email);
  }
}, 180_000);

afterAll(async () => {
  await h?.drop();
});

type Transfer = typeof payoutTransfers.$inferSelect;

/** A new doctor owed ₵70 with mobile-money details, in an approved run: their queued transfer. */
async function queuedTransfer(provider: PayoutProvider): Promise<Transfer> {
  doctorCount += 1;
  const doctorId = (await createAccount(h.db, { role: "doctor", approved: true })).id;
  await completeReferralFor(h.db, { doctorId, facilityId, facilityAdmin });
  await h.db.insert(payoutDetails).values({
    doctorId,
    method: "mobile_money",
    network: "MTN",
    accountNumber: `+23324${String(5_000_000 + doctorCount).padStart(7, "0")}`,
    accountName: `Dr Truth ${doctorCount}`,
    holdUntil: new Date(Date.now() - 3600_000),
    updatedAt: new Date(Date.now() - 48 * 3600_000),
  });
  const run = await preparePayoutRun(h.db, admins[0]!);
  await approvePayoutRun(h.db, admins[1]!, run.runId, provider);
  return transferRow(run.runId, doctorId);
}

async function transferRow(runId: string, doctorId: string): Promise<Transfer> {
  const [row] = await h.db
    .select()
    .from(payoutTransfers)
    .where(and(eq(payoutTransfers.runId, runId), eq(payoutTransfers.doctorId, doctorId)));
  return row!;
}

const recordsOf = async (doctorId: string) =>
  (
    await h.db
      .select({
        status: paymentRecords.status,
        payoutTransferId: paymentRecords.payoutTransferId,
        paymentMethod: paymentRecords.paymentMethod,
        paymentReference: paymentRecords.paymentReference,
        paidAt: paymentRecords.paidAt,
      })
      .from(paymentRecords)
      .where(eq(paymentRecords.doctorId, doctorId))
  ).map(({ paidAt, ...r }) => ({ ...r, paid: paidAt !== null }));

const reload = async (t: Transfer) =>
  (await h.db.select().from(payoutTransfers).where(eq(payoutTransfers.id, t.id)))[0]!;

async function entries(transfer: Transfer, prefix: string): Promise<number> {
  const [row] = await h.db
    .select({ n: sql<string>`count(*)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.idempotencyKey, `${prefix}:${transfer.id}`));
  return Number(row!.n);
}

async function eventsFor(event: string, userId?: string): Promise<{ recipient: string; payload: unknown }[]> {
  return h.db
    .select({ recipient: messages.recipient, payload: messages.payload })
    .from(messages)
    .where(userId ? and(eq(messages.event, event), eq(messages.userId, userId)) : eq(messages.event, event));
}

async function adminAlerts(event: string, reference?: string): Promise<number> {
  const rows = await h.db
    .select({ recipient: messages.recipient, payload: messages.payload })
    .from(messages)
    .where(and(eq(messages.event, event), inArray(messages.recipient, adminEmails)));
  return rows.filter((r) => !reference || JSON.stringify(r.payload).includes(reference)).length;
}

async function feesAccount(): Promise<number> {
  return (await readTrialBalance(h.db)).rows.find((r) => r.kind === "provider_fees")?.balance ?? 0;
}

const webhook = (db: Db, provider: PayoutProvider, signed: { body: string; headers: Record<string, string> }) =>
  receivePayoutWebhook(db, provider, signed.body, new Headers(signed.headers));

async function withFake(
  variants: Partial<PaystackVariants>,
  body: (fake: PaystackFake, paystack: PayoutProvider) => Promise<void>,
): Promise<void> {
  const fake = await startPaystackFake({ variants });
  try {
    await body(fake, paystackProvider({ secretKey: fake.secretKey, baseUrl: fake.url, timeoutMs: 1_000 }));
  } finally {
    await fake.close();
  }
}

describe.each(variantsOf("duplicate"))("point 2, a retried transfer never pays twice ($name)", ({ variants }) => {
  it("the first answer lost, the retry refused with a 400 in any words: verified by reference, kept pending, settled by the webhook", async () => {
    await withFake(variants, async (fake, paystack) => {
      const transfer = await queuedTransfer(paystack);
      // A worker sent it and died before the answer came back: Paystack has it, we still say queued.
      const recipient = await paystack.createRecipient(transfer);
      if (!recipient.ok) throw new Error(recipient.error);
      await paystack.initiateTransfer({
        reference: transfer.reference,
        amountPesewas: transfer.amountPesewas,
        recipientCode: recipient.recipientCode,
        reason: "Qurhealth payout",
      });
      expect(await reload(transfer)).toMatchObject({ status: "queued" });
      await sendTransfer(h.db, paystack, transfer.id);
      expect(fake.transferCalls).toBe(2);
      expect(fake.transfers.size).toBe(1);
      expect(await reload(transfer)).toMatchObject({ status: "pending" });
      expect(fake.requests.some((r) => r.path === `/transfer/verify/${transfer.reference}`)).toBe(true);
      expect(await eventsFor("payout.failed", transfer.doctorId)).toEqual([]);
      expect(await entries(transfer, "payout-failed")).toBe(0);
      expect(await balanceOf(h.db, transfer.doctorId)).toBe(0);
      expect(await webhook(h.db, paystack, fake.settle(transfer.reference, "success"))).toEqual({
        status: 200,
        body: "applied success",
      });
      expect(await balanceOf(h.db, transfer.doctorId)).toBe(0);
      expect(fake.paidOut).toBe(7_000);
      expect(await ledgerSum(h.db)).toBe(0);
    });
  }, 30_000);
});

describe.each(variantsOf("verifyUnknown"))(
  "point 2, a 4xx or a timeout is decided by verification ($name)",
  ({ variants }) => {
    it("a transfer Paystack refuses and does not have fails, after asking by reference", async () => {
      await withFake(variants, async (fake, paystack) => {
        const transfer = await queuedTransfer(paystack);
        await h.db
          .update(payoutDetails)
          .set({ recipientCode: "RCP_gone", recipientProvider: "paystack" })
          .where(eq(payoutDetails.doctorId, transfer.doctorId));
        await sendTransfer(h.db, paystack, transfer.id);
        const verify = fake.requests.findIndex((r) => r.path === `/transfer/verify/${transfer.reference}`);
        expect(verify).toBeGreaterThan(fake.requests.findIndex((r) => r.path === "/transfer"));
        expect(await reload(transfer)).toMatchObject({ status: "failed" });
        expect(await balanceOf(h.db, transfer.doctorId)).toBe(7_000);
        expect(await ledgerSum(h.db)).toBe(0);
      });
    }, 30_000);

    it("a timeout after Paystack took the transfer: verified at once, pending, not sent again", async () => {
      await withFake(variants, async (fake, paystack) => {
        const transfer = await queuedTransfer(paystack);
        fake.mode = "accept_then_hang";
        await sendTransfer(h.db, paystack, transfer.id);
        expect(await reload(transfer)).toMatchObject({ status: "pending" });
        expect(fake.transferCalls).toBe(1);
      });
    }, 30_000);

    it("a timeout before Paystack took it: still queued for a retry, never failed", async () => {
      await withFake(variants, async (fake, paystack) => {
        const transfer = await queuedTransfer(paystack);
        fake.mode = "hang";
        await expect(sendTransfer(h.db, paystack, transfer.id)).rejects.toThrow();
        expect(await reload(transfer)).toMatchObject({ status: "queued" });
        fake.mode = "normal";
        await sendTransfer(h.db, paystack, transfer.id);
        expect(await reload(transfer)).toMatchObject({ status: "pending" });
        expect(fake.transfers.size).toBe(1);
      });
    }, 30_000);
  },
);

describe("point 2, a transfer marked failed that later succeeds is reconciled", () => {
  for (const source of ["webhook", "verification"] as const) {
    it(`by ${source}: the money comes off the doctor's balance again and the administrators are alerted`, async () => {
      await withFake({}, async (fake, paystack) => {
        const transfer = await queuedTransfer(paystack);
        await sendTransfer(h.db, paystack, transfer.id);
        // Marked failed here (as the wording-based code did) while Paystack still has it.
        await h.db.transaction((tx) =>
          applyTransferOutcome(tx as unknown as Db, transfer.id, "failed", { reason: "test", source: "test" }),
        );
        expect(await balanceOf(h.db, transfer.doctorId)).toBe(7_000);
        const signed = fake.settle(transfer.reference, "success");
        if (source === "webhook") {
          expect(await webhook(h.db, paystack, signed)).toEqual({ status: 200, body: "applied success" });
        } else {
          expect(await verifyTransfer(h.db, paystack, transfer.id)).toBe("success");
        }
        expect(await reload(transfer)).toMatchObject({ status: "success" });
        expect(await balanceOf(h.db, transfer.doctorId)).toBe(0);
        expect(await entries(transfer, "payout-settled")).toBe(1);
        // The doctor's payment records (put back to pending by the failure) are tied to the transfer
        // again and paid, as the success path marks them.
        expect(await recordsOf(transfer.doctorId)).toEqual([
          {
            status: "paid",
            payoutTransferId: transfer.id,
            paymentMethod: "Paystack transfer",
            paymentReference: transfer.reference,
            paid: true,
          },
        ]);
        expect(await adminAlerts("payout.paid_after_failure", transfer.reference)).toBe(adminEmails.length);
        expect(await eventsFor("payout.success", transfer.doctorId)).toHaveLength(1);
        // Told again: nothing changes twice.
        expect(await webhook(h.db, paystack, fake.webhook(transfer.reference, "transfer.success"))).toMatchObject({
          status: 200,
        });
        expect(await verifyTransfer(h.db, paystack, transfer.id)).toBe("unchanged");
        expect(await entries(transfer, "payout-settled")).toBe(1);
        expect(await balanceOf(h.db, transfer.doctorId)).toBe(0);
        expect(await ledgerSum(h.db)).toBe(0);
      });
    }, 30_000);
  }
});

describe("point 2 leftover: a transfer failed here and then paid marks the records it carried paid", () => {
  it("only the records it carried: one earned after the run was prepared stays pending for the next run", async () => {
    await withFake({}, async (fake, paystack) => {
      const transfer = await queuedTransfer(paystack);
      await sendTransfer(h.db, paystack, transfer.id);
      await h.db.transaction((tx) =>
        applyTransferOutcome(tx as unknown as Db, transfer.id, "failed", { reason: "test", source: "test" }),
      );
      expect(await recordsOf(transfer.doctorId)).toEqual([
        { status: "pending", payoutTransferId: null, paymentMethod: null, paymentReference: null, paid: false },
      ]);
      // Earned after the run was prepared: not this transfer's money.
      const later = await completeReferralFor(h.db, { doctorId: transfer.doctorId, facilityId, facilityAdmin });
      fake.settle(transfer.reference, "success");
      expect(await verifyTransfer(h.db, paystack, transfer.id)).toBe("success");
      const records = await h.db
        .select({
          referralId: paymentRecords.referralId,
          status: paymentRecords.status,
          tie: paymentRecords.payoutTransferId,
        })
        .from(paymentRecords)
        .where(eq(paymentRecords.doctorId, transfer.doctorId));
      expect(records.find((r) => r.referralId === later.referralId)).toMatchObject({ status: "pending", tie: null });
      expect(records.filter((r) => r.referralId !== later.referralId)).toEqual([
        expect.objectContaining({ status: "paid", tie: transfer.id }),
      ]);
      expect(await balanceOf(h.db, transfer.doctorId)).toBe(7_000);
      expect(await ledgerSum(h.db)).toBe(0);
    });
  }, 30_000);
});

describe("point 3, an OTP answer is a transfer that exists at Paystack", () => {
  it("is kept pending (never failed), the administrators are alerted once, the doctor is not told it failed", async () => {
    await withFake({}, async (fake, paystack) => {
      const transfer = await queuedTransfer(paystack);
      fake.initialStatus = "otp";
      await sendTransfer(h.db, paystack, transfer.id);
      await sendTransfer(h.db, paystack, transfer.id);
      expect(await reload(transfer)).toMatchObject({ status: "pending" });
      expect(await verifyTransfer(h.db, paystack, transfer.id)).toBe("pending");
      expect(await adminAlerts("payout.otp", transfer.reference)).toBe(adminEmails.length);
      expect(await eventsFor("payout.failed", transfer.doctorId)).toEqual([]);
      expect(await balanceOf(h.db, transfer.doctorId)).toBe(0);
      // Finalized by an administrator at Paystack later: settled as any other.
      expect(await webhook(h.db, paystack, fake.settle(transfer.reference, "success"))).toEqual({
        status: 200,
        body: "applied success",
      });
      expect(await ledgerSum(h.db)).toBe(0);
    });
  }, 30_000);
});

describe("point 8, recipient creation retries like the transfer call", () => {
  it("a wrong key keeps every transfer queued, tells no doctor it failed and alerts the administrators once", async () => {
    await withFake({}, async (fake) => {
      const wrongKey = paystackProvider({ secretKey: "sk_test_wrongwrongwrongwrong", baseUrl: fake.url });
      const first = await queuedTransfer(wrongKey);
      const second = await queuedTransfer(wrongKey);
      for (const t of [first, second, first]) await expect(sendTransfer(h.db, wrongKey, t.id)).rejects.toThrow();
      for (const t of [first, second]) {
        expect(await reload(t)).toMatchObject({ status: "queued" });
        expect(await eventsFor("payout.failed", t.doctorId)).toEqual([]);
        expect(await entries(t, "payout-failed")).toBe(0);
      }
      expect(await adminAlerts("payout.provider_auth")).toBe(adminEmails.length);
    });
  }, 30_000);

  it("a 5xx from recipient creation keeps the transfer queued; the retry sends it", async () => {
    await withFake({}, async (fake, paystack) => {
      const transfer = await queuedTransfer(paystack);
      fake.failNextRecipients = 1;
      await expect(sendTransfer(h.db, paystack, transfer.id)).rejects.toThrow(/HTTP 500/);
      expect(await reload(transfer)).toMatchObject({ status: "queued" });
      await sendTransfer(h.db, paystack, transfer.id);
      expect(await reload(transfer)).toMatchObject({ status: "pending" });
    });
  }, 30_000);
});

describe.each(variantsOf("webhookFee"))("point 4, the fee Paystack charged is posted once ($name)", ({ variants }) => {
  it("from the webhook or the verification, whichever carries it first", async () => {
    await withFake(variants, async (fake, paystack) => {
      const before = await feesAccount();
      const transfer = await queuedTransfer(paystack);
      await sendTransfer(h.db, paystack, transfer.id);
      await webhook(h.db, paystack, fake.settle(transfer.reference, "success"));
      await verifyTransfer(h.db, paystack, transfer.id);
      await verifyTransfer(h.db, paystack, transfer.id);
      expect(await entries(transfer, "provider-fee")).toBe(1);
      expect(await feesAccount()).toBe(before + fake.feePesewas);
      expect(await reload(transfer)).toMatchObject({ feePesewas: fake.feePesewas });
      expect(await ledgerSum(h.db)).toBe(0);
    });
  }, 30_000);
});

describe.each(variantsOf("listRows"))("point 4, the daily reconciliation ($name)", ({ variants }) => {
  it("matches Paystack's list (with or without references) and compares fees", async () => {
    await withFake(variants, async (fake, paystack) => {
      const transfer = await queuedTransfer(paystack);
      await sendTransfer(h.db, paystack, transfer.id);
      await webhook(h.db, paystack, fake.settle(transfer.reference, "success"));
      const day = new Date().toISOString().slice(0, 10);
      const mine = (list: { reference: string }[]) => list.filter((m) => m.reference === transfer.reference);
      expect(mine(await reconcileDay(h.db, paystack, day))).toEqual([]);
      fake.transfers.get(transfer.reference)!.fee = fake.feePesewas + 50;
      expect(mine(await reconcileDay(h.db, paystack, day))).toEqual([
        expect.objectContaining({ reference: transfer.reference, problem: "Fees differ" }),
      ]);
    });
  }, 30_000);
});
