import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { actorHeaders, getActor } from "~/auth/actor.server";
import { RESET_LINK_TTL_SECONDS } from "~/auth/auth.server";
import { facilities, messages, sessions, users, verifications } from "~/db/schema";
import { logger } from "~/lib/logger.server";
import { refusalOf } from "~/lib/refusal";
import { createAccount, requestWith, sessionCookie, withFastPasswordHashes } from "../../../tests/helpers/accounts";
import { type CapturedMail, startMailCatcher } from "../../../tests/helpers/mail-catcher";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { RESET_LINK_GONE, resetPasswordAction } from "./account-actions.server";
import {
  MESSAGES,
  type RecoveryTokens,
  registerAccount,
  requestPasswordReset,
  resetLinkUser,
  resetPasswordWithLink,
  signIn,
  signOut,
  verifyEmail,
} from "./accounts.server";
import type { RegisterInput } from "./register-schema";

vi.stubEnv("E2E_RELAXED_RATE_LIMITS", "");
vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123456789");
vi.stubEnv("APP_URL", "http://localhost:3000");

let h: TestDatabase;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let facilityId: string;
let ipCounter = 0;
/** A fresh client address per call, so per-IP limits only bite in the tests about them. */
const meta = () => ({ ip: `192.0.2.${++ipCounter % 250}-${ipCounter}` });

beforeAll(async () => {
  mail = await startMailCatcher();
  vi.stubEnv("SMTP_URL", mail.url);
  h = await createTestDb();
  const [facility] = await h.db
    .insert(facilities)
    .values({
      slug: "test-clinic",
      name: "Test Clinic",
      type: "clinic",
      location: "Accra",
      country: "ghana",
      address: "1 Test Road",
      description: "A clinic.",
      image: "/images/x.webp",
      contact: { phones: [], email: "c@example.test", address: "1 Test Road" },
    })
    .returning({ id: facilities.id });
  facilityId = facility.id;
});
afterAll(async () => {
  await h.drop();
  await mail.stop();
});

const mailTo = (to: string, subject: RegExp) =>
  mail.waitFor((m: CapturedMail) => m.to.includes(to) && subject.test(m.subject));
const mailsTo = (to: string) => mail.messages.filter((m) => m.to.includes(to));

function registration(overrides: Partial<RegisterInput> = {}): RegisterInput {
  return {
    full_name: "Ama Mensah",
    email: `ama${++ipCounter}@example.test`,
    phone: "0241234567",
    password: "Kenkey-Harbour-Lamp-7",
    role: "doctor",
    specialty: "Cardiology",
    facility_id: null,
    mdc_number: "MDC/RN/12345",
    hefra_licence: null,
    ...overrides,
  };
}

function tokensFrom(m: CapturedMail): RecoveryTokens {
  const link = m.text.match(/https?:\/\/\S+\/reset-password#\S+/)?.[0];
  if (!link) throw new Error("no reset link");
  const params = new URLSearchParams(new URL(link).hash.slice(1));
  expect(params.get("type")).toBe("recovery");
  return { accessToken: params.get("access_token") ?? "", refreshToken: params.get("refresh_token") ?? "" };
}

async function userByEmail(email: string) {
  const [row] = await h.db.select().from(users).where(eq(users.email, email));
  return row;
}

async function sessionCount(userId: string): Promise<number> {
  const [row] = await h.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId));
  return row.n;
}

describe("registration", () => {
  it("creates an unverified doctor and emails a link that verifies the address", async () => {
    const input = registration({ email: "Kofi.Doctor@Example.test" });
    expect(await registerAccount(h.db, input, meta())).toEqual({ ok: true });
    const user = await userByEmail("kofi.doctor@example.test");
    expect(user).toMatchObject({
      fullName: "Ama Mensah",
      role: "doctor",
      specialty: "Cardiology",
      phone: "0241234567",
      isVerified: false,
      approvalStatus: "pending",
      emailVerified: false,
      facilityId: null,
    });
    const message = await mailTo("kofi.doctor@example.test", /Confirm your email/);
    const link = message.text.match(/http:\/\/localhost:3000\/auth\/verify\?token=\S+/)?.[0];
    expect(link).toBeTruthy();
    const token = new URL(link!).searchParams.get("token")!;
    expect(await verifyEmail(h.db, token)).toBe(true);
    expect((await userByEmail("kofi.doctor@example.test")).emailVerified).toBe(true);
    expect(await verifyEmail(h.db, `${token}x`)).toBe(false);
    expect(await verifyEmail(h.db, "")).toBe(false);
  });

  it("links a facility administrator to an active facility and keeps them pending", async () => {
    const input = registration({ role: "facility_admin", facility_id: facilityId, specialty: null });
    expect(await registerAccount(h.db, input, meta())).toEqual({ ok: true });
    expect(await userByEmail(input.email)).toMatchObject({
      role: "facility_admin",
      facilityId,
      specialty: null,
      approvalStatus: "pending",
      isVerified: false,
    });
  });

  it("refuses an unknown or inactive facility", async () => {
    for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      const result = await registerAccount(h.db, registration({ role: "facility_admin", facility_id: id }), meta());
      expect(result).toEqual({ ok: false, message: MESSAGES.facilityRequired, field: "facility_id" });
    }
  });

  it("answers an existing address the same way, creates nothing and tells the owner by mail", async () => {
    const first = registration();
    await registerAccount(h.db, first, meta());
    const again = await registerAccount(
      h.db,
      { ...first, full_name: "Someone Else", password: "Other-Canoe-Drum-8" },
      meta(),
    );
    expect(again).toEqual({ ok: true });
    const [row] = await h.db.select({ n: count() }).from(users).where(eq(users.email, first.email));
    expect(row.n).toBe(1);
    await mailTo(first.email, /already have/);
  });

  it("refuses a password known from breaches, even a strong-looking one, and creates nothing", async () => {
    const input = registration({ password: "Password1", confirmPassword: "Password1" } as Partial<RegisterInput>);
    const result = await registerAccount(h.db, input, meta());
    expect(result).toEqual({
      ok: false,
      field: "password",
      message: "This password is known from data breaches, so attackers try it first. Please choose another.",
    });
    const [row] = await h.db.select({ n: count() }).from(users).where(eq(users.email, input.email));
    expect(row.n).toBe(0);
  });

  it("refuses an easily guessed password that passes the strength rule, or the person's name with a digit, and creates nothing", async () => {
    for (const password of [
      "Admin@123",
      "Welcome@123",
      "Password@123",
      "P@ssw0rd123",
      "Qurhealth2026",
      "Ghana@2026",
      "AmaMensah1",
    ]) {
      const input = registration({ password });
      expect(await registerAccount(h.db, input, meta()), password).toEqual({
        ok: false,
        field: "password",
        message: "Add another word or two; avoid names and years",
      });
      const [row] = await h.db.select({ n: count() }).from(users).where(eq(users.email, input.email));
      expect(row.n).toBe(0);
    }
  });

  // The person's phone and specialty are among what the password must not be made of.
  it("refuses a password made of the phone number or the specialty given in the form", async () => {
    for (const password of ["0244123456Aa!", "Kb!6543214420", "Cardiology@2024", "ygoloidraC#2025"]) {
      const input = registration({
        full_name: "Kwame Boateng",
        phone: "024 412 3456",
        specialty: "Cardiology",
        password,
      });
      expect(await registerAccount(h.db, input, meta()), password).toEqual({
        ok: false,
        field: "password",
        message: "Add another word or two; avoid names and years",
      });
    }
  });

  it("answers simultaneous registrations of one address like any registration of an existing address", async () => {
    const input = registration();
    const errors = vi.spyOn(logger, "error");
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => registerAccount(h.db, { ...input, full_name: `Racer ${i}` }, meta())),
    );
    expect(results).toEqual(Array.from({ length: 6 }, () => ({ ok: true })));
    const [row] = await h.db.select({ n: count() }).from(users).where(eq(users.email, input.email));
    expect(row.n).toBe(1);
    // Nothing at error level, and nothing logged carries the name, the address or the phone number.
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    await mailTo(input.email, /already have/);
  });
});

describe("sign in and out", () => {
  // Each sign-in of an unconfirmed account once queued a new mail (20 tries, 20 mails).
  it("refuses an unverified address and says so; at most one verification mail an hour, however many sign-ins", async () => {
    // Twenty-two password checks: what is proven here is the mail limit, not scrypt (which every
    // other sign-in test uses).
    const restore = await withFastPasswordHashes(h.db);
    onTestFinished(restore);
    const input = registration();
    await registerAccount(h.db, input, meta());
    await mailTo(input.email, /Confirm your email/);
    const queued = async () =>
      (
        await h.db
          .select({ n: count() })
          .from(messages)
          .where(and(eq(messages.recipient, input.email), eq(messages.event, "account.verification")))
      )[0].n;
    expect(await queued()).toBe(1);
    for (let i = 0; i < 20; i++) {
      const result = await signIn(h.db, { email: input.email, password: input.password }, meta());
      expect(result).toEqual({ ok: false, message: MESSAGES.emailNotVerified, unverified: true });
    }
    expect(await queued()).toBe(1);
    // An hour on (the limit's window moved back), a sign-in sends a fresh link again.
    await h.db.execute(
      sql`update rate_limits set window_start = window_start - interval '1 hour' where key = ${`mail:verification:${input.email}`}`,
    );
    const before = mailsTo(input.email).length;
    await signIn(h.db, { email: input.email, password: input.password }, meta());
    expect(await queued()).toBe(2);
    await mail.waitFor(() => mailsTo(input.email).length > before);
  });

  it("refuses a wrong password and an unknown address with the same message", async () => {
    const account = await createAccount(h.db);
    expect(await signIn(h.db, { email: account.email, password: "wrong-password" }, meta())).toEqual({
      ok: false,
      message: "Invalid email or password",
    });
    expect(await signIn(h.db, { email: "nobody@example.test", password: "wrong-password" }, meta())).toEqual({
      ok: false,
      message: "Invalid email or password",
    });
  });

  it("starts a database session in an HttpOnly, SameSite=Lax cookie and goes to the role's dashboard", async () => {
    const account = await createAccount(h.db, { role: "facility_admin", approved: true });
    const result = await signIn(h.db, { email: account.email.toUpperCase(), password: account.password }, meta());
    if (!result.ok) throw new Error(result.message);
    expect(result.redirectTo).toBe("/dashboard/facility-admin");
    const cookie = result.headers.getSetCookie().find((c) => c.startsWith("app.session_token="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=\d+/);
    expect(cookie).not.toMatch(/Secure/i); // APP_URL is http here; see auth-cookie-https.db.test.ts
    const request = requestWith(cookie.split(";")[0]);
    expect(await getActor(h.db, request)).toMatchObject({ kind: "user", id: account.id, role: "facility_admin" });
    expect(await sessionCount(account.id)).toBe(1);
  });

  it("goes to the dashboard of the effective role (user_roles)", async () => {
    const account = await createAccount(h.db, { role: "doctor", roleOverride: "system_admin" });
    const result = await signIn(h.db, account, meta());
    expect(result.ok && result.redirectTo).toBe("/dashboard/system-admin");
  });

  it("sign-out ends the session on the server and clears the cookie", async () => {
    const account = await createAccount(h.db);
    const cookie = await sessionCookie(h.db, account);
    const headers = await signOut(h.db, requestWith(cookie));
    expect(headers.getSetCookie().some((c) => /^app\.session_token=;/.test(c) && /Max-Age=0/i.test(c))).toBe(true);
    expect(await sessionCount(account.id)).toBe(0);
    // The same cookie, replayed, is worth nothing.
    expect(await getActor(h.db, requestWith(cookie))).toEqual({ kind: "anonymous" });
  });

  it("keeps the session in the database: every later request with the cookie is the same user", async () => {
    const account = await createAccount(h.db);
    const cookie = await sessionCookie(h.db, account);
    for (let i = 0; i < 3; i++) {
      expect(await getActor(h.db, requestWith(cookie))).toMatchObject({ kind: "user", id: account.id });
    }
  });
});

describe("sessions", () => {
  it("are renewed while in use: a request pushes the idle expiry back and sets the cookie again", async () => {
    const account = await createAccount(h.db);
    const cookie = await sessionCookie(h.db, account);
    const [before] = await h.db.select().from(sessions).where(eq(sessions.userId, account.id));
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      // 20 minutes later (within the 30-minute idle limit), a request renews the session.
      vi.setSystemTime(Date.now() + 20 * 60 * 1000);
      const request = requestWith(cookie);
      expect(await getActor(h.db, request)).toMatchObject({ kind: "user", id: account.id });
      const renewed = (await actorHeaders(h.db, request)).getSetCookie();
      expect(renewed.some((c) => c.startsWith("app.session_token=") && /Max-Age=1800/.test(c))).toBe(true);
    } finally {
      vi.useRealTimers();
    }
    const [after] = await h.db.select().from(sessions).where(eq(sessions.userId, account.id));
    expect(after.expiresAt.getTime()).toBeGreaterThan(before.expiresAt.getTime() + 19 * 60 * 1000);
  });

  it("end when they expire: the visitor is anonymous and the cookie is cleared", async () => {
    const account = await createAccount(h.db);
    const cookie = await sessionCookie(h.db, account);
    await h.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, account.id));
    const request = requestWith(cookie);
    expect(await getActor(h.db, request)).toEqual({ kind: "anonymous" });
    expect(
      (await actorHeaders(h.db, request)).getSetCookie().some((c) => /^app\.session_token=;.*Max-Age=0/i.test(c)),
    ).toBe(true);
  });
});

describe("password reset", () => {
  it("emails nothing for an unknown address, and answers the same", async () => {
    expect(await requestPasswordReset(h.db, "ghost@example.test", meta())).toEqual({ ok: true });
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo("ghost@example.test")).toEqual([]);
  });

  it("sends a link valid for 30 minutes (injectable clock)", async () => {
    const account = await createAccount(h.db);
    const issued = new Date();
    expect(await requestPasswordReset(h.db, account.email, meta(), issued)).toEqual({ ok: true });
    const tokens = tokensFrom(await mailTo(account.email, /Reset your/));
    const at = (minutes: number) => new Date(issued.getTime() + minutes * 60_000);
    expect(RESET_LINK_TTL_SECONDS).toBe(1800);
    expect(await resetLinkUser(h.db, tokens, at(0))).toBe(account.id);
    expect(await resetLinkUser(h.db, tokens, at(29))).toBe(account.id);
    expect(await resetLinkUser(h.db, tokens, at(30.1))).toBeNull();
    expect(await resetLinkUser(h.db, tokens, at(31))).toBeNull();
    expect(await resetPasswordWithLink(h.db, tokens, "Fresh-Mango-Harbour-5", at(31))).toEqual({
      ok: false,
      reason: "invalid",
    });
    // Still the old password.
    expect((await signIn(h.db, account, meta())).ok).toBe(true);
  });

  it("refuses a link whose tokens do not belong together, or are missing", async () => {
    const account = await createAccount(h.db);
    await requestPasswordReset(h.db, account.email, meta());
    const tokens = tokensFrom(await mailTo(account.email, /Reset your/));
    expect(await resetLinkUser(h.db, { ...tokens, refreshToken: `${tokens.refreshToken}x` })).toBeNull();
    expect(await resetLinkUser(h.db, { ...tokens, refreshToken: "" })).toBeNull();
    expect(await resetLinkUser(h.db, { accessToken: "", refreshToken: tokens.refreshToken })).toBeNull();
    expect(await resetLinkUser(h.db, tokens)).toBe(account.id);
  });

  it("keeps only a hash of the token in the database", async () => {
    const account = await createAccount(h.db);
    await requestPasswordReset(h.db, account.email, meta());
    const tokens = tokensFrom(await mailTo(account.email, /Reset your/));
    const rows = await h.db.select().from(verifications).where(eq(verifications.value, account.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].identifier).not.toContain(tokens.accessToken);
    expect(rows[0].identifier).toMatch(/^reset-password:[0-9a-f]{64}$/);
  });

  it("refuses a new password known from breaches, and the link still works for a good one", async () => {
    const account = await createAccount(h.db);
    await requestPasswordReset(h.db, account.email, meta());
    const tokens = tokensFrom(await mailTo(account.email, /Reset your/));
    expect(await resetPasswordWithLink(h.db, tokens, "Password1")).toMatchObject({
      ok: false,
      reason: "error",
      field: "password",
    });
    expect(await resetPasswordWithLink(h.db, tokens, "Fresh-Mango-Harbour-5")).toEqual({ ok: true });
  });

  it("the reset page's action refuses a dead link with 410 and a refused password with 400 and its field; a good one signs out", async () => {
    const account = await createAccount(h.db);
    await requestPasswordReset(h.db, account.email, meta());
    const tokens = tokensFrom(await mailTo(account.email, /Reset your/));
    const post = () => new Request("http://localhost:3000/reset-password", { method: "POST" });
    const dead = { ...tokens, refreshToken: `${tokens.refreshToken}x` };
    expect(refusalOf(await resetPasswordAction(h.db, dead, "Fresh-Mango-Harbour-5", post()).catch((e) => e))).toEqual({
      status: RESET_LINK_GONE,
      message: "Reset Link Invalid or Expired",
    });
    const weak = refusalOf(await resetPasswordAction(h.db, tokens, "Password1", post()).catch((e) => e));
    expect(weak?.status).toBe(400);
    expect(Object.keys(weak?.fieldErrors ?? {})).toEqual(["password"]);
    const { headers } = await resetPasswordAction(h.db, tokens, "Fresh-Mango-Harbour-5", post());
    expect(headers).toBeInstanceOf(Headers);
    expect((await signIn(h.db, { ...account, password: "Fresh-Mango-Harbour-5" }, meta())).ok).toBe(true);
  });

  it("refuses a new password made of the account's own name and a year; the link still works for a good one", async () => {
    const account = await createAccount(h.db, { fullName: "Yaw Boateng" });
    await requestPasswordReset(h.db, account.email, meta());
    const tokens = tokensFrom(await mailTo(account.email, /Reset your/));
    for (const password of ["YawBoateng2026!", "Boateng@1990", "Ghana@2026"]) {
      expect(await resetPasswordWithLink(h.db, tokens, password), password).toEqual({
        ok: false,
        reason: "error",
        field: "password",
        message: "Add another word or two; avoid names and years",
      });
    }
    expect(await resetPasswordWithLink(h.db, tokens, "Fresh-Mango-Harbour-5")).toEqual({ ok: true });
  });

  it("refuses a new password made of the account's specialty or its phone numbers (issue 33)", async () => {
    const account = await createAccount(h.db, { fullName: "Kwame Boateng", specialty: "Cardiology" });
    await h.db
      .update(users)
      .set({ confirmedPhone: "+233205550199", phoneConfirmedAt: new Date() })
      .where(eq(users.id, account.id));
    await requestPasswordReset(h.db, account.email, meta());
    const tokens = tokensFrom(await mailTo(account.email, /Reset your/));
    // The phone given at registration (0241234567, tests/helpers/accounts.ts) and the confirmed one.
    for (const password of ["Cardiology@2024", "0241234567Aa!", "0205550199Kb!", "Kb+233205550199"]) {
      expect(await resetPasswordWithLink(h.db, tokens, password), password).toMatchObject({
        ok: false,
        reason: "error",
        field: "password",
      });
    }
    expect(await resetPasswordWithLink(h.db, tokens, "Fresh-Mango-Harbour-5")).toEqual({ ok: true });
  });

  it("newest wins, single use, and every session ends", async () => {
    const account = await createAccount(h.db);
    const t0 = new Date();
    const cookieA = await sessionCookie(h.db, account);
    const cookieB = await sessionCookie(h.db, account);
    expect(await sessionCount(account.id)).toBe(2);

    await requestPasswordReset(h.db, account.email, meta(), t0);
    const first = tokensFrom(await mailTo(account.email, /Reset your/));
    // A second request (past the once-a-minute limit) replaces the first link.
    await requestPasswordReset(h.db, account.email, meta(), new Date(t0.getTime() + 61_000));
    await mail.waitFor(() => mailsTo(account.email).filter((m) => /Reset your/.test(m.subject)).length === 2);
    const second = tokensFrom(mailsTo(account.email).filter((m) => /Reset your/.test(m.subject))[1]);
    expect(await resetLinkUser(h.db, first)).toBeNull();
    expect(await resetLinkUser(h.db, second)).toBe(account.id);
    expect(await resetPasswordWithLink(h.db, first, "Fresh-Mango-Harbour-5")).toEqual({ ok: false, reason: "invalid" });

    expect(await resetPasswordWithLink(h.db, second, "Fresh-Mango-Harbour-5")).toEqual({ ok: true });
    expect(await resetPasswordWithLink(h.db, second, "Another-Teak-Canoe-6")).toEqual({ ok: false, reason: "invalid" });
    expect(await sessionCount(account.id)).toBe(0);
    expect(await getActor(h.db, requestWith(cookieA))).toEqual({ kind: "anonymous" });
    expect(await getActor(h.db, requestWith(cookieB))).toEqual({ kind: "anonymous" });

    expect((await signIn(h.db, account, meta())).ok).toBe(false);
    expect((await signIn(h.db, { email: account.email, password: "Fresh-Mango-Harbour-5" }, meta())).ok).toBe(true);
  });

  it("lets only one of two simultaneous submissions of a link succeed", async () => {
    const account = await createAccount(h.db);
    await requestPasswordReset(h.db, account.email, meta());
    const tokens = tokensFrom(await mailTo(account.email, /Reset your/));
    const results = await Promise.all([
      resetPasswordWithLink(h.db, tokens, "First-Baobab-Ridge-3"),
      resetPasswordWithLink(h.db, tokens, "Second-Baobab-Ridge-4"),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });
});
