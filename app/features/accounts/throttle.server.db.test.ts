import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { authFor } from "~/auth/auth.server";
import { accounts, users } from "~/db/schema";
import { mayMailRecipient } from "~/email/mail-limit.server";
import { limitFactor } from "~/lib/rate-limit.server";
import { createAccount, type TestAccount, withFastPasswordHashes } from "../../../tests/helpers/accounts";
import { startMailCatcher } from "../../../tests/helpers/mail-catcher";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { registerAccount, requestPasswordReset, signIn } from "./accounts.server";
import { inFlight, LIMITS, throttleClock } from "./throttle.server";

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
  // This file's subject is the limits, over hundreds of sign-ins and registrations: scrypt's cost
  // is not (accounts.server.db.test.ts signs in and registers with it).
  await withFastPasswordHashes(h.db);
});
afterAll(async () => {
  await h.drop();
  await mail.stop();
});

/** `n` verified doctors sharing one password (hashed once). */
async function manyAccounts(n: number, tag: string): Promise<TestAccount[]> {
  const password = "Correct-Horse-9";
  const hash = await (await authFor(h.db).$context).password.hash(password);
  const rows = await h.db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        fullName: `Nurse ${i}`,
        email: `${tag}-${i}@example.test`,
        emailVerified: true,
        role: "doctor" as const,
        phone: "0241234567",
      })),
    )
    .returning({ id: users.id, email: users.email });
  await h.db
    .insert(accounts)
    .values(rows.map((r) => ({ userId: r.id, accountId: r.id, providerId: "credential", password: hash })));
  return rows.map((r) => ({ id: r.id, email: r.email, password }));
}

describe("the limits are the issue's", () => {
  it("as configured", () => {
    expect(LIMITS.signInFailuresPerIp).toEqual({ limit: 300, windowMs: 15 * MIN });
    expect(LIMITS.signInFailures).toMatchObject({ limit: 5, windowMs: 15 * MIN });
    expect(LIMITS.signUpPerIp).toEqual({ limit: 200, windowMs: 24 * 60 * MIN });
    expect(LIMITS.signUpPerAddress).toEqual({ limit: 10, windowMs: 24 * 60 * MIN });
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
  it("lets 200 users behind one address (carrier NAT) sign in during an attack from it; successes never count", async () => {
    const nat = "100.64.7.1";
    const t0 = new Date("2030-01-01T10:00:10Z");
    const staff = await manyAccounts(200, "nat");
    const invalid = { ok: false, message: "Invalid email or password" };
    const signedIn: string[] = [];
    for (const [i, user] of staff.entries()) {
      // The attacker, on the same address, tries junk between every two real sign-ins.
      expect(await signIn(h.db, { email: `junk-${i}@example.test`, password: "letmein" }, { ip: nat }, t0)).toEqual(
        invalid,
      );
      // One user in ten mistypes first.
      if (i % 10 === 0)
        expect(await signIn(h.db, { ...user, password: "Correct-Horse-8" }, { ip: nat }, t0)).toEqual(invalid);
      const result = await signIn(h.db, user, { ip: nat }, t0);
      if (result.ok) signedIn.push(user.email);
    }
    // Every real user got in (the old rule, 20 tries per IP in 5 minutes, refused all but a few).
    expect(signedIn).toHaveLength(200);
    // 220 failures so far; the 200 successes did not count. 80 more reach the ceiling of 300.
    for (let i = 0; i < 80; i++) {
      expect(await signIn(h.db, { email: `more-junk-${i}@example.test`, password: "x" }, { ip: nat }, t0)).toEqual(
        invalid,
      );
    }
    const tooMany = { ok: false, message: "Too many attempts. Try again in 15 minutes." };
    expect(await signIn(h.db, { email: "junk-x@example.test", password: "x" }, { ip: nat }, t0)).toEqual(tooMany);
    // Past the ceiling, a client new to an account is refused even its right password; the users who
    // signed in from this address before still get in, and the address next door is not affected.
    const [newcomer] = await manyAccounts(1, "nat-newcomer");
    expect(await signIn(h.db, newcomer, { ip: nat }, t0)).toEqual(tooMany);
    expect((await signIn(h.db, staff[17], { ip: nat }, t0)).ok).toBe(true);
    expect((await signIn(h.db, newcomer, { ip: "100.64.7.2" }, t0)).ok).toBe(true);
    // The next window is open again.
    expect((await signIn(h.db, newcomer, { ip: nat }, new Date("2030-01-01T10:15:00Z"))).ok).toBe(true);
  }, 180_000);

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

  it("holds parallel guesses at a slowed account back: one at a time, at most 10 under way; a known client passes", async () => {
    const account = await createAccount(h.db);
    const t0 = new Date("2030-01-07T08:00:00Z");
    const home = freshIp();
    expect((await signIn(h.db, account, { ip: home }, t0)).ok).toBe(true);
    const sleep = vi.spyOn(throttleClock, "sleep").mockResolvedValue();
    for (let i = 0; i < 10; i++)
      await signIn(h.db, { email: account.email, password: `guess-${i}` }, { ip: freshIp() }, t0);
    // The account is slowed now. Each wait is held until the test lets it go.
    const waits: Array<() => void> = [];
    sleep.mockImplementation(() => new Promise<void>((resolve) => waits.push(resolve)));
    const guesses = Array.from({ length: 15 }, (_, i) =>
      signIn(h.db, { email: account.email, password: `parallel-${i}` }, { ip: freshIp() }, t0),
    );
    // 15 parallel guesses from 15 addresses: one waits its delay, nine queue behind it, five are refused.
    await vi.waitFor(() => expect(waits).toHaveLength(1));
    await vi.waitFor(() => expect(inFlight(account.email)).toBe(10));
    // The owner, from where they signed in before, is not queued behind the guesses (only slowed).
    const owner = signIn(h.db, account, { ip: home }, t0);
    await vi.waitFor(() => expect(waits).toHaveLength(2));
    waits[1]();
    expect((await owner).ok).toBe(true);
    // The queued guesses run one after another: never two waits at once.
    let released = 1;
    waits[0]();
    while (released < 10) {
      await vi.waitFor(() => expect(waits).toHaveLength(released + 2));
      waits[released + 1]();
      released += 1;
    }
    const results = await Promise.all(guesses);
    expect(waits).toHaveLength(11);
    const messages = results.map((r) => !r.ok && r.message);
    expect(messages.filter((m) => m === "Invalid email or password")).toHaveLength(10);
    expect(messages.filter((m) => m === "Too many attempts. Try again in 1 minute.")).toHaveLength(5);
    expect(inFlight(account.email)).toBe(0);
    sleep.mockRestore();
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
  const input = (email: string) => ({
    full_name: "Cap Test",
    email,
    phone: "0241234567",
    password: "Kenkey-Harbour-Lamp-7",
    role: "doctor" as const,
    specialty: null,
    facility_id: null,
    mdc_number: "MDC/RN/12345",
    hefra_licence: null,
  });

  it("allow 200 a day from one IP (a hospital onboarding its staff), then refuse", async () => {
    const ip = "203.0.113.150";
    for (let i = 0; i < 200; i++) {
      expect(await registerAccount(h.db, input(`signup-cap-${i}@example.test`), { ip })).toEqual({ ok: true });
    }
    const refused = await registerAccount(h.db, input("signup-cap-200@example.test"), { ip });
    expect(!refused.ok && refused.message).toMatch(TOO_MANY);
    expect(await registerAccount(h.db, input("signup-cap-200@example.test"), { ip: freshIp() })).toEqual({ ok: true });
  }, 180_000);

  it("allow 10 a day per address, whatever the IPs; other addresses are not affected", async () => {
    for (let i = 0; i < 10; i++) {
      expect(await registerAccount(h.db, input("Same.Address@example.test"), { ip: freshIp() })).toEqual({ ok: true });
    }
    const refused = await registerAccount(h.db, input("same.address@example.test"), { ip: freshIp() });
    expect(!refused.ok && refused.message).toMatch(TOO_MANY);
    expect(await registerAccount(h.db, input("other.address@example.test"), { ip: freshIp() })).toEqual({ ok: true });
  });

  it("tell the owner of an existing address once an hour, however many registrations arrive from however many IPs", async () => {
    const account = await createAccount(h.db);
    for (let i = 0; i < 4; i++) {
      expect(await registerAccount(h.db, input(account.email), { ip: freshIp() })).toEqual({ ok: true });
    }
    await mail.waitFor((m) => m.to.includes(account.email) && /already have/i.test(m.subject));
    await new Promise((r) => setTimeout(r, 300));
    expect(mail.messages.filter((m) => m.to.includes(account.email))).toHaveLength(1);
  });
});

describe("mails to a recipient", () => {
  it("go once an hour per recipient and kind", async () => {
    const t0 = new Date("2030-03-01T09:00:00Z");
    expect(await mayMailRecipient(h.db, "test-kind", "Owner@example.test", t0)).toBe(true);
    expect(await mayMailRecipient(h.db, "test-kind", "owner@example.test", new Date(t0.getTime() + 59 * MIN))).toBe(
      false,
    );
    expect(await mayMailRecipient(h.db, "other-kind", "owner@example.test", t0)).toBe(true);
    expect(await mayMailRecipient(h.db, "test-kind", "someone@example.test", t0)).toBe(true);
    expect(await mayMailRecipient(h.db, "test-kind", "owner@example.test", new Date(t0.getTime() + 60 * MIN))).toBe(
      true,
    );
  });
});
