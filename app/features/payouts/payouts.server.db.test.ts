import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Actor, actorById } from "~/auth/actor.server";
import {
  ledgerEntries,
  messages,
  paymentRecords,
  payoutDetails,
  payoutTransfers,
  payoutWebhookEvents,
} from "~/db/schema";
import { balanceOf, readTrialBalance } from "~/features/ledger/ledger.server";
import { recordPayment } from "~/features/payments/payments.server";
import { createAccount } from "../../../tests/helpers/accounts";
import { insertFacility, statusOf } from "../../../tests/helpers/domain";
import { type PaystackFake, startPaystackFake } from "../../../tests/helpers/fake-providers/paystack";
import { completeReferralFor, ledgerSum } from "../../../tests/helpers/money";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { PAYOUT_MESSAGES, transferReference } from "./payout-common.server";
import { doctorPayouts, getPayoutRun, listPayoutRuns } from "./payout-reads.server";
import { reconcileDay } from "./payout-reconcile.server";
import { sendTransfer, verifyTransfer } from "./payout-transfers.server";
import { receivePayoutWebhook } from "./payout-webhook.server";
import { approvePayoutRun, cancelPayoutRun, preparePayoutRun, retryTransfer } from "./payouts.server";
import { paystackProvider } from "./paystack.server";
import type { PayoutProvider } from "./provider";

vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123456789");
vi.stubEnv("APP_URL", "http://localhost:3000");
vi.stubEnv("E2E_RELAXED_RATE_LIMITS", "1");

let h: TestDatabase;
let fake: PaystackFake;
let paystack: PayoutProvider;
let facilityAdmin: Actor;
const admins: Actor[] = [];
const doctors: { actor: Actor; id: string }[] = [];
let facilityId: string;
const idOf = (actor: Actor) => (actor.kind === "user" ? actor.id : "");

async function give(doctorIndex: number, referrals: number) {
  for (let i = 0; i < referrals; i++) {
    await completeReferralFor(h.db, { doctorId: doctors[doctorIndex]!.id, facilityId, facilityAdmin });
  }
}

async function setDetails(doctorId: string, holdUntil: Date) {
  await h.db
    .insert(payoutDetails)
    .values({
      doctorId,
      method: "mobile_money",
      network: "MTN",
      accountNumber: `+2332455${doctorId.replace(/\D/g, "").slice(0, 5).padEnd(5, "0")}`,
      accountName: "Dr Test",
      holdUntil,
      updatedAt: new Date(Date.now() - 48 * 3600_000),
    })
    .onConflictDoUpdate({ target: payoutDetails.doctorId, set: { holdUntil } });
}

async function transferOf(runId: string, doctorId: string) {
  const [row] = await h.db
    .select()
    .from(payoutTransfers)
    .where(and(eq(payoutTransfers.runId, runId), eq(payoutTransfers.doctorId, doctorId)));
  return row!;
}

async function accountBalance(kind: string): Promise<number> {
  return (await readTrialBalance(h.db)).rows.find((r) => r.kind === kind)?.balance ?? 0;
}

async function entriesWithKey(prefix: string): Promise<number> {
  const [row] = await h.db
    .select({ n: sql<string>`count(*)` })
    .from(ledgerEntries)
    .where(sql`${ledgerEntries.idempotencyKey} like ${`${prefix}%`}`);
  return Number(row!.n);
}

const webhook = (signed: { body: string; headers: Record<string, string> }) =>
  receivePayoutWebhook(h.db, paystack, signed.body, new Headers(signed.headers));

beforeAll(async () => {
  // No workers: this file drives each job itself, step by step (payouts-queue.db.test.ts runs them on the queue).
  h = await createTestDb({ workers: false });
  fake = await startPaystackFake();
  // Long enough for a loaded machine; the accept-then-hang case waits it out once.
  paystack = paystackProvider({ secretKey: fake.secretKey, baseUrl: fake.url, timeoutMs: 3_000 });
  facilityId = await insertFacility(h.db, "payout-hospital", "Payout Hospital");
  facilityAdmin = await actorById(
    h.db,
    (await createAccount(h.db, { role: "facility_admin", approved: true, facilityId })).id,
  );
  for (let i = 0; i < 3; i++) {
    admins.push(await actorById(h.db, (await createAccount(h.db, { role: "system_admin", approved: true })).id));
  }
  for (let i = 0; i < 4; i++) {
    const id = (await createAccount(h.db, { role: "doctor", approved: true })).id;
    doctors.push({ id, actor: await actorById(h.db, id) });
  }
  const past = new Date(Date.now() - 3600_000);
  await give(0, 2); // ₵140, details set: paid
  await give(1, 2); // ₵140, details on hold: not in the run
  await setDetails(doctors[1]!.id, new Date(Date.now() + 24 * 3600_000));
  await give(2, 1); // ₵70, no details: not in the run
  await setDetails(doctors[0]!.id, past);
  await setDetails(doctors[3]!.id, past); // details, but nothing owed
}, 180_000);

afterAll(async () => {
  await fake?.close();
  await h?.drop();
});

describe("a payout run, end to end against the fake Paystack", () => {
  let runId: string;
  let reference: string;

  it("is prepared for every doctor owed at least ₵70 with payout details not on hold; one run waits at a time", async () => {
    const prepared = await preparePayoutRun(h.db, admins[0]!);
    expect(prepared).toMatchObject({ total: 14_000, count: 1 });
    runId = prepared.runId;
    await expect(preparePayoutRun(h.db, admins[1]!)).rejects.toMatchObject({
      data: PAYOUT_MESSAGES.runWaiting,
      init: { status: 409 },
    });
    const transfer = await transferOf(runId, doctors[0]!.id);
    reference = transfer.reference;
    expect(reference).toMatch(/^qh-[0-9a-f]{32}-[0-9a-f]{12}$/);
    // Made in SQL by the set-based insert, the same as transferReference makes it.
    expect(reference).toBe(transferReference(runId, doctors[0]!.id));
    expect(transfer).toMatchObject({ status: "prepared", amountPesewas: 14_000 });
    // Preparing moves no money.
    expect(await balanceOf(h.db, doctors[0]!.id)).toBe(14_000);
  });

  it("cannot be approved by its preparer; two administrators at once: one approves, the other is told", async () => {
    expect(await statusOf(approvePayoutRun(h.db, admins[0]!, runId, paystack))).toBe(403);
    const [b, c] = await Promise.all([
      statusOf(approvePayoutRun(h.db, admins[1]!, runId, paystack)),
      statusOf(approvePayoutRun(h.db, admins[2]!, runId, paystack)),
    ]);
    expect([b, c].sort()).toEqual([200, 409]);
    // The winner's double click answers as the first.
    const winner = b === 200 ? admins[1]! : admins[2]!;
    expect(await statusOf(approvePayoutRun(h.db, winner, runId, paystack))).toBe(200);
    expect(await entriesWithKey("payout-initiated:")).toBe(1);
    expect(await balanceOf(h.db, doctors[0]!.id)).toBe(0);
    expect(await accountBalance("provider_clearing")).toBe(-14_000);
    const jobs = await h.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'payout-transfer'`);
    expect((jobs as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    // Its payment records are the transfer's now: not paid by hand as well.
    const [record] = await h.db
      .select()
      .from(paymentRecords)
      .where(eq(paymentRecords.doctorId, doctors[0]!.id))
      .limit(1);
    expect(record!.payoutTransferId).toBe((await transferOf(runId, doctors[0]!.id)).id);
    expect(
      await statusOf(
        recordPayment(h.db, admins[0]!, { paymentId: record!.id, payment_method: "Cash", payment_reference: "X1" }),
      ),
    ).toBe(409);
    expect(await ledgerSum(h.db)).toBe(0);
  });

  it("Paystack took the transfer but its answer never came: verified by reference at once, never sent twice", async () => {
    const transfer = await transferOf(runId, doctors[0]!.id);
    fake.mode = "accept_then_hang";
    // The timeout is not a failure (decision 032): Paystack is asked by reference, and has it.
    await sendTransfer(h.db, paystack, transfer.id);
    expect((await transferOf(runId, doctors[0]!.id)).status).toBe("pending");
    fake.mode = "normal";
    await sendTransfer(h.db, paystack, transfer.id); // the job again: nothing to do
    expect(fake.transfers.size).toBe(1);
    expect(fake.transferCalls).toBe(1);
    expect(await transferOf(runId, doctors[0]!.id)).toMatchObject({ status: "pending", attempts: 1 });
  }, 30_000);

  it("a forged webhook is refused with 401 and changes nothing", async () => {
    const forged = fake.webhook(reference, "transfer.success", { forge: true });
    expect(await webhook(forged)).toMatchObject({ status: 401 });
    expect(await h.db.select().from(payoutWebhookEvents)).toEqual([]);
    expect((await transferOf(runId, doctors[0]!.id)).status).toBe("pending");
  });

  it("the signed transfer.success settles it once: replays and late older events change nothing", async () => {
    const success = fake.settle(reference, "success");
    expect(await webhook(success)).toEqual({ status: 200, body: "applied success" });
    expect(await webhook(success)).toEqual({ status: 200, body: "replayed" });
    // A failure reported after the success (reordered delivery) changes nothing.
    expect(await webhook(fake.webhook(reference, "transfer.failed"))).toEqual({ status: 200, body: "no change" });
    expect(await entriesWithKey("payout-settled:")).toBe(1);
    expect(await entriesWithKey("provider-fee:")).toBe(1);
    expect(await accountBalance("provider_clearing")).toBe(0);
    expect(await accountBalance("provider_fees")).toBe(100);
    const records = await h.db.select().from(paymentRecords).where(eq(paymentRecords.doctorId, doctors[0]!.id));
    expect(records.map((r) => [r.status, r.paymentMethod, r.paymentReference])).toEqual([
      ["paid", "Paystack transfer", reference],
      ["paid", "Paystack transfer", reference],
    ]);
    expect(await ledgerSum(h.db)).toBe(0);
    const payouts = await doctorPayouts(h.db, doctors[0]!.actor, doctors[0]!.id);
    expect(payouts.map((p) => [p.status, p.amountPesewas])).toEqual([["success", 14_000]]);
    expect(await statusOf(doctorPayouts(h.db, doctors[1]!.actor, doctors[0]!.id))).toBe(404);
  });

  it("a reversal puts the money back on the doctor's balance and tells the doctor", async () => {
    expect(await webhook(fake.settle(reference, "reversed"))).toEqual({ status: 200, body: "applied reversed" });
    expect(await webhook(fake.webhook(reference, "transfer.success"))).toEqual({ status: 200, body: "no change" });
    expect(await balanceOf(h.db, doctors[0]!.id)).toBe(14_000);
    const records = await h.db.select().from(paymentRecords).where(eq(paymentRecords.doctorId, doctors[0]!.id));
    expect(records.every((r) => r.status === "pending" && r.payoutTransferId === null)).toBe(true);
    const told = await h.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.userId, doctors[0]!.id), eq(messages.event, "payout.reversed")));
    expect(told).toHaveLength(1);
    expect(await ledgerSum(h.db)).toBe(0);
  });

  it("a failed transfer, found by verification when no webhook came, puts the money back once", async () => {
    const prepared = await preparePayoutRun(h.db, admins[1]!);
    await approvePayoutRun(h.db, admins[0]!, prepared.runId, paystack);
    const transfer = await transferOf(prepared.runId, doctors[0]!.id);
    expect(transfer.reference).not.toBe(reference);
    await sendTransfer(h.db, paystack, transfer.id);
    fake.settle(transfer.reference, "failed"); // the webhook is lost
    expect(await verifyTransfer(h.db, paystack, transfer.id)).toBe("failed");
    expect(await verifyTransfer(h.db, paystack, transfer.id)).toBe("unchanged");
    expect(await webhook(fake.webhook(transfer.reference, "transfer.failed"))).toEqual({
      status: 200,
      body: "no change",
    });
    expect(await entriesWithKey(`payout-failed:${transfer.id}`)).toBe(1);
    expect(await balanceOf(h.db, doctors[0]!.id)).toBe(14_000);
    expect(await ledgerSum(h.db)).toBe(0);
  });

  it("a transfer Paystack refuses outright fails at once and the money stays with the doctor", async () => {
    const prepared = await preparePayoutRun(h.db, admins[2]!);
    await approvePayoutRun(h.db, admins[1]!, prepared.runId, paystack);
    const transfer = await transferOf(prepared.runId, doctors[0]!.id);
    fake.mode = "server_error";
    await expect(sendTransfer(h.db, paystack, transfer.id)).rejects.toThrow(/HTTP 500/);
    expect((await transferOf(prepared.runId, doctors[0]!.id)).status).toBe("queued");
    // "Send again" while its job is still queued adds no second job; a doctor may not ask.
    expect(await retryTransfer(h.db, admins[0]!, prepared.runId, transfer.id)).toBe(false);
    expect(await statusOf(retryTransfer(h.db, doctors[0]!.actor, prepared.runId, transfer.id))).toBe(403);
    expect(await statusOf(retryTransfer(h.db, admins[0]!, runId, transfer.id))).toBe(404);
    fake.mode = "normal";
    // A recipient Paystack refuses: permanent.
    await h.db
      .update(payoutDetails)
      .set({ recipientCode: "RCP_gone", recipientProvider: "paystack" })
      .where(eq(payoutDetails.doctorId, doctors[0]!.id));
    await sendTransfer(h.db, paystack, transfer.id);
    expect(await transferOf(prepared.runId, doctors[0]!.id)).toMatchObject({ status: "failed" });
    expect(await statusOf(retryTransfer(h.db, admins[0]!, prepared.runId, transfer.id))).toBe(409);
    expect(await balanceOf(h.db, doctors[0]!.id)).toBe(14_000);
    await h.db
      .update(payoutDetails)
      .set({ recipientCode: null, recipientProvider: null })
      .where(eq(payoutDetails.doctorId, doctors[0]!.id));
    expect(await ledgerSum(h.db)).toBe(0);
  });

  it("approval re-checks: money paid outside the product since preparing cancels the transfer", async () => {
    const prepared = await preparePayoutRun(h.db, admins[0]!);
    const records = await h.db.select().from(paymentRecords).where(eq(paymentRecords.doctorId, doctors[0]!.id));
    await recordPayment(h.db, admins[0]!, {
      paymentId: records[0]!.id,
      payment_method: "Cash",
      payment_reference: "DESK-1",
    });
    expect(await approvePayoutRun(h.db, admins[1]!, prepared.runId, paystack)).toEqual({ queued: 0, cancelled: 1 });
    expect(await balanceOf(h.db, doctors[0]!.id)).toBe(7_000);
    expect(await ledgerSum(h.db)).toBe(0);
  });

  it("a run waiting for approval can be cancelled; nothing moves", async () => {
    const prepared = await preparePayoutRun(h.db, admins[0]!);
    await cancelPayoutRun(h.db, admins[0]!, prepared.runId);
    await cancelPayoutRun(h.db, admins[0]!, prepared.runId);
    expect(await statusOf(approvePayoutRun(h.db, admins[1]!, prepared.runId, paystack))).toBe(409);
    expect(await balanceOf(h.db, doctors[0]!.id)).toBe(7_000);
    const runs = await listPayoutRuns(h.db, admins[1]!);
    expect(runs[0]).toMatchObject({ id: prepared.runId, status: "cancelled" });
    const detail = await getPayoutRun(h.db, admins[1]!, runId);
    expect(detail.transfers.map((t) => t.destination)).toEqual([expect.stringMatching(/^MTN MoMo •••• \d{4}$/)]);
  });

  it("reconciliation compares the day's transfers with Paystack's list", async () => {
    const day = new Date().toISOString().slice(0, 10);
    expect(await reconcileDay(h.db, paystack, day)).toEqual([]);
    // Paystack now says the failed one succeeded: a mismatch to look at.
    const failed = [...fake.transfers.values()].find((t) => t.status === "failed")!;
    failed.status = "success";
    const mismatches = await reconcileDay(h.db, paystack, day);
    expect(mismatches).toEqual([expect.objectContaining({ reference: failed.reference, problem: "States differ" })]);
  });

  it("only system administrators prepare, approve, cancel and read runs", async () => {
    for (const actor of [doctors[0]!.actor, facilityAdmin]) {
      expect(await statusOf(preparePayoutRun(h.db, actor))).toBe(403);
      expect(await statusOf(approvePayoutRun(h.db, actor, runId, paystack))).toBe(403);
      expect(await statusOf(cancelPayoutRun(h.db, actor, runId))).toBe(403);
      expect(await statusOf(listPayoutRuns(h.db, actor))).toBe(403);
    }
    expect(await statusOf(approvePayoutRun(h.db, admins[0]!, "00000000-0000-4000-8000-000000000000", paystack))).toBe(
      404,
    );
    expect(idOf(admins[0]!)).toBeTruthy();
  });
});

describe("approving a run re-checks every transfer in a few statements for the whole run", () => {
  it("cancels each one that may no longer be sent with its reason; moves the others' money once", async () => {
    const more: string[] = [];
    for (let i = 0; i < 5; i++) {
      const id = (await createAccount(h.db, { role: "doctor", approved: true })).id;
      more.push(id);
      await completeReferralFor(h.db, { doctorId: id, facilityId, facilityAdmin });
      await setDetails(id, new Date(Date.now() - 3600_000));
    }
    const [payable, changed, held, removed, paidOutside] = more as [string, string, string, string, string];
    const prepared = await preparePayoutRun(h.db, admins[0]!);
    const runId = prepared.runId;
    for (const id of more) expect((await transferOf(runId, id)).status).toBe("prepared");
    // After preparing: new details for one, a hold for another, details removed, paid at the desk.
    await h.db
      .update(payoutDetails)
      .set({ accountNumber: "+233245999999", updatedAt: new Date() })
      .where(eq(payoutDetails.doctorId, changed));
    await setDetails(held, new Date(Date.now() + 24 * 3600_000));
    await h.db.delete(payoutDetails).where(eq(payoutDetails.doctorId, removed));
    const [record] = await h.db.select().from(paymentRecords).where(eq(paymentRecords.doctorId, paidOutside));
    await recordPayment(h.db, admins[0]!, { paymentId: record!.id, payment_method: "Cash", payment_reference: "D-2" });
    const everyone = await h.db.select().from(payoutTransfers).where(eq(payoutTransfers.runId, runId));
    const answer = await approvePayoutRun(h.db, admins[1]!, runId, paystack);
    expect(answer).toEqual({ queued: everyone.length - 4, cancelled: 4 });
    // The same administrator again: answered as the first time, nothing written twice.
    expect(await approvePayoutRun(h.db, admins[1]!, runId, paystack)).toEqual(answer);
    const transferNow = async (id: string) => transferOf(runId, id);
    expect(await transferNow(payable)).toMatchObject({ status: "queued", provider: "paystack", lastError: null });
    expect(await transferNow(changed)).toMatchObject({
      status: "cancelled",
      lastError: "The doctor's payout details changed after the run was prepared.",
    });
    expect(await transferNow(held)).toMatchObject({
      status: "cancelled",
      lastError: "The doctor's payout details changed: payouts are on hold.",
    });
    expect(await transferNow(removed)).toMatchObject({
      status: "cancelled",
      lastError: "The doctor has no payout details any more.",
    });
    expect(await transferNow(paidOutside)).toMatchObject({
      status: "cancelled",
      lastError: "The doctor's balance no longer covers this transfer (paid outside the product?).",
    });
    // One entry of two postings per queued transfer; the cancelled ones' money stays with the doctor.
    const queued = everyone.filter((t) => ![changed, held, removed, paidOutside].includes(t.doctorId));
    const postings = await h.db.execute(sql`
      select e.payout_transfer_id as id, count(p.id)::int as n, sum(p.amount)::int as total
      from ledger_entries e join ledger_postings p on p.entry_id = e.id
      where e.idempotency_key like 'payout-initiated:%' and e.payout_transfer_id in (
        select id from payout_transfers where run_id = ${runId})
      group by e.payout_transfer_id`);
    const rows = (postings as unknown as { rows: { id: string; n: number; total: number }[] }).rows;
    expect(rows.map((r) => r.id).sort()).toEqual(queued.map((t) => t.id).sort());
    for (const row of rows) expect(row).toMatchObject({ n: 2, total: 0 });
    expect(await balanceOf(h.db, payable)).toBe(0);
    for (const id of [changed, held, removed]) expect(await balanceOf(h.db, id)).toBe(7_000);
    expect(await balanceOf(h.db, paidOutside)).toBe(0);
    const [tied] = await h.db.select().from(paymentRecords).where(eq(paymentRecords.doctorId, payable));
    expect(tied!.payoutTransferId).toBe((await transferNow(payable)).id);
    const [untied] = await h.db.select().from(paymentRecords).where(eq(paymentRecords.doctorId, changed));
    expect(untied!.payoutTransferId).toBeNull();
    const jobs = await h.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'payout-transfer' and data->>'transferId' in (
        select id::text from payout_transfers where run_id = ${runId})`,
    );
    expect((jobs as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(queued.length);
    expect(await ledgerSum(h.db)).toBe(0);
  }, 60_000);
});
