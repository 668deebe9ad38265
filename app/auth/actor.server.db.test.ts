import { eq } from "drizzle-orm";
import { isRouteErrorResponse } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sessions, userRoles, users } from "~/db/schema";
import { signIn } from "~/features/accounts/accounts.server";
import { ensureBootstrapAdmin, ensureSystemAdmin } from "~/features/accounts/admin.server";
import { approveAccount } from "~/features/accounts/approval.server";
import { createAccount, requestWith, sessionCookie, setApproved } from "../../tests/helpers/accounts";
import { startMailCatcher } from "../../tests/helpers/mail-catcher";
import { createTestDb, type TestDatabase } from "../../tests/helpers/test-db";
import type { Actor, UserActor } from "./actor";
import { actorById, actorHeaders, assertGate, getActor, requireUser, sessionEnded } from "./actor.server";

vi.stubEnv("E2E_RELAXED_RATE_LIMITS", "");
vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123456789");
vi.stubEnv("APP_URL", "http://localhost:3000");
vi.stubEnv("BOOTSTRAP_ADMIN_EMAIL", "Boot@Example.test");
vi.stubEnv("BOOTSTRAP_ADMIN_PASSWORD", "Bootstrap-Pass1");

let h: TestDatabase;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
beforeAll(async () => {
  mail = await startMailCatcher();
  vi.stubEnv("SMTP_URL", mail.url);
  h = await createTestDb();
});
afterAll(async () => {
  await h.drop();
  await mail.stop();
});

/** The status of a thrown `data(message, { status })`. */
async function statusOf(promise: Promise<unknown>): Promise<number | "ok"> {
  try {
    await promise;
    return "ok";
  } catch (error) {
    const init = (error as { init?: { status?: number } }).init;
    if (init?.status) return init.status;
    if (isRouteErrorResponse(error)) return error.status;
    throw error;
  }
}

async function actorFor(options: Parameters<typeof createAccount>[1]): Promise<UserActor> {
  const { id } = await createAccount(h.db, options);
  return (await actorById(h.db, id)) as UserActor;
}

describe("the actor", () => {
  it("is anonymous without a session cookie, with a forged one, and for a missing user", async () => {
    expect(await getActor(h.db, requestWith(null))).toEqual({ kind: "anonymous" });
    expect(await getActor(h.db, requestWith("app.session_token=forged.signature"))).toEqual({ kind: "anonymous" });
    expect(await actorById(h.db, "00000000-0000-4000-8000-000000000000")).toEqual({ kind: "anonymous" });
  });

  it("is loaded once per request", async () => {
    const account = await createAccount(h.db);
    const request = requestWith(await sessionCookie(h.db, account));
    const first = getActor(h.db, request);
    const second = getActor(h.db, request);
    expect(await first).toBe(await second);
  });

  it("carries the profile: name, email, facility, specialty, the language of their messages", async () => {
    const actor = await actorFor({ fullName: "Dr Ama", specialty: "Cardiology", email: "dr.ama@example.test" });
    expect(actor).toEqual({
      kind: "user",
      id: actor.id,
      email: "dr.ama@example.test",
      fullName: "Dr Ama",
      role: "doctor",
      approved: false,
      facilityId: null,
      specialty: "Cardiology",
      declineReason: null,
      language: "en",
    });
  });

  it("is approved when a doctor is verified, or an administrator's approval status is approved", async () => {
    const doctor = await createAccount(h.db, { role: "doctor" });
    expect(await actorById(h.db, doctor.id)).toMatchObject({ approved: false });
    await h.db.update(users).set({ isVerified: true }).where(eq(users.id, doctor.id));
    expect(await actorById(h.db, doctor.id)).toMatchObject({ approved: true });

    for (const role of ["facility_admin", "system_admin"] as const) {
      const admin = await createAccount(h.db, { role });
      await h.db.update(users).set({ isVerified: true }).where(eq(users.id, admin.id));
      expect(await actorById(h.db, admin.id)).toMatchObject({ role, approved: false });
      await h.db.update(users).set({ approvalStatus: "approved" }).where(eq(users.id, admin.id));
      expect(await actorById(h.db, admin.id)).toMatchObject({ role, approved: true });
    }
  });

  it("takes its role from user_roles when a row exists", async () => {
    const account = await createAccount(h.db, { role: "doctor", approved: true });
    expect(await actorById(h.db, account.id)).toMatchObject({ role: "doctor", approved: true });
    await h.db.insert(userRoles).values({ userId: account.id, role: "facility_admin" });
    expect(await actorById(h.db, account.id)).toMatchObject({ role: "facility_admin" });
    await h.db.update(userRoles).set({ role: "system_admin" }).where(eq(userRoles.userId, account.id));
    expect(await actorById(h.db, account.id)).toMatchObject({ role: "system_admin" });
    await h.db.delete(userRoles).where(eq(userRoles.userId, account.id));
    expect(await actorById(h.db, account.id)).toMatchObject({ role: "doctor" });
  });

  it("refuses a role the spec does not know, in users and in user_roles", async () => {
    const account = await createAccount(h.db);
    await expect(h.db.insert(userRoles).values({ userId: account.id, role: "patient" as never })).rejects.toThrow();
    await expect(
      h.db
        .update(users)
        .set({ role: "patient" as never })
        .where(eq(users.id, account.id)),
    ).rejects.toThrow();
  });
});

describe("server-side gates", () => {
  it("requireUser: 401 for anonymous visitors", async () => {
    expect(await statusOf(requireUser(h.db, requestWith(null)))).toBe(401);
    const account = await createAccount(h.db);
    expect(await requireUser(h.db, requestWith(await sessionCookie(h.db, account)))).toMatchObject({ id: account.id });
  });

  it("assertGate: 401, 403 for the wrong role or pending approval, else the actor", async () => {
    const pending = await actorFor({ role: "doctor" });
    const doctor = await actorFor({ role: "doctor", approved: true });
    const facilityAdmin = await actorFor({ role: "facility_admin", approved: true });
    const check = (actor: Actor, area: Parameters<typeof assertGate>[1]) =>
      statusOf(Promise.resolve().then(() => assertGate(actor, area)));
    expect(await check({ kind: "anonymous" }, "doctor")).toBe(401);
    expect(await check(pending, "referrals-create")).toBe(403);
    expect(await check(doctor, "referrals-create")).toBe("ok");
    expect(await check(facilityAdmin, "referrals-create")).toBe(403);
    expect(await check(facilityAdmin, "facility-admin")).toBe("ok");
    expect(await check(doctor, "system-admin")).toBe(403);
  });
});

describe("approveAccount", () => {
  it("only approved system administrators may approve; everyone else is refused", async () => {
    const target = await createAccount(h.db, { role: "doctor" });
    const refused: Array<[string, Actor, number]> = [
      ["anonymous", { kind: "anonymous" }, 401],
      ["unverified doctor", await actorFor({ role: "doctor" }), 403],
      ["doctor", await actorFor({ role: "doctor", approved: true }), 403],
      ["pending facility admin", await actorFor({ role: "facility_admin" }), 403],
      ["facility admin", await actorFor({ role: "facility_admin", approved: true }), 403],
      ["pending system admin", await actorFor({ role: "system_admin" }), 403],
      [
        "doctor acting as a user_roles system admin, not approved",
        await actorFor({ roleOverride: "system_admin" }),
        403,
      ],
    ];
    for (const [, actor, status] of refused) {
      expect(await statusOf(approveAccount(h.db, actor, target.id))).toBe(status);
    }
    expect(await actorById(h.db, target.id)).toMatchObject({ approved: false });
  });

  it("a pending system administrator cannot approve themselves", async () => {
    const self = await actorFor({ role: "system_admin" });
    expect(await statusOf(approveAccount(h.db, self, self.id))).toBe(403);
    expect(await actorById(h.db, self.id)).toMatchObject({ approved: false });
  });

  it("approves doctors, facility administrators and system administrators, records who and when", async () => {
    const admin = await actorFor({ role: "system_admin", approved: true });
    for (const role of ["doctor", "facility_admin", "system_admin"] as const) {
      const target = await createAccount(h.db, { role });
      let approver = admin;
      if (role === "system_admin") {
        // Decision 033: with two or more system administrators, a system administrator's approval is
        // asked by one and confirmed by another.
        approver = await actorFor({ role: "system_admin", approved: true });
        expect(await approveAccount(h.db, admin, target.id)).toMatchObject({ awaitingSecond: true });
        expect(await actorById(h.db, target.id)).toMatchObject({ approved: false });
      }
      expect(await approveAccount(h.db, approver, target.id)).toEqual({
        userId: target.id,
        alreadyApproved: false,
        role,
      });
      expect(await actorById(h.db, target.id)).toMatchObject({ role, approved: true });
      const [row] = await h.db.select().from(users).where(eq(users.id, target.id));
      expect(row).toMatchObject({ isVerified: true, approvalStatus: "approved", approvedBy: approver.id });
      expect(row.approvedAt).toBeInstanceOf(Date);
      await mail.waitFor((m) => m.to.includes(target.email) && /approved/.test(m.subject));
    }
  });

  it("is idempotent, and 404 for an unknown or malformed id", async () => {
    const admin = await actorFor({ role: "system_admin", approved: true });
    const target = await createAccount(h.db, { role: "doctor", approved: true });
    expect(await approveAccount(h.db, admin, target.id)).toEqual({
      userId: target.id,
      alreadyApproved: true,
      role: "doctor",
    });
    expect(await statusOf(approveAccount(h.db, admin, "00000000-0000-4000-8000-000000000000"))).toBe(404);
    expect(await statusOf(approveAccount(h.db, admin, "not-an-id"))).toBe(404);
  });

  it("a user_roles system administrator who is approved may approve", async () => {
    const account = await createAccount(h.db, { role: "doctor", roleOverride: "system_admin" });
    await setApproved(h.db, account.id, true);
    const actor = await actorById(h.db, account.id);
    const target = await createAccount(h.db);
    expect(await approveAccount(h.db, actor, target.id)).toMatchObject({ alreadyApproved: false });
  });
});

describe("create-admin", () => {
  it("creates an approved system administrator who can sign in", async () => {
    const result = await ensureSystemAdmin(h.db, {
      email: " Root@Example.test ",
      password: "Admin-Pass1",
      name: "Root",
    });
    expect(result.created).toBe(true);
    expect(await actorById(h.db, result.userId)).toMatchObject({
      role: "system_admin",
      approved: true,
      email: "root@example.test",
      fullName: "Root",
    });
    const signedIn = await signIn(h.db, { email: "root@example.test", password: "Admin-Pass1" }, { ip: "10.0.0.1" });
    expect(signedIn.ok && signedIn.redirectTo).toBe("/dashboard/system-admin");
  });

  it("run again, sets the new password and ends the account's sessions", async () => {
    const first = await ensureSystemAdmin(h.db, {
      email: "again@example.test",
      password: "Admin-Pass1",
      name: "Again",
    });
    await sessionCookie(h.db, { email: "again@example.test", password: "Admin-Pass1" });
    // The same password again changes nothing: the session stays (a restart with BOOTSTRAP_ADMIN_*).
    const same = await ensureSystemAdmin(h.db, { email: "again@example.test", password: "Admin-Pass1", name: "Again" });
    expect(same).toEqual({ created: false, passwordChanged: false, userId: first.userId });
    expect(await h.db.select().from(sessions).where(eq(sessions.userId, first.userId))).toHaveLength(1);
    const second = await ensureSystemAdmin(h.db, {
      email: "again@example.test",
      password: "Admin-Pass2",
      name: "Again",
    });
    expect(second).toEqual({ created: false, passwordChanged: true, userId: first.userId });
    expect(await h.db.select().from(sessions).where(eq(sessions.userId, first.userId))).toEqual([]);
    expect((await signIn(h.db, { email: "again@example.test", password: "Admin-Pass1" }, { ip: "10.0.0.2" })).ok).toBe(
      false,
    );
    expect((await signIn(h.db, { email: "again@example.test", password: "Admin-Pass2" }, { ip: "10.0.0.3" })).ok).toBe(
      true,
    );
  });

  it("makes an existing account an approved system administrator (user_roles override removed)", async () => {
    const account = await createAccount(h.db, { role: "doctor", roleOverride: "facility_admin" });
    await ensureSystemAdmin(h.db, { email: account.email, password: "Admin-Pass3", name: "X Y" });
    expect(await actorById(h.db, account.id)).toMatchObject({ role: "system_admin", approved: true });
  });

  it("refuses bad arguments", async () => {
    await expect(ensureSystemAdmin(h.db, { email: "nope", password: "Admin-Pass1", name: "N" })).rejects.toThrow(
      /--email must be an email address/,
    );
    await expect(ensureSystemAdmin(h.db, { email: "a@b.co", password: "short", name: "Name" })).rejects.toThrow(
      /--password must be at least 8 characters/,
    );
  });

  it("BOOTSTRAP_ADMIN_* ensures the administrator before the first sign-in", async () => {
    const result = await signIn(h.db, { email: "boot@example.test", password: "Bootstrap-Pass1" }, { ip: "10.0.0.4" });
    expect(result.ok && result.redirectTo).toBe("/dashboard/system-admin");
    await ensureBootstrapAdmin(h.db); // once per process: no second run
  });
});

describe("sessions end (ASVS 3.3: 30 minutes idle, 12 hours at most)", () => {
  async function signedInUser() {
    const account = await createAccount(h.db, { role: "doctor", approved: true });
    const cookie = await sessionCookie(h.db, account);
    const [session] = await h.db.select().from(sessions).where(eq(sessions.userId, account.id));
    return { account, cookie, session };
  }

  it("a new session expires 30 minutes from now unless it is used", async () => {
    const { session } = await signedInUser();
    const minutes = (session.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
  });

  it("after 30 minutes without a request the session is over, and the page knows it ended", async () => {
    const { cookie, session } = await signedInUser();
    await h.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, session.id));
    const request = requestWith(cookie);
    expect((await getActor(h.db, request)).kind).toBe("anonymous");
    expect(await sessionEnded(h.db, request)).toBe(true);
    expect((await actorHeaders(h.db, request)).getSetCookie().join()).toMatch(/session_token=;|Max-Age=0/i);
  });

  it("12 hours after sign-in the session ends even while in use, and is removed", async () => {
    const { cookie, session } = await signedInUser();
    await h.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 12 * 3_600_000 - 1000) })
      .where(eq(sessions.id, session.id));
    const request = requestWith(cookie);
    expect((await getActor(h.db, request)).kind).toBe("anonymous");
    expect(await sessionEnded(h.db, request)).toBe(true);
    expect(await h.db.select().from(sessions).where(eq(sessions.id, session.id))).toEqual([]);
  });

  it("a visitor who never signed in is not told a session ended", async () => {
    const request = requestWith(null);
    expect(await sessionEnded(h.db, request)).toBe(false);
  });

  it("a session in use stays open", async () => {
    const { cookie } = await signedInUser();
    const actor = await getActor(h.db, requestWith(cookie));
    expect(actor.kind).toBe("user");
    expect(await sessionEnded(h.db, requestWith(cookie))).toBe(false);
  });
});
