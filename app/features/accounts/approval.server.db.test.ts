import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ANONYMOUS, gateFor } from "~/auth/actor";
import { type Actor, actorById } from "~/auth/actor.server";
import { auditEvents, users } from "~/db/schema";
import { createAccount } from "../../../tests/helpers/accounts";
import { insertFacility, refusedWith, statusOf } from "../../../tests/helpers/domain";
import { startMailCatcher } from "../../../tests/helpers/mail-catcher";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { approveAccount, declineAccount } from "./approval.server";
import { DECLINE_REASON_REQUIRED, DECLINE_REASON_TOO_LONG } from "./decline-schema";
import { listUsers } from "./user-admin.server";

vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123456789");
vi.stubEnv("APP_URL", "http://localhost:3000");

let h: TestDatabase;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let admin: Actor;
let facilityId: string;

const REASON = "We could not confirm your medical licence number. Please contact us with a copy.";

async function pending(role: "doctor" | "facility_admin" | "system_admin", fullName: string) {
  return createAccount(h.db, {
    role,
    fullName,
    email: `${fullName.toLowerCase().replaceAll(" ", ".")}@example.test`,
    facilityId: role === "facility_admin" ? facilityId : null,
  });
}

const declines = async (userId: string) =>
  (
    await h.db
      .select({ n: count() })
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, userId), eq(auditEvents.action, "account.declined")))
  )[0].n;

beforeAll(async () => {
  mail = await startMailCatcher();
  vi.stubEnv("SMTP_URL", mail.url);
  h = await createTestDb();
  facilityId = await insertFacility(h.db, "approval-facility", "Approval Hospital");
  admin = await actorById(h.db, (await createAccount(h.db, { role: "system_admin", approved: true })).id);
});

afterAll(async () => {
  await h?.drop();
  await mail?.stop();
});

describe("declining an account (issue 19)", () => {
  it("stores the reason, audits it, emails a notice without the reason, and the person reads it on sign-in", async () => {
    const account = await pending("doctor", "Kwame Declined");
    const result = await declineAccount(h.db, admin, { userId: account.id, reason: `  ${REASON}  ` });
    expect(result).toEqual({ ok: true, userId: account.id, role: "doctor" });
    const [row] = await h.db.select().from(users).where(eq(users.id, account.id));
    expect(row.approvalStatus).toBe("declined");
    expect(row.declineReason).toBe(REASON);
    expect(row.declinedBy).toBe(admin.kind === "user" ? admin.id : null);
    expect(await declines(account.id)).toBe(1);

    const declined = await actorById(h.db, account.id);
    expect(declined.kind === "user" && declined.approved).toBe(false);
    expect(gateFor(declined, "doctor")).toEqual({ kind: "declined", role: "doctor", reason: REASON });
    expect(gateFor(declined, "history")).toEqual({ kind: "declined", role: "doctor", reason: REASON });

    const notice = await mail.waitFor((m) => m.to.includes(account.email) && /declined/.test(m.subject));
    expect(notice.text).toContain("http://localhost:3000/auth");
    expect(notice.text).not.toContain("licence");
  });

  it("refuses a blank or too long reason and stores nothing", async () => {
    const account = await pending("facility_admin", "Abena Blank");
    for (const [reason, message] of [
      ["", DECLINE_REASON_REQUIRED],
      [" \n\t ", DECLINE_REASON_REQUIRED],
      [undefined, DECLINE_REASON_REQUIRED],
      ["x".repeat(1001), DECLINE_REASON_TOO_LONG],
    ] as const) {
      expect(await refusedWith(declineAccount(h.db, admin, { userId: account.id, reason }))).toEqual({
        status: 400,
        message,
        fieldErrors: { reason: message },
      });
    }
    const [row] = await h.db.select().from(users).where(eq(users.id, account.id));
    expect(row.approvalStatus).toBe("pending");
    expect(await declines(account.id)).toBe(0);
  });

  it("only an approved system administrator may decline; an unknown account is 404; an approved one 409", async () => {
    const account = await pending("system_admin", "Yaw Pending");
    const doctor = await actorById(h.db, (await createAccount(h.db, { role: "doctor", approved: true })).id);
    const pendingAdmin = await actorById(h.db, (await createAccount(h.db, { role: "system_admin" })).id);
    const facilityAdmin = await actorById(
      h.db,
      (await createAccount(h.db, { role: "facility_admin", approved: true, facilityId })).id,
    );
    const input = { userId: account.id, reason: REASON };
    expect(await statusOf(declineAccount(h.db, ANONYMOUS, input))).toBe(401);
    for (const actor of [doctor, pendingAdmin, facilityAdmin]) {
      expect(await statusOf(declineAccount(h.db, actor, input))).toBe(403);
    }
    expect(await declines(account.id)).toBe(0);
    expect(
      await statusOf(declineAccount(h.db, admin, { userId: "00000000-0000-4000-8000-000000000000", reason: REASON })),
    ).toBe(404);
    expect(await statusOf(declineAccount(h.db, admin, { userId: "not-a-uuid", reason: REASON }))).toBe(404);

    await approveAccount(h.db, admin, account.id);
    expect(await statusOf(declineAccount(h.db, admin, input))).toBe(409);
    expect(await declines(account.id)).toBe(0);
  });

  it("declining twice: the second is a 409 and writes nothing", async () => {
    const account = await pending("doctor", "Esi Twice");
    await declineAccount(h.db, admin, { userId: account.id, reason: REASON });
    expect(await statusOf(declineAccount(h.db, admin, { userId: account.id, reason: "Again" }))).toBe(409);
    expect(await declines(account.id)).toBe(1);
  });

  it("a declined account can be approved later: the refusal is cleared", async () => {
    const account = await pending("facility_admin", "Kojo Reconsidered");
    await declineAccount(h.db, admin, { userId: account.id, reason: REASON });
    const result = await approveAccount(h.db, admin, account.id);
    expect(result).toEqual({ userId: account.id, alreadyApproved: false, role: "facility_admin" });
    const [row] = await h.db.select().from(users).where(eq(users.id, account.id));
    expect(row).toMatchObject({ approvalStatus: "approved", declineReason: null, declinedAt: null });
    const actor = await actorById(h.db, account.id);
    expect(gateFor(actor, "facility-admin").kind).toBe("allowed");
  });
});

describe("the users list: status filter (issue 19)", () => {
  it("pending, approved and declined each list only their accounts", async () => {
    const p = await pending("doctor", "Filter Pending");
    const a = await pending("doctor", "Filter Approved");
    const d = await pending("facility_admin", "Filter Declined");
    await approveAccount(h.db, admin, a.id);
    await declineAccount(h.db, admin, { userId: d.id, reason: REASON });
    const ids = async (status: "pending" | "approved" | "declined" | null) =>
      (await listUsers(h.db, admin, 1, "Filter", status)).rows.map((r) => [r.id, r.status]);
    expect(await ids("pending")).toEqual([[p.id, "pending"]]);
    expect(await ids("approved")).toEqual([[a.id, "approved"]]);
    expect(await ids("declined")).toEqual([[d.id, "declined"]]);
    expect((await ids(null)).length).toBe(3);
    expect((await listUsers(h.db, admin, 1, "no such person at all", null)).rows).toEqual([]);
  });
});
