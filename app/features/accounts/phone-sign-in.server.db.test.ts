import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { actorById } from "~/auth/actor.server";
import { auditEvents, phoneConfirmations, sessions, users } from "~/db/schema";
import type { OutboundMessage } from "~/features/messaging/public.server";
import type { CodeDelivery } from "~/features/phones/public.server";
import { refusalOf } from "~/lib/refusal";
import { createAccount } from "../../../tests/helpers/accounts";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { signIn } from "./accounts.server";
import { PHONE_SIGN_IN_MESSAGES, requestSignInCode, signInWithCode } from "./phone-sign-in.server";
import { setAdminsPasswordOnly } from "./sign-in-policy.server";

vi.stubEnv("E2E_RELAXED_RATE_LIMITS", "");
vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123456789");
vi.stubEnv("APP_URL", "http://localhost:3000");

let h: TestDatabase;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h.drop();
});

const sent: OutboundMessage[] = [];
/** Captures each code SMS as a queue would take it, so the test reads the code. */
const capture: CodeDelivery = { inTransaction: async (_tx, message) => void sent.push(message) };
const sentTo = (phone: string) => sent.filter((m) => m.to === phone);
const lastCodeTo = (phone: string) => /sign-in code is (\d{6})/.exec(sentTo(phone).at(-1)?.text ?? "")?.[1] ?? "";
const minutes = (n: number, from: Date) => new Date(from.getTime() + n * 60_000);
let n = 0;
const freshIp = () => `203.0.113.${++n}`;
const freshPhone = () => `+23324${String(1_000_000 + ++n * 7919).slice(-7)}`;
const meta = (ip: string) => ({ ip });

/** An approved account (doctor unless said) whose number was confirmed a day before `now`. */
async function withNumber(phone: string, now: Date, options: Parameters<typeof createAccount>[1] = {}) {
  const account = await createAccount(h.db, { approved: true, emailVerified: true, ...options });
  await h.db
    .update(users)
    .set({ confirmedPhone: phone, phoneConfirmedAt: minutes(-24 * 60, now) })
    .where(eq(users.id, account.id));
  return account;
}

async function refusal(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    const refused = refusalOf(error);
    if (refused) return refused;
    throw error;
  }
  throw new Error("expected a refusal");
}

const ask = (phone: string, ip: string, now: Date) => requestSignInCode(h.db, { phone }, meta(ip), capture, now);
const enter = (phone: string, code: string, ip: string, now: Date) =>
  signInWithCode(h.db, { phone, code }, meta(ip), now);
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("sign in with a phone (issue 37)", () => {
  it("a confirmed number gets a code by SMS, and the code signs in once, with better-auth's session", async () => {
    const now = new Date();
    const phone = freshPhone();
    const ip = freshIp();
    const account = await withNumber(phone, now);
    expect(await ask(phone.replace("+233", "0"), ip, now)).toEqual({ phone });
    expect(sentTo(phone)).toHaveLength(1);
    const code = lastCodeTo(phone);
    const signedIn = await enter(phone, `${code.slice(0, 3)} ${code.slice(3)}`, ip, minutes(1, now));
    expect(signedIn.redirectTo).toBe("/dashboard/doctor");
    const cookie = signedIn.headers.getSetCookie().join("\n");
    expect(cookie).toMatch(/app\.session_token=/);
    expect(cookie).toMatch(/HttpOnly/i);
    const rows = await h.db.select().from(sessions).where(eq(sessions.userId, account.id));
    expect(rows).toHaveLength(1);
    // The session lasts the idle time, as a password sign-in's.
    expect(rows[0].expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(30 * 60_000 + 5_000);
    // Used: the same code again signs nobody in.
    expect((await refusal(enter(phone, code, ip, minutes(2, now)))).message).toBe(PHONE_SIGN_IN_MESSAGES.wrongCode);
  });

  it("an unknown number gets the same answer and no SMS; nothing is stored for it", async () => {
    const now = new Date();
    const phone = freshPhone();
    expect(await ask(phone, freshIp(), now)).toEqual({ phone });
    expect(sentTo(phone)).toHaveLength(0);
    expect(await h.db.select().from(phoneConfirmations).where(eq(phoneConfirmations.phone, phone))).toHaveLength(0);
    expect((await refusal(enter(phone, "123456", freshIp(), now))).message).toBe(PHONE_SIGN_IN_MESSAGES.wrongCode);
  });

  it("an account awaiting approval, or a number on two accounts, gets no SMS", async () => {
    const now = new Date();
    const pending = freshPhone();
    const account = await createAccount(h.db, { approved: false, emailVerified: true });
    await h.db.update(users).set({ confirmedPhone: pending, phoneConfirmedAt: now }).where(eq(users.id, account.id));
    await ask(pending, freshIp(), now);
    const shared = freshPhone();
    await withNumber(shared, now);
    await withNumber(shared, now);
    await ask(shared, freshIp(), now);
    expect(sentTo(pending)).toHaveLength(0);
    expect(sentTo(shared)).toHaveLength(0);
  });

  it("5 minutes: an expired code signs nobody in", async () => {
    const now = new Date();
    const phone = freshPhone();
    await withNumber(phone, now);
    await ask(phone, freshIp(), now);
    const refused = await refusal(enter(phone, lastCodeTo(phone), freshIp(), minutes(5, now)));
    expect(refused).toMatchObject({ status: 400, message: PHONE_SIGN_IN_MESSAGES.wrongCode });
  });

  it("3 wrong codes lock the number's sign-in for 15 minutes, across resends; the right code is refused too", async () => {
    const now = new Date();
    const phone = freshPhone();
    await withNumber(phone, now);
    const ip = freshIp();
    await ask(phone, ip, now);
    const first = lastCodeTo(phone);
    expect((await refusal(enter(phone, wrong(first), ip, minutes(1, now)))).message).toBe(
      PHONE_SIGN_IN_MESSAGES.wrongCode,
    );
    await refusal(enter(phone, wrong(first), ip, minutes(1, now)));
    // A resend gives a new code, not new tries.
    await ask(phone, ip, minutes(2, now));
    const second = lastCodeTo(phone);
    expect(await refusal(enter(phone, wrong(second), ip, minutes(2, now)))).toMatchObject({
      status: 429,
      message: PHONE_SIGN_IN_MESSAGES.locked,
    });
    expect((await refusal(enter(phone, second, ip, minutes(3, now)))).message).toBe(PHONE_SIGN_IN_MESSAGES.locked);
    // Nor does asking again send anything while locked.
    const before = sentTo(phone).length;
    expect((await refusal(ask(phone, ip, minutes(4, now)))).message).toBe(PHONE_SIGN_IN_MESSAGES.locked);
    expect(sentTo(phone)).toHaveLength(before);
    // 15 minutes after the wrong codes, a new code works.
    await ask(phone, ip, minutes(17, now));
    expect((await enter(phone, lastCodeTo(phone), ip, minutes(17, now))).redirectTo).toBe("/dashboard/doctor");
  });

  it("an unknown number is locked after 3 wrong codes as well (the answers are alike)", async () => {
    const now = new Date();
    const phone = freshPhone();
    const ip = freshIp();
    for (let i = 0; i < 2; i++) await refusal(enter(phone, "111111", ip, now));
    expect((await refusal(enter(phone, "111111", ip, now))).message).toBe(PHONE_SIGN_IN_MESSAGES.locked);
    expect((await refusal(ask(phone, ip, now))).message).toBe(PHONE_SIGN_IN_MESSAGES.locked);
  });

  it("3 codes per number in 15 minutes and 10 a day, for known and unknown numbers alike", async () => {
    // At the start of a quarter hour, far from midnight: the per-number counters of numbers
    // without an account are fixed windows (rate_limits), the codes' own counts slide.
    const now = new Date("2026-03-10T10:00:00Z");
    for (const known of [true, false]) {
      const phone = freshPhone();
      if (known) await withNumber(phone, now);
      for (let i = 0; i < 3; i++) await ask(phone, freshIp(), minutes(i, now));
      expect(await refusal(ask(phone, freshIp(), minutes(3, now)))).toMatchObject({
        status: 429,
        message: PHONE_SIGN_IN_MESSAGES.tooMany,
      });
      expect(sentTo(phone)).toHaveLength(known ? 3 : 0);
      // Spread out over later quarter hours: 3 + 3 + 3 + 1 make the day's 10; the 11th, in a
      // quarter hour with room left, is refused.
      for (const at of [16, 17, 18, 31, 32, 33, 46]) await ask(phone, freshIp(), minutes(at, now));
      expect((await refusal(ask(phone, freshIp(), minutes(47, now)))).message).toBe(PHONE_SIGN_IN_MESSAGES.tooMany);
      expect(sentTo(phone)).toHaveLength(known ? 10 : 0);
    }
  });

  it("wrong codes count towards the account's lockout, as wrong passwords do", async () => {
    const now = new Date();
    const phone = freshPhone();
    const account = await withNumber(phone, now);
    const ip = freshIp();
    for (let i = 0; i < 4; i++) {
      const result = await signIn(h.db, { email: account.email, password: "Not-The-Password-1" }, meta(ip), now);
      expect(result.ok).toBe(false);
    }
    await ask(phone, ip, now);
    // The fifth failure, a wrong code, locks this client out of the account.
    expect((await refusal(enter(phone, wrong(lastCodeTo(phone)), ip, now))).message).toMatch(
      /^Too many attempts\. Try again in 15 minutes\.$/,
    );
    const password = await signIn(h.db, { email: account.email, password: account.password }, meta(ip), now);
    expect(password.ok).toBe(false);
    // And a locked-out client's right code does not sign in either.
    await ask(phone, ip, minutes(1, now));
    expect((await refusal(enter(phone, lastCodeTo(phone), ip, minutes(1, now)))).status).toBe(429);
  });

  it("a system administrator's rule, audited, keeps system administrators to their password", async () => {
    const now = new Date();
    const phone = freshPhone();
    const admin = await withNumber(phone, now, { role: "system_admin" });
    const adminActor = await actorById(h.db, admin.id);
    const doctor = await actorById(h.db, (await createAccount(h.db, { approved: true })).id);
    expect((await refusal(setAdminsPasswordOnly(h.db, doctor, true))).status).toBe(403);
    await setAdminsPasswordOnly(h.db, adminActor, true);
    await ask(phone, freshIp(), now);
    expect(sentTo(phone)).toHaveLength(0);
    const audit = await h.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, admin.id), eq(auditEvents.action, "account.admin_sign_in_changed")));
    expect(audit).toMatchObject([{ fromStatus: "password or phone", toStatus: "password only" }]);
    // Allowed again: the code signs the administrator in.
    await setAdminsPasswordOnly(h.db, adminActor, false);
    const ip = freshIp();
    await ask(phone, ip, minutes(1, now));
    expect((await enter(phone, lastCodeTo(phone), ip, minutes(1, now))).redirectTo).toMatch(/^\/dashboard\//);
  });
});
