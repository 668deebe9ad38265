import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ANONYMOUS } from "~/auth/actor";
import { type Actor, actorById } from "~/auth/actor.server";
import { ledgerEntries, ledgerPostings, paymentRecords } from "~/db/schema";
import { systemOverview } from "~/features/insight/insight.server";
import { recordPayment } from "~/features/payments/payments.server";
import { createAccount } from "../../../tests/helpers/accounts";
import { insertFacility, statusOf } from "../../../tests/helpers/domain";
import { completeReferralFor, ledgerSum } from "../../../tests/helpers/money";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import {
  accountId,
  assertBalanced,
  checkLedger,
  doctorBalance,
  doctorStatement,
  IdempotencyKeyReusedError,
  postEntry,
  trialBalance,
  UnbalancedEntryError,
} from "./ledger.server";

vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123456789");
vi.stubEnv("APP_URL", "http://localhost:3000");
vi.stubEnv("E2E_RELAXED_RATE_LIMITS", "1");

let h: TestDatabase;
let doctor: Actor;
let otherDoctor: Actor;
let facilityAdmin: Actor;
let systemAdmin: Actor;
let facilityId: string;

async function actorFor(options: Parameters<typeof createAccount>[1]): Promise<Actor> {
  return actorById(h.db, (await createAccount(h.db, options)).id);
}
const idOf = (actor: Actor) => (actor.kind === "user" ? actor.id : "");

beforeAll(async () => {
  h = await createTestDb();
  facilityId = await insertFacility(h.db, "ledger-hospital", "Ledger Hospital");
  doctor = await actorFor({ role: "doctor", approved: true });
  otherDoctor = await actorFor({ role: "doctor", approved: true });
  facilityAdmin = await actorFor({ role: "facility_admin", approved: true, facilityId });
  systemAdmin = await actorFor({ role: "system_admin", approved: true });
}, 120_000);

afterAll(async () => {
  await h?.drop();
});

describe("the ledger's rules", () => {
  it("refuses, in code, an entry that does not balance, has one line, or a fractional or zero amount", () => {
    expect(() => assertBalanced([{ account: { kind: "cash" }, amount: 100 }])).toThrow(UnbalancedEntryError);
    expect(() =>
      assertBalanced([
        { account: { kind: "cash" }, amount: 100 },
        { account: { kind: "platform_revenue" }, amount: -99 },
      ]),
    ).toThrow(/sum to zero/);
    expect(() =>
      assertBalanced([
        { account: { kind: "cash" }, amount: 0.5 },
        { account: { kind: "platform_revenue" }, amount: -0.5 },
      ]),
    ).toThrow(/whole/);
    expect(() =>
      assertBalanced([
        { account: { kind: "cash" }, amount: 100 },
        { account: { kind: "platform_revenue" }, amount: -100 },
      ]),
    ).not.toThrow();
  });

  it("refuses, in the database at commit, postings written around the code that do not sum to zero", async () => {
    const cash = await accountId(h.db, { kind: "cash" });
    const revenue = await accountId(h.db, { kind: "platform_revenue" });
    const attempt = h.db.transaction(async (tx) => {
      const [entry] = await tx
        .insert(ledgerEntries)
        .values({ idempotencyKey: "test:unbalanced", kind: "provider_fee", memo: "unbalanced" })
        .returning({ id: ledgerEntries.id });
      await tx.insert(ledgerPostings).values([
        { entryId: entry!.id, accountId: cash, amount: 500 },
        { entryId: entry!.id, accountId: revenue, amount: -400 },
      ]);
    });
    await expect(attempt).rejects.toThrow();
    const [row] = await h.db
      .select({ n: sql<string>`count(*)` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.idempotencyKey, "test:unbalanced"));
    expect(Number(row!.n)).toBe(0);
    // An entry with no postings at all is refused too.
    await expect(
      h.db.insert(ledgerEntries).values({ idempotencyKey: "test:empty", kind: "provider_fee", memo: "empty" }),
    ).rejects.toThrow();
  });

  it("is append-only: postings and entries cannot be changed or deleted", async () => {
    await postEntry(h.db, {
      idempotencyKey: "test:append-only",
      kind: "provider_fee",
      memo: "fee",
      lines: [
        { account: { kind: "provider_fees" }, amount: 100 },
        { account: { kind: "cash" }, amount: -100 },
      ],
    });
    await expect(h.db.execute(sql`update ledger_postings set amount = amount * 2`)).rejects.toThrow();
    await expect(h.db.execute(sql`delete from ledger_postings`)).rejects.toThrow();
    await expect(h.db.execute(sql`update ledger_entries set memo = 'changed'`)).rejects.toThrow();
    await expect(h.db.execute(sql`delete from ledger_entries`)).rejects.toThrow();
    await expect(h.db.execute(sql`truncate ledger_postings`)).rejects.toThrow();
    expect(await ledgerSum(h.db)).toBe(0);
  });

  it("writes an idempotency key once, even when two transactions post it at the same moment", async () => {
    const entry = {
      idempotencyKey: "test:twice",
      kind: "provider_fee" as const,
      memo: "twice",
      lines: [
        { account: { kind: "provider_fees" as const }, amount: 250 },
        { account: { kind: "cash" as const }, amount: -250 },
      ],
    };
    const results = await Promise.all([
      h.db.transaction((tx) => postEntry(tx, entry)),
      h.db.transaction((tx) => postEntry(tx, entry)),
      h.db.transaction((tx) => postEntry(tx, entry)),
    ]);
    expect(results.filter((r) => r.posted)).toHaveLength(1);
    const [row] = await h.db
      .select({ n: sql<string>`count(*)` })
      .from(ledgerPostings)
      .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
      .where(eq(ledgerEntries.idempotencyKey, "test:twice"));
    expect(Number(row!.n)).toBe(2);
    expect(await ledgerSum(h.db)).toBe(0);
  });
});

describe("money from referrals", () => {
  it("a completed referral posts the ₵100 fee owed by the facility, the ₵70 payable and the ₵30 revenue with the completion", async () => {
    const before = await trialBalance(h.db, systemAdmin);
    const { referralId, referralNumber } = await completeReferralFor(h.db, {
      doctorId: idOf(doctor),
      facilityId,
      facilityAdmin,
    });
    const postings = await h.db
      .select({ amount: ledgerPostings.amount, kind: sql<string>`a.kind` })
      .from(ledgerPostings)
      .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
      .innerJoin(sql`ledger_accounts a`, sql`a.id = ${ledgerPostings.accountId}`)
      .where(eq(ledgerEntries.referralId, referralId));
    expect(postings.map((p) => [p.kind, Number(p.amount)]).sort()).toEqual([
      // Receivable, not cash: nothing is collected when a referral is completed.
      ["doctor_payable", -7_000],
      ["fees_receivable", 10_000],
      ["platform_revenue", -3_000],
    ]);
    expect(await doctorBalance(h.db, doctor, idOf(doctor))).toBe(7_000);
    const statement = await doctorStatement(h.db, doctor, idOf(doctor));
    expect(statement.lines.at(-1)).toMatchObject({ referralNumber, amount: 7_000, runningBalance: 7_000 });
    const after = await trialBalance(h.db, systemAdmin);
    expect(after.total).toBe(0);
    expect(after.entries).toBe(before.entries + 1);
  }, 60_000);

  it("Mark as Paid posts 'paid outside the product' once; the balance and statement follow", async () => {
    await completeReferralFor(h.db, { doctorId: idOf(doctor), facilityId, facilityAdmin });
    expect(await doctorBalance(h.db, doctor, idOf(doctor))).toBe(14_000);
    const [payment] = await h.db
      .select({ id: paymentRecords.id })
      .from(paymentRecords)
      .where(eq(paymentRecords.doctorId, idOf(doctor)))
      .limit(1);
    const post = () =>
      recordPayment(h.db, systemAdmin, {
        paymentId: payment!.id,
        payment_method: "MTN MoMo",
        payment_reference: "TX-778899",
      });
    // Two clicks at once: one payment, one posting.
    const outcomes = await Promise.all([statusOf(post()), statusOf(post())]);
    expect(outcomes).toContain(200);
    expect(await doctorBalance(h.db, doctor, idOf(doctor))).toBe(7_000);
    const statement = await doctorStatement(h.db, doctor, idOf(doctor));
    expect(statement.lines.map((l) => l.runningBalance)).toEqual([7_000, 14_000, 7_000]);
    expect(statement.lines.at(-1)).toMatchObject({ kind: "paid_outside", amount: -7_000 });
    const check = await checkLedger(h.db);
    expect(check).toEqual({ ok: true, total: 0, unbalancedEntries: [] });
    // The Overview's money reads the ledger: two referrals' revenue, one doctor's ₵70 still owed,
    // the provider fees the tests above posted, and the two ₵100 fees the facility still owes.
    expect((await systemOverview(h.db, systemAdmin, "12m")).ledger).toEqual({
      owedToDoctors: 7_000,
      feesReceivable: 20_000,
      inTransit: 0,
      providerFees: 350,
      platformRevenue: 6_000,
      balanced: true,
    });
  }, 60_000);

  it("a month's statement opens with the balance carried from before it", async () => {
    const now = new Date();
    const month = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
    const thisMonth = await doctorStatement(h.db, doctor, idOf(doctor), { month });
    expect(thisMonth.openingBalance).toBe(0);
    expect(thisMonth.closingBalance).toBe(7_000);
    const nextYear = `${now.getUTCFullYear() + 1}-01`;
    const later = await doctorStatement(h.db, doctor, idOf(doctor), { month: nextYear });
    expect(later).toEqual({ openingBalance: 7_000, closingBalance: 7_000, lines: [] });
    expect(await statusOf(doctorStatement(h.db, doctor, idOf(doctor), { month: "2026-13" }))).toBe(400);
  });

  it("no one reads another doctor's money", async () => {
    const target = idOf(doctor);
    expect(await statusOf(doctorBalance(h.db, otherDoctor, target))).toBe(404);
    expect(await statusOf(doctorStatement(h.db, otherDoctor, target))).toBe(404);
    expect(await statusOf(doctorBalance(h.db, facilityAdmin, target))).toBe(403);
    expect(await statusOf(doctorBalance(h.db, ANONYMOUS, target))).toBe(401);
    expect(await statusOf(trialBalance(h.db, doctor))).toBe(403);
    expect(await statusOf(trialBalance(h.db, facilityAdmin))).toBe(403);
    expect(await statusOf(doctorBalance(h.db, systemAdmin, target))).toBe(200);
    expect(await doctorBalance(h.db, otherDoctor, idOf(otherDoctor))).toBe(0);
  });
});

describe("a reused idempotency key", () => {
  const fee = (amount: number, kind: "provider_fee" | "paid_outside" = "provider_fee") => ({
    idempotencyKey: "test:reused",
    kind,
    memo: "a provider's fee",
    lines: [
      { account: { kind: "provider_fees" as const }, amount },
      { account: { kind: "cash" as const }, amount: -amount },
    ],
  });

  it("repeating the same entry writes nothing; another amount or kind under the key is refused and rolls back", async () => {
    expect((await h.db.transaction((tx) => postEntry(tx, fee(300)))).posted).toBe(true);
    expect(await h.db.transaction((tx) => postEntry(tx, fee(300)))).toEqual({ posted: false, entryId: null });
    await expect(h.db.transaction((tx) => postEntry(tx, fee(400)))).rejects.toThrow(IdempotencyKeyReusedError);
    await expect(h.db.transaction((tx) => postEntry(tx, fee(300, "paid_outside")))).rejects.toThrow(
      IdempotencyKeyReusedError,
    );
    const [row] = await h.db
      .select({ total: sql<string>`sum(abs(${ledgerPostings.amount}))` })
      .from(ledgerPostings)
      .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
      .where(eq(ledgerEntries.idempotencyKey, "test:reused"));
    expect(Number(row!.total)).toBe(600);
    expect(await ledgerSum(h.db)).toBe(0);
  });
});
