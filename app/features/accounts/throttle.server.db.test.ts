import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createAccount } from "../../../tests/helpers/accounts";
import { startMailCatcher } from "../../../tests/helpers/mail-catcher";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { registerAccount, requestPasswordReset, signIn } from "./accounts.server";
import { LIMITS, limitFactor, throttleClock } from "./throttle.server";

vi.stubEnv("E2E_RELAXED_RATE_LIMITS", "");
vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123456789");
vi.stubEnv("APP_URL", "http://localhost:3000");

let h: TestDatabase;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let n = 0;
const freshIp = () => `198.51.100.${++n}`;
const MIN = 60_000;
const TOO_MANY = /^Too many attempts\. Try again in \d+ minutes?\.$/;

beforeAll(async () => {
  mail = await startMailCatcher();
  vi.stubEnv("SMTP_URL", mail.url);
  h = await createTestDb();
});
afterAll(async () => {
  await h.drop();
  await mail.stop();
});

describe("the limits are the issue's", () => {
  it("as configured", () => {
    expect(LIMITS.signInPerIp).toEqual({ limit: 20, windowMs: 5 * MIN });
    expect(LIMITS.signInFailures).toMatchObject({ limit: 5, windowMs: 15 * MIN });
    expect(LIMITS.resetPerAccountMinute).toEqual({ limit: 1, windowMs: MIN });
    expect(LIMITS.resetPerAccountHour).toEqual({ limit: 5, windowMs: 60 * MIN });
  });
  it("are relaxed 100 times for the end-to-end server only", () => {
    expect(limitFactor()).toBe(1);
    vi.stubEnv("E2E_RELAXED_RATE_LIMITS", "1");
    expect(limitFactor()).toBe(100);
    vi.stubEnv("E2E_RELAXED_RATE_LIMITS", "");
  });
});

describe("sign-in", () => {
  it("allows 20 tries per IP in 5 minutes, then refuses even the right password", async () => {
    const account = await createAccount(h.db);
    const ip = "203.0.113.7";
    const t0 = new Date("2030-01-01T10:00:10Z");
    for (let i = 0; i < 20; i++) {
      // Different (unknown) addresses: only the IP rule counts them together.
      const result = await signIn(h.db, { email: `x${i}@example.test`, password: "nope" }, { ip }, t0);
      expect(result).toEqual({ ok: false, message: "Invalid email or password" });
    }
    const refused = await signIn(h.db, account, { ip }, t0);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.message).toBe("Too many attempts. Try again in 5 minutes.");
    // Another address is not affected; the next window is open again.
    expect((await signIn(h.db, account, { ip: freshIp() }, t0)).ok).toBe(true);
    expect((await signIn(h.db, account, { ip }, new Date("2030-01-01T10:05:10Z"))).ok).toBe(true);
  });

  it("locks a client (account and IP) after 5 failures in 15 minutes, for a growing delay", async () => {
    const account = await createAccount(h.db);
    const wrong = { email: account.email, password: "wrong-password" };
    const attacker = freshIp();
    const t0 = new Date("2030-01-02T08:00:00Z");
    const at = (minutes: number) => new Date(t0.getTime() + minutes * MIN);
    for (let i = 0; i < 4; i++) {
      expect(await signIn(h.db, wrong, { ip: attacker }, at(i))).toEqual({
        ok: false,
        message: "Invalid email or password",
      });
    }
    // The fifth failure locks this client out of the account for 15 minutes.
    expect(await signIn(h.db, wrong, { ip: attacker }, at(4))).toEqual({
      ok: false,
      message: "Too many attempts. Try again in 15 minutes.",
    });
    // While locked, even the right password from that client is refused, and does not extend the lock.
    const locked = await signIn(h.db, account, { ip: attacker }, at(10));
    expect(!locked.ok && locked.message).toBe("Too many attempts. Try again in 9 minutes.");
    // After the lock: five more failures lock it for twice as long.
    for (let i = 0; i < 4; i++) expect((await signIn(h.db, wrong, { ip: attacker }, at(20 + i))).ok).toBe(false);
    const second = await signIn(h.db, wrong, { ip: attacker }, at(24));
    expect(!second.ok && second.message).toBe("Too many attempts. Try again in 30 minutes.");
    expect((await signIn(h.db, account, { ip: attacker }, at(53))).ok).toBe(false);
    // Once it has passed, the right password works, and success forgets the failures.
    expect((await signIn(h.db, account, { ip: attacker }, at(55))).ok).toBe(true);
    for (let i = 0; i < 4; i++) expect((await signIn(h.db, wrong, { ip: attacker }, at(56 + i))).ok).toBe(false);
    expect(await signIn(h.db, wrong, { ip: attacker }, at(60))).toEqual({
      ok: false,
      message: "Too many attempts. Try again in 15 minutes.",
    });
  });

  it("never locks the owner out: another client with the right password signs in at once", async () => {
    const account = await createAccount(h.db);
    const attacker = freshIp();
    const t0 = new Date("2030-01-05T08:00:00Z");
    for (let i = 0; i < 6; i++) await signIn(h.db, { email: account.email, password: "guess" }, { ip: attacker }, t0);
    expect((await signIn(h.db, account, { ip: attacker }, t0)).ok).toBe(false);
    const sleep = vi.spyOn(throttleClock, "sleep");
    expect((await signIn(h.db, account, { ip: freshIp() }, t0)).ok).toBe(true);
    expect(sleep).not.toHaveBeenCalled();
    sleep.mockRestore();
  });

  it("slows an account guessed at from many clients, never refuses its right password, and tells the owner once", async () => {
    const account = await createAccount(h.db);
    const t0 = new Date("2030-01-06T08:00:00Z");
    const sleep = vi.spyOn(throttleClock, "sleep").mockResolvedValue();
    // A spread-out guesser: 25 addresses, one guess each.
    for (let i = 0; i < 25; i++) {
      const guess = await signIn(h.db, { email: account.email, password: `guess-${i}` }, { ip: freshIp() }, t0);
      expect(guess).toEqual({ ok: false, message: "Invalid email or password" });
    }
    // From the 11th try on, every try waited first (1 s, then 2 s), whoever sent it.
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([...Array(10).fill(1000), ...Array(5).fill(2000)]);
    // The owner, from a client that has not failed: slowed, not refused.
    sleep.mockClear();
    expect((await signIn(h.db, account, { ip: freshIp() }, t0)).ok).toBe(true);
    expect(sleep).toHaveBeenCalledTimes(1);
    sleep.mockRestore();
    // The owner heard of it once (at the 20th failure), with a link and no detail.
    const notices = await mail.waitFor(
      (m) => m.to.includes(account.email) && /Failed sign-in attempts/.test(m.subject),
    );
    expect(notices.text).toContain("/forgot-password");
    await new Promise((r) => setTimeout(r, 300));
    expect(mail.messages.filter((m) => m.to.includes(account.email) && /Failed sign-in/.test(m.subject))).toHaveLength(
      1,
    );
  });

  it("counts failures in a 15-minute window", async () => {
    const account = await createAccount(h.db);
    const wrong = { email: account.email, password: "wrong-password" };
    const ip = freshIp();
    const t0 = new Date("2030-01-03T08:00:00Z");
    for (let i = 0; i < 4; i++) await signIn(h.db, wrong, { ip }, new Date(t0.getTime() + i * MIN));
    // 16 minutes after the first failure the count starts again.
    const later = await signIn(h.db, wrong, { ip }, new Date(t0.getTime() + 16 * MIN));
    expect(later).toEqual({ ok: false, message: "Invalid email or password" });
  });

  it("locks an unknown address the same way (nothing reveals whether an account exists)", async () => {
    const wrong = { email: "nobody-here@example.test", password: "wrong-password" };
    const ip = freshIp();
    const t0 = new Date("2030-01-04T08:00:00Z");
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await signIn(h.db, wrong, { ip }, t0));
    expect(results.map((r) => !r.ok && r.message)).toEqual([
      "Invalid email or password",
      "Invalid email or password",
      "Invalid email or password",
      "Invalid email or password",
      "Too many attempts. Try again in 15 minutes.",
      "Too many attempts. Try again in 15 minutes.",
    ]);
  });
});

describe("reset requests", () => {
  it("allow one a minute and five an hour per account, known or not", async () => {
    for (const email of [(await createAccount(h.db)).email, "unknown-reset@example.test"]) {
      const t0 = new Date("2030-02-01T09:00:05Z");
      const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
      expect(await requestPasswordReset(h.db, email, { ip: freshIp() }, at(0))).toEqual({ ok: true });
      const again = await requestPasswordReset(h.db, email, { ip: freshIp() }, at(20));
      expect(again).toEqual({ ok: false, message: "Too many attempts. Try again in 1 minute." });
      for (let i = 1; i < 5; i++) {
        expect(await requestPasswordReset(h.db, email.toUpperCase(), { ip: freshIp() }, at(i * 61))).toEqual({
          ok: true,
        });
      }
      const sixth = await requestPasswordReset(h.db, email, { ip: freshIp() }, at(6 * 61));
      expect(!sixth.ok && sixth.message).toMatch(TOO_MANY);
      expect(await requestPasswordReset(h.db, email, { ip: freshIp() }, at(3600))).toEqual({ ok: true });
    }
  });

  it("are capped per IP", async () => {
    const ip = "203.0.113.99";
    const t0 = new Date("2030-02-02T09:00:00Z");
    for (let i = 0; i < 20; i++) {
      expect(await requestPasswordReset(h.db, `ip-cap-${i}@example.test`, { ip }, t0)).toEqual({ ok: true });
    }
    const refused = await requestPasswordReset(h.db, "ip-cap-x@example.test", { ip }, t0);
    expect(!refused.ok && refused.message).toBe("Too many attempts. Try again in 60 minutes.");
  });
});

describe("sign-ups", () => {
  it("are capped per IP", async () => {
    const ip = "203.0.113.150";
    const input = (i: number) => ({
      full_name: "Cap Test",
      email: `signup-cap-${i}@example.test`,
      phone: "0241234567",
      password: "Passw0rd!",
      role: "doctor" as const,
      specialty: null,
      facility_id: null,
    });
    for (let i = 0; i < 10; i++) expect(await registerAccount(h.db, input(i), { ip })).toEqual({ ok: true });
    const refused = await registerAccount(h.db, input(10), { ip });
    expect(!refused.ok && refused.message).toMatch(TOO_MANY);
  });
});
