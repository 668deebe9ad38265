import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ANONYMOUS } from "~/auth/actor";
import { type Actor, actorById } from "~/auth/actor.server";
import { auditEvents, messages, payoutDetailChanges, payoutDetails, users } from "~/db/schema";
import { confirmPhoneCode, requestPhoneCode } from "~/features/phones/public.server";
import { once } from "~/lib/idempotency.server";
import { createAccount } from "../../../tests/helpers/accounts";
import { insertFacility, refusedWith, statusOf } from "../../../tests/helpers/domain";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import {
  confirmPayoutDetailsChange,
  getPayoutDetails,
  PAYOUT_DETAILS_REFUSALS,
  requestPayoutDetailsChange,
} from "./payout-details.server";

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

/** The codes the doctor received: the newest SMS and email about payout details. */
async function codesFor(userId: string): Promise<{ sms: string; email: string }> {
  const latest = async (channel: "sms" | "email") => {
    const [row] = await h.db
      .select({ payload: messages.payload, recipient: messages.recipient })
      .from(messages)
      .where(and(eq(messages.userId, userId), eq(messages.channel, channel), eq(messages.event, "payout.details_code")))
      .orderBy(desc(messages.createdAt))
      .limit(1);
    const text = String((row?.payload as { text?: string } | null)?.text ?? "");
    return /(\d{6})/.exec(text)?.[1] ?? "";
  };
  return { sms: await latest("sms"), email: await latest("email") };
}

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
    expect(asked).toEqual({ ok: true, smsTo: "+233 20 555 0147" });
    const [sms] = await h.db
      .select({ recipient: messages.recipient })
      .from(messages)
      .where(and(eq(messages.userId, doctorId), eq(messages.channel, "sms")));
    expect(sms?.recipient).toBe(PHONE);
    const codes = await codesFor(doctorId);
    expect(codes.sms).toMatch(/^\d{6}$/);
    expect(codes.email).toMatch(/^\d{6}$/);
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
          { intent: "confirm", sms_code: codes.sms, email_code: codes.sms === codes.email ? wrongSms : codes.sms },
          now,
        ),
      ),
    ).toMatchObject({ status: 400, fieldErrors: { email_code: PAYOUT_DETAILS_REFUSALS.wrongCode } });
    const done = await confirmPayoutDetailsChange(
      h.db,
      doctor,
      { intent: "confirm", sms_code: codes.sms, email_code: codes.email },
      now,
    );
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
    expect(
      await statusOf(
        confirmPayoutDetailsChange(
          h.db,
          doctor,
          { intent: "confirm", sms_code: codes.sms, email_code: codes.email },
          now,
        ),
      ),
    ).toBe(409);
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
        await statusOf(
          confirmPayoutDetailsChange(h.db, actor, { intent: "confirm", sms_code: codes.sms, email_code: wrong }, now),
        ),
      ).toBe(i < 4 ? 400 : 429);
    }
    expect(
      await refusedWith(
        confirmPayoutDetailsChange(
          h.db,
          actor,
          { intent: "confirm", sms_code: codes.sms, email_code: codes.email },
          now,
        ),
      ),
    ).toMatchObject({ status: 429, message: PAYOUT_DETAILS_REFUSALS.noTriesLeft });
    await requestPayoutDetailsChange(h.db, actor, MOMO, now);
    const fresh = await codesFor(id);
    const later = new Date(now.getTime() + 16 * 60_000);
    expect(
      await refusedWith(
        confirmPayoutDetailsChange(
          h.db,
          actor,
          { intent: "confirm", sms_code: fresh.sms, email_code: fresh.email },
          later,
        ),
      ),
    ).toMatchObject({ status: 409, message: PAYOUT_DETAILS_REFUSALS.expired });
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
  });

  // Issue 33, finding 2: a changed number would receive the next change's SMS code.
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
