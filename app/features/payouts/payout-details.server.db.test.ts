import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ANONYMOUS } from "~/auth/actor";
import { type Actor, actorById } from "~/auth/actor.server";
import { auditEvents, messages, payoutDetailChanges, payoutDetails, users } from "~/db/schema";
import { confirmPhoneCode, requestPhoneCode } from "~/features/phones/public.server";
import { once } from "~/lib/idempotency.server";
import { createAccount } from "../../../tests/helpers/accounts";
import { insertFacility, refusedWith, statusOf } from "../../../tests/helpers/domain";
import {
  DEFAULT_VARIANTS,
  type PaystackFake,
  startPaystackFake,
  variantsOf,
} from "../../../tests/helpers/fake-providers/paystack";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { getPayoutDetails, PAYOUT_DETAILS_REFUSALS } from "./payout-details.server";
import { confirmPayoutDetailsChange } from "./payout-details-confirm.server";
import { requestPayoutDetailsChange } from "./payout-details-request.server";
import { paystackProvider } from "./paystack.server";
import type { PayoutProvider } from "./provider";

vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123456789");
vi.stubEnv("APP_URL", "http://localhost:3000");

let h: TestDatabase;
let doctor: Actor;
let doctorId: string;
const PHONE = "+233205550147";

const MOMO = {
  intent: "request",
  method: "mobile_money",
  network: "MTN",
  mobile_number: "024 123 4567",
  account_name: "Dr Ama Mensah",
};

async function newDoctor(phone: string | null): Promise<{ actor: Actor; id: string }> {
  const account = await createAccount(h.db, { role: "doctor", approved: true });
  if (phone) {
    await h.db
      .update(users)
      .set({ confirmedPhone: phone, phoneConfirmedAt: new Date() })
      .where(eq(users.id, account.id));
  }
  return { actor: await actorById(h.db, account.id), id: account.id };
}

/**
 * The codes the doctor received: the newest SMS (to their confirmed phone) and email about payout
 * details, and the newest SMS to the wallet's own number (decision 032, point 5; "" when none was sent).
 */
async function codesFor(userId: string): Promise<{ sms: string; email: string; wallet: string }> {
  const latest = async (channel: "sms" | "email", event = "payout.details_code") => {
    const [row] = await h.db
      .select({ payload: messages.payload, recipient: messages.recipient })
      .from(messages)
      .where(and(eq(messages.userId, userId), eq(messages.channel, channel), eq(messages.event, event)))
      .orderBy(desc(messages.createdAt))
      .limit(1);
    const payload = (row?.payload ?? null) as { text?: string } | null;
    const text = String(payload?.text ?? "");
    // The email names the bank's 6-digit code too: read the code where it is said to be.
    return (channel === "email" ? /email code is (\d{6})/ : /(\d{6})/).exec(text)?.[1] ?? "";
  };
  return { sms: await latest("sms"), email: await latest("email"), wallet: await latest("sms", "payout.wallet_code") };
}

const confirmWith = (codes: { sms: string; email: string; wallet: string }, extra: Record<string, string> = {}) => ({
  intent: "confirm",
  sms_code: codes.sms,
  email_code: codes.email,
  ...(codes.wallet ? { wallet_code: codes.wallet } : {}),
  ...extra,
});

beforeAll(async () => {
  // No workers: the queued SMS and email keep their text, where the test reads the codes.
  h = await createTestDb({ workers: false });
  ({ actor: doctor, id: doctorId } = await newDoctor(PHONE));
}, 120_000);

afterAll(async () => {
  await h?.drop();
});

describe("payout details", () => {
  it("refuses every role but an approved doctor", async () => {
    const facilityId = await insertFacility(h.db, "pd-hospital", "Payout Details Hospital");
    const admin = await actorById(
      h.db,
      (await createAccount(h.db, { role: "facility_admin", approved: true, facilityId })).id,
    );
    const sysAdmin = await actorById(h.db, (await createAccount(h.db, { role: "system_admin", approved: true })).id);
    const pending = await actorById(h.db, (await createAccount(h.db, { role: "doctor", approved: false })).id);
    for (const [actor, status] of [
      [ANONYMOUS, 401],
      [admin, 403],
      [sysAdmin, 403],
      [pending, 403],
    ] as const) {
      expect(await statusOf(requestPayoutDetailsChange(h.db, actor, MOMO))).toBe(status);
      expect(
        await statusOf(
          confirmPayoutDetailsChange(h.db, actor, { intent: "confirm", sms_code: "123456", email_code: "123456" }),
        ),
      ).toBe(status);
      expect(await statusOf(getPayoutDetails(h.db, actor))).toBe(status);
    }
  });

  it("needs a confirmed mobile number for the code, and refuses bad details: nothing stored", async () => {
    const { actor, id } = await newDoctor(null);
    expect(await refusedWith(requestPayoutDetailsChange(h.db, actor, MOMO))).toMatchObject({
      status: 409,
      message: PAYOUT_DETAILS_REFUSALS.noPhone,
    });
    const bad = [
      { ...MOMO, network: "VODAFONE" },
      { ...MOMO, mobile_number: "030 221 2345" }, // a fixed line
      { ...MOMO, mobile_number: "+44 7700 900123" }, // not Ghanaian
      { ...MOMO, account_name: "\u200b\u200b" },
      { intent: "request", method: "bank", bank_code: "12", account_number: "12", account_name: "Dr Ama" },
      { intent: "request", method: "cheque", account_name: "Dr Ama" },
    ];
    for (const values of bad) {
      const refusal = await refusedWith(requestPayoutDetailsChange(h.db, doctor, values));
      expect(refusal.status, JSON.stringify(values)).toBe(400);
      // Each refused value's message is under its field.
      expect(Object.values(refusal.fieldErrors ?? {}), JSON.stringify(values)).toContain(refusal.message);
    }
    const [count] = await h.db.select({ n: sql<string>`count(*)` }).from(payoutDetailChanges);
    expect(Number(count!.n)).toBe(0);
    expect(id).toBeTruthy();
  });

  it("a change is confirmed by the SMS code and the email code, then holds payouts 24 hours, audited and emailed", async () => {
    const now = new Date();
    const asked = await requestPayoutDetailsChange(h.db, doctor, MOMO, now);
    // No payout provider here: the wallet's holder cannot be asked, so its own number gets a code too.
    expect(asked).toEqual({ ok: true, smsTo: "+233 20 555 0147", walletTo: "+233 24 123 4567", resolvedName: null });
    const sms = await h.db
      .select({ recipient: messages.recipient, event: messages.event })
      .from(messages)
      .where(and(eq(messages.userId, doctorId), eq(messages.channel, "sms")));
    expect(sms.map((m) => [m.event, m.recipient]).sort()).toEqual([
      ["payout.details_code", PHONE],
      ["payout.wallet_code", "+233241234567"],
    ]);
    const codes = await codesFor(doctorId);
    expect(codes.sms).toMatch(/^\d{6}$/);
    expect(codes.email).toMatch(/^\d{6}$/);
    expect(codes.wallet).toMatch(/^\d{6}$/);
    // Nothing changes before the codes.
    expect((await getPayoutDetails(h.db, doctor, now)).current).toBeNull();
    expect((await getPayoutDetails(h.db, doctor, now)).pending).toMatchObject({ description: "MTN MoMo •••• 4567" });
    // The SMS code alone, or swapped codes, are not enough.
    const wrongSms = codes.sms === "000000" ? "000001" : "000000";
    expect(
      await refusedWith(
        confirmPayoutDetailsChange(
          h.db,
          doctor,
          confirmWith({ ...codes, email: codes.sms === codes.email ? wrongSms : codes.sms }),
          now,
        ),
      ),
    ).toMatchObject({ status: 400, fieldErrors: { email_code: PAYOUT_DETAILS_REFUSALS.wrongCode } });
    // The wallet's code is needed too.
    expect(
      await refusedWith(confirmPayoutDetailsChange(h.db, doctor, confirmWith({ ...codes, wallet: "" }), now)),
    ).toMatchObject({ status: 400, fieldErrors: { wallet_code: PAYOUT_DETAILS_REFUSALS.walletCode } });
    const done = await confirmPayoutDetailsChange(h.db, doctor, confirmWith(codes), now);
    expect(done).toEqual({ ok: true, holdUntil: new Date(now.getTime() + 24 * 3600_000) });
    const [row] = await h.db.select().from(payoutDetails).where(eq(payoutDetails.doctorId, doctorId));
    expect(row).toMatchObject({
      method: "mobile_money",
      network: "MTN",
      accountNumber: "+233241234567",
      accountName: "Dr Ama Mensah",
    });
    expect((await getPayoutDetails(h.db, doctor, now)).current?.holdUntil).toBe(done.holdUntil.toISOString());
    const audit = await h.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.subjectId, doctorId));
    expect(audit.map((a) => a.action).sort()).toEqual(["payout.details_changed", "payout.details_requested"]);
    const [notice] = await h.db
      .select({ recipient: messages.recipient })
      .from(messages)
      .where(and(eq(messages.userId, doctorId), eq(messages.event, "payout.details_changed")));
    expect(notice).toBeDefined();
    // Used codes do not work again.
    expect(await statusOf(confirmPayoutDetailsChange(h.db, doctor, confirmWith(codes), now))).toBe(409);
  });

  it("five wrong tries end a change; expired codes do not work; five requests a day", async () => {
    const { actor, id } = await newDoctor("+233245550148");
    const now = new Date();
    await requestPayoutDetailsChange(h.db, actor, MOMO, now);
    const codes = await codesFor(id);
    const wrong = codes.email === "111111" ? "222222" : "111111";
    // Each wrong try is refused, and counted (the count outlives the refusal).
    for (let i = 0; i < 5; i++) {
      expect(
        await statusOf(confirmPayoutDetailsChange(h.db, actor, confirmWith({ ...codes, email: wrong }), now)),
      ).toBe(i < 4 ? 400 : 429);
    }
    expect(await refusedWith(confirmPayoutDetailsChange(h.db, actor, confirmWith(codes), now))).toMatchObject({
      status: 429,
      message: PAYOUT_DETAILS_REFUSALS.noTriesLeft,
    });
    await requestPayoutDetailsChange(h.db, actor, MOMO, now);
    const fresh = await codesFor(id);
    const later = new Date(now.getTime() + 16 * 60_000);
    expect(await refusedWith(confirmPayoutDetailsChange(h.db, actor, confirmWith(fresh), later))).toMatchObject({
      status: 409,
      message: PAYOUT_DETAILS_REFUSALS.expired,
    });
    for (let i = 0; i < 3; i++) expect((await requestPayoutDetailsChange(h.db, actor, MOMO, now)).ok).toBe(true);
    expect(await statusOf(requestPayoutDetailsChange(h.db, actor, MOMO, now))).toBe(429);
    const [row] = await h.db.select().from(payoutDetails).where(eq(payoutDetails.doctorId, id));
    expect(row).toBeUndefined();
  });

  it("one change per idempotency key: the same request posted twice at once sends one pair of codes (issue 29)", async () => {
    const { actor, id } = await newDoctor("+233205550148");
    const key = `payout-request-key-${Date.now()}`;
    const post = () =>
      once(
        h.db,
        { scope: id, key, form: "payout-details-request" },
        (tx) => requestPayoutDetailsChange(tx, actor, MOMO),
        ({ smsTo }) => ({ status: 200, body: { smsTo } }),
      );
    const [first, second] = await Promise.all([post(), post()]);
    expect(first.answer).toEqual(second.answer);
    expect(first.answer?.body).toEqual({ smsTo: expect.stringContaining("0148") });
    const changes = await h.db.select().from(payoutDetailChanges).where(eq(payoutDetailChanges.doctorId, id));
    expect(changes).toHaveLength(1);
    const codes = await h.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, id), eq(messages.event, "payout.details_code")));
    expect(codes.map((m) => m.channel).sort()).toEqual(["email", "sms"]);
    const walletCodes = await h.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, id), eq(messages.event, "payout.wallet_code")));
    expect(walletCodes).toHaveLength(1);
  });
});

/*
 * Decision 032, point 5, answers "The wallet is never checked. A typo in a MoMo number pays a
 * stranger." The holder's name is asked of Paystack (GET /bank/resolve, documented for personal
 * bank accounts in Ghana) and shown for the doctor to confirm; where Paystack cannot name a
 * wallet's holder (mobile money is not documented for resolve: the fake's momoResolve variant), a
 * code goes by SMS to the wallet's own number as well, so a wrong number cannot be confirmed.
 */
describe("the destination is checked before it is confirmed (issue 35 point 5)", () => {
  let fake: PaystackFake;
  let paystack: PayoutProvider;
  let phones = 0;
  const BANK = {
    intent: "request",
    method: "bank",
    bank_code: "280100",
    account_number: "0012345678",
    account_name: "Dr Ama Mensah",
  };

  beforeAll(async () => {
    fake = await startPaystackFake();
    paystack = paystackProvider({ secretKey: fake.secretKey, baseUrl: fake.url, timeoutMs: 1_000 });
  });
  afterAll(async () => {
    await fake?.close();
  });

  const freshDoctor = () => newDoctor(`+2332055601${String(++phones).padStart(2, "0")}`);
  const ask = (actor: Actor, values: Record<string, string>, now = new Date()) =>
    requestPayoutDetailsChange(h.db, actor, values, now, { provider: paystack });
  const changesOf = async (id: string) =>
    h.db.select().from(payoutDetailChanges).where(eq(payoutDetailChanges.doctorId, id));
  const smsOf = async (id: string) =>
    h.db
      .select({ recipient: messages.recipient, event: messages.event })
      .from(messages)
      .where(and(eq(messages.userId, id), eq(messages.channel, "sms")));

  it("a bank account's holder is resolved and shown; the same person is confirmed with the two codes", async () => {
    fake.variants = { ...DEFAULT_VARIANTS };
    fake.accountHolders.set("280100:0012345678", "MENSAH AMA SERWAA");
    const { actor, id } = await freshDoctor();
    const now = new Date();
    const asked = await ask(actor, BANK, now);
    expect(asked).toMatchObject({ ok: true, walletTo: null, resolvedName: "MENSAH AMA SERWAA" });
    expect(fake.resolveQueries.at(-1)).toEqual({ account_number: "0012345678", bank_code: "280100" });
    expect((await getPayoutDetails(h.db, actor, now)).pending).toMatchObject({
      accountName: "Dr Ama Mensah",
      resolvedName: "MENSAH AMA SERWAA",
      nameMatches: true,
      walletTo: null,
    });
    const [mail] = await h.db
      .select({ payload: messages.payload })
      .from(messages)
      .where(and(eq(messages.userId, id), eq(messages.channel, "email"), eq(messages.event, "payout.details_code")));
    expect(JSON.stringify(mail?.payload)).toContain("MENSAH AMA SERWAA");
    const codes = await codesFor(id);
    expect(codes.wallet).toBe("");
    expect((await confirmPayoutDetailsChange(h.db, actor, confirmWith(codes), now)).ok).toBe(true);
    const [audit] = await h.db
      .select({ reason: auditEvents.reason })
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, id), eq(auditEvents.action, "payout.details_changed")));
    expect(audit?.reason).toContain("MENSAH AMA SERWAA");
  });

  it("a name that is not the doctor's is shown as such: confirming needs the doctor to accept it (no try counted)", async () => {
    fake.accountHolders.set("280100:0099887766", "KWAME ASANTE");
    const { actor, id } = await freshDoctor();
    const now = new Date();
    await ask(actor, { ...BANK, account_number: "0099887766" }, now);
    expect((await getPayoutDetails(h.db, actor, now)).pending).toMatchObject({
      resolvedName: "KWAME ASANTE",
      nameMatches: false,
    });
    const codes = await codesFor(id);
    expect(await refusedWith(confirmPayoutDetailsChange(h.db, actor, confirmWith(codes), now))).toMatchObject({
      status: 400,
      fieldErrors: { accept_name: PAYOUT_DETAILS_REFUSALS.acceptName },
    });
    expect((await changesOf(id))[0]).toMatchObject({ attempts: 0, appliedAt: null });
    const done = await confirmPayoutDetailsChange(h.db, actor, confirmWith(codes, { accept_name: "on" }), now);
    expect(done.ok).toBe(true);
    const [row] = await h.db.select().from(payoutDetails).where(eq(payoutDetails.doctorId, id));
    expect(row).toMatchObject({ method: "bank", accountNumber: "0099887766" });
    const [audit] = await h.db
      .select({ reason: auditEvents.reason })
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, id), eq(auditEvents.action, "payout.details_changed")));
    expect(audit?.reason).toMatch(/KWAME ASANTE.*not the name entered/);
  });

  for (const { name, variants } of variantsOf("resolveUnknown")) {
    it(`a bank account Paystack cannot resolve is refused under its number: nothing stored, nothing sent (${name})`, async () => {
      fake.variants = { ...variants };
      const { actor, id } = await freshDoctor();
      expect(await refusedWith(ask(actor, { ...BANK, account_number: "0011112222" }))).toMatchObject({
        status: 400,
        fieldErrors: { account_number: PAYOUT_DETAILS_REFUSALS.bankNotFound },
      });
      expect(await changesOf(id)).toHaveLength(0);
      expect(await smsOf(id)).toHaveLength(0);
      fake.variants = { ...DEFAULT_VARIANTS };
    });
  }

  it("a bank account while Paystack cannot be reached is refused for now (503): nothing stored", async () => {
    fake.accountHolders.set("280100:0012345678", "MENSAH AMA SERWAA");
    const { actor, id } = await freshDoctor();
    fake.mode = "server_error";
    try {
      expect(await refusedWith(ask(actor, BANK))).toMatchObject({
        status: 503,
        message: PAYOUT_DETAILS_REFUSALS.cannotCheck,
      });
    } finally {
      fake.mode = "normal";
    }
    expect(await changesOf(id)).toHaveLength(0);
  });

  for (const { name, variants } of variantsOf("momoResolve")) {
    it(`a wallet: its holder's name where Paystack gives it, else a code to the wallet's own number (${name})`, async () => {
      fake.variants = { ...variants };
      fake.walletHolders.set("0241239876", "AMA MENSAH");
      const { actor, id } = await freshDoctor();
      const now = new Date();
      const wallet = { ...MOMO, mobile_number: "024 123 9876" };
      const asked = await ask(actor, wallet, now);
      expect(fake.resolveQueries.at(-1)).toEqual({ account_number: "0241239876", bank_code: "MTN" });
      const codes = await codesFor(id);
      if (variants.momoResolve === "resolves") {
        expect(asked).toMatchObject({ walletTo: null, resolvedName: "AMA MENSAH" });
        expect((await getPayoutDetails(h.db, actor, now)).pending).toMatchObject({
          resolvedName: "AMA MENSAH",
          nameMatches: true,
          walletTo: null,
        });
        expect((await smsOf(id)).map((m) => m.event)).toEqual(["payout.details_code"]);
      } else {
        expect(asked).toMatchObject({ walletTo: "+233 24 123 9876", resolvedName: null });
        expect((await getPayoutDetails(h.db, actor, now)).pending).toMatchObject({
          resolvedName: null,
          walletTo: "+233 24 123 9876",
        });
        expect((await smsOf(id)).map((m) => [m.event, m.recipient]).sort()).toEqual([
          ["payout.details_code", expect.stringMatching(/^\+23320556/)],
          ["payout.wallet_code", "+233241239876"],
        ]);
        // Without the wallet's code, or with a wrong one (a counted try), nothing changes.
        expect(
          await refusedWith(confirmPayoutDetailsChange(h.db, actor, confirmWith({ ...codes, wallet: "" }), now)),
        ).toMatchObject({ status: 400, fieldErrors: { wallet_code: PAYOUT_DETAILS_REFUSALS.walletCode } });
        const wrong = codes.wallet === "000000" ? "000001" : "000000";
        expect(
          await refusedWith(confirmPayoutDetailsChange(h.db, actor, confirmWith({ ...codes, wallet: wrong }), now)),
        ).toMatchObject({ status: 400, fieldErrors: { wallet_code: PAYOUT_DETAILS_REFUSALS.wrongCode } });
        expect((await changesOf(id))[0]?.attempts).toBe(1);
      }
      expect((await confirmPayoutDetailsChange(h.db, actor, confirmWith(codes), now)).ok).toBe(true);
      fake.variants = { ...DEFAULT_VARIANTS };
    });
  }

  it("a wallet while Paystack cannot be reached gets the wallet's code, like an unnamed one", async () => {
    fake.variants = { ...DEFAULT_VARIANTS, momoResolve: "resolves" };
    fake.walletHolders.set("0241239877", "AMA MENSAH");
    const { actor } = await freshDoctor();
    fake.mode = "server_error";
    try {
      expect(await ask(actor, { ...MOMO, mobile_number: "0241239877" })).toMatchObject({
        walletTo: "+233 24 123 9877",
        resolvedName: null,
      });
    } finally {
      fake.mode = "normal";
      fake.variants = { ...DEFAULT_VARIANTS };
    }
  });

  it("a wallet on the doctor's own confirmed number: its one SMS code already reaches the wallet", async () => {
    const { actor, id } = await freshDoctor();
    const [user] = await h.db.select({ phone: users.confirmedPhone }).from(users).where(eq(users.id, id));
    const now = new Date();
    const asked = await ask(actor, { ...MOMO, mobile_number: user!.phone! }, now);
    expect(asked).toMatchObject({ walletTo: null, resolvedName: null });
    expect((await getPayoutDetails(h.db, actor, now)).pending).toMatchObject({ walletTo: null, smsIsWallet: true });
    expect((await smsOf(id)).map((m) => [m.event, m.recipient])).toEqual([["payout.details_code", user!.phone]]);
    expect((await confirmPayoutDetailsChange(h.db, actor, confirmWith(await codesFor(id)), now)).ok).toBe(true);
  });

  // Decision 036 (the outside security review's finding 2): a changed number would receive the next
  // change's SMS code.
  it("no change of payout details for 24 hours after the confirmed number changed", async () => {
    const account = await createAccount(h.db, { role: "doctor", approved: true });
    await h.db
      .update(users)
      .set({ confirmedPhone: "+233245550149", phoneConfirmedAt: new Date(Date.now() - 86_400_000) })
      .where(eq(users.id, account.id));
    const actor = await actorById(h.db, account.id);
    const now = new Date();
    // A change asked for before the number changed (its SMS code went to the old number)...
    await requestPayoutDetailsChange(h.db, actor, MOMO, now);
    const before = await codesFor(account.id);
    let smsCode = "";
    const capture = {
      inTransaction: async (_tx: unknown, m: { text: string }) => {
        smsCode = /(\d{6})/.exec(m.text)?.[1] ?? "";
      },
    };
    await requestPhoneCode(h.db, actor, { phone: "0245550150", password: account.password }, capture, now);
    await confirmPhoneCode(h.db, actor, { code: smsCode }, now);
    const soon = new Date(now.getTime() + 60_000);
    // ...cannot be confirmed now, and no new one can be asked for.
    for (const call of [
      () =>
        confirmPayoutDetailsChange(
          h.db,
          actor,
          { intent: "confirm", sms_code: before.sms, email_code: before.email },
          soon,
        ),
      () => requestPayoutDetailsChange(h.db, actor, MOMO, soon),
      () => requestPayoutDetailsChange(h.db, actor, MOMO, new Date(now.getTime() + 24 * 3600_000 - 60_000)),
    ]) {
      expect(await refusedWith(call())).toMatchObject({ status: 409, message: PAYOUT_DETAILS_REFUSALS.phoneChanged });
    }
    const [row] = await h.db.select().from(payoutDetails).where(eq(payoutDetails.doctorId, account.id));
    expect(row).toBeUndefined();
    expect((await getPayoutDetails(h.db, actor, soon)).phoneChangeHoldUntil).toBe(
      new Date(now.getTime() + 24 * 3600_000).toISOString(),
    );
    // A day later the owner may change them (the codes go to the new number).
    expect((await requestPayoutDetailsChange(h.db, actor, MOMO, new Date(now.getTime() + 24 * 3600_000))).smsTo).toBe(
      "+233 24 555 0150",
    );
  });
});
