import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Actor, actorById } from "~/auth/actor.server";
import { adminInvitations, messages, notificationPreferences, payoutDetails, users } from "~/db/schema";
import { PAYOUT_MESSAGES } from "~/features/payouts/payout-common.server";
import { getPayoutRun } from "~/features/payouts/payout-reads.server";
import { approvePayoutRun, preparePayoutRun } from "~/features/payouts/payouts.server";
import type { PayoutProvider } from "~/features/payouts/provider";
import { refusalOf } from "~/lib/refusal";
import { createAccount } from "../../../tests/helpers/accounts";
import { insertFacility } from "../../../tests/helpers/domain";
import { completeReferralFor } from "../../../tests/helpers/money";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { ADMIN_MESSAGES } from "./administrator-schemas";
import {
  acceptInvitation,
  confirmInvitation,
  INVITATION_TTL_HOURS,
  inviteSystemAdmin,
  listAdministrators,
  openInvitation,
  revokeInvitation,
  sameChain,
} from "./administrators.server";
import { approveAccount, declineAccount } from "./approval.server";
import { listUsers } from "./user-admin.server";

vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123456789");
vi.stubEnv("APP_URL", "http://localhost:3000");

/*
 * Decision 033: one person must not be able to approve their own payout run through a second
 * account. Nobody registers as a system administrator; invitations and approvals of administrators
 * are two people's where two exist; and a run's approval counts only from outside the preparer's chain.
 */

let h: TestDatabase;
const PASSWORD = "Kente-Loom-7-Volta!";
/** A provider the approval names; nothing is sent (no job workers run on this database). */
const provider = { name: "paystack" } as PayoutProvider;

beforeAll(async () => {
  h = await createTestDb({ workers: false });
}, 120_000);
afterAll(async () => {
  await h?.drop();
});

const idOf = (actor: Actor) => (actor.kind === "user" ? actor.id : "");
const newAdmin = async () => actorById(h.db, (await createAccount(h.db, { role: "system_admin", approved: true })).id);

async function refusal(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  return refusalOf(error);
}

/** The link of the newest invitation mail to `email`, or null. */
async function invitationToken(email: string): Promise<string | null> {
  const rows = await h.db
    .select({ payload: messages.payload })
    .from(messages)
    .where(and(eq(messages.recipient, email), eq(messages.event, "account.admin-invitation")))
    .orderBy(sql`${messages.createdAt} desc`)
    .limit(1);
  const text = String((rows[0]?.payload as { text?: string } | undefined)?.text ?? "");
  return /\/admin-invitation\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? null;
}

async function alertsTo(userId: string): Promise<Array<{ channel: string; subject: string }>> {
  const rows = await h.db
    .select({ channel: messages.channel, payload: messages.payload })
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.event, "account.admin-alert")));
  return rows.map((r) => ({
    channel: r.channel,
    subject: String(
      (r.payload as { subject?: string; text?: string }).subject ?? (r.payload as { text?: string }).text,
    ),
  }));
}

/** A fresh world per case: the database is shared, so each case starts by leaving only its own administrators approved. */
async function onlyAdmins(...keep: Actor[]) {
  const ids = keep.map(idOf);
  await h.db.execute(
    sql`update users set approval_status = 'declined', declined_at = now(), decline_reason = 'test reset'
        where role = 'system_admin' and approval_status = 'approved' and not (id = any(${`{${ids.join(",")}}`}::uuid[]))`,
  );
}

describe("inviting a system administrator (issue 33)", () => {
  it("with one administrator: sent at once, a single-use link that makes an approved administrator, and the inviter is told", async () => {
    const inviter = await newAdmin();
    await onlyAdmins(inviter);
    const outcome = await inviteSystemAdmin(h.db, inviter, {
      full_name: "Kofi Ofori",
      email: "Kofi.Ofori@example.test",
    });
    expect(outcome.status).toBe("sent");
    const token = await invitationToken("kofi.ofori@example.test");
    expect(token).not.toBeNull();
    expect(await openInvitation(h.db, token!)).toMatchObject({
      email: "kofi.ofori@example.test",
      fullName: "Kofi Ofori",
    });

    await acceptInvitation(h.db, token!, {
      full_name: "Kofi Ofori",
      phone: "0244123456",
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    const [created] = await h.db.select().from(users).where(eq(users.email, "kofi.ofori@example.test"));
    expect(created).toMatchObject({ role: "system_admin", approvalStatus: "approved", emailVerified: true });
    expect(await alertsTo(idOf(inviter))).toContainEqual({
      channel: "email",
      subject: "A system administrator was added",
    });

    // Single use: the link is spent.
    expect(await openInvitation(h.db, token!)).toBeNull();
    expect(
      await refusal(
        acceptInvitation(h.db, token!, {
          full_name: "X Y",
          phone: "0244123456",
          password: PASSWORD,
          confirmPassword: PASSWORD,
        }),
      ),
    ).toMatchObject({ status: 410, message: ADMIN_MESSAGES.linkInvalid });
  });

  // The password is checked against the person's own details, the phone too.
  it("refuses a password made of the invited person's phone number, and the link stays usable", async () => {
    const inviter = await newAdmin();
    await onlyAdmins(inviter);
    await inviteSystemAdmin(h.db, inviter, { full_name: "Esi Quaye", email: "esi.quaye@example.test" });
    const token = await invitationToken("esi.quaye@example.test");
    const input = { full_name: "Esi Quaye", phone: "0201987654" };
    for (const password of ["0201987654Aa!", "Esi#4567891020"]) {
      expect(
        await refusal(acceptInvitation(h.db, token!, { ...input, password, confirmPassword: password })),
        password,
      ).toMatchObject({ status: 400, fieldErrors: { password: "Add another word or two; avoid names and years" } });
    }
    expect(await openInvitation(h.db, token!)).not.toBeNull();
    await acceptInvitation(h.db, token!, { ...input, password: PASSWORD, confirmPassword: PASSWORD });
  });

  it("expires after 72 hours, and a revoked link stops working", async () => {
    const inviter = await newAdmin();
    await onlyAdmins(inviter);
    await inviteSystemAdmin(h.db, inviter, { full_name: "Abena Owusu", email: "abena.owusu@example.test" });
    const token = (await invitationToken("abena.owusu@example.test"))!;
    const later = new Date(Date.now() + (INVITATION_TTL_HOURS + 1) * 3600_000);
    expect(await openInvitation(h.db, token, later)).toBeNull();
    const input = { full_name: "Abena Owusu", phone: "0244123456", password: PASSWORD, confirmPassword: PASSWORD };
    expect(await refusal(acceptInvitation(h.db, token, input, later))).toMatchObject({ status: 410 });

    const [row] = await h.db
      .select()
      .from(adminInvitations)
      .where(eq(adminInvitations.email, "abena.owusu@example.test"));
    await revokeInvitation(h.db, inviter, row!.id);
    expect(await refusal(acceptInvitation(h.db, token, input))).toMatchObject({ status: 410 });
    const [account] = await h.db.select().from(users).where(eq(users.email, "abena.owusu@example.test"));
    expect(account).toBeUndefined();
  });

  it("with two or more administrators: waits for a second one (never the inviter), who is told", async () => {
    const inviter = await newAdmin();
    const second = await newAdmin();
    await onlyAdmins(inviter, second);
    const outcome = await inviteSystemAdmin(h.db, inviter, {
      full_name: "Yaw Mensah",
      email: "yaw.mensah@example.test",
    });
    expect(outcome.status).toBe("awaiting_confirmation");
    expect(await invitationToken("yaw.mensah@example.test")).toBeNull();
    expect((await alertsTo(idOf(second))).map((a) => a.subject)).toContain(
      "A system administrator invitation waits for your confirmation",
    );

    expect(await refusal(confirmInvitation(h.db, inviter, outcome.invitationId))).toMatchObject({
      status: 403,
      message: ADMIN_MESSAGES.ownInvitation,
    });
    const listed = await listAdministrators(h.db, inviter);
    expect(listed.invitations.find((i) => i.id === outcome.invitationId)).toMatchObject({ canConfirm: false });
    expect(
      (await listAdministrators(h.db, second)).invitations.find((i) => i.id === outcome.invitationId),
    ).toMatchObject({
      canConfirm: true,
    });

    await confirmInvitation(h.db, second, outcome.invitationId);
    expect(await invitationToken("yaw.mensah@example.test")).not.toBeNull();
    expect(await refusal(confirmInvitation(h.db, second, outcome.invitationId))).toMatchObject({ status: 409 });
  });

  it("refuses an address that has an account or an open invitation, and non-administrators", async () => {
    const inviter = await newAdmin();
    await onlyAdmins(inviter);
    const doctor = await createAccount(h.db, { role: "doctor", approved: true });
    expect(await refusal(inviteSystemAdmin(h.db, inviter, { full_name: "Dr Who", email: doctor.email }))).toMatchObject(
      {
        status: 409,
        message: ADMIN_MESSAGES.alreadyHasAccount,
      },
    );
    await inviteSystemAdmin(h.db, inviter, { full_name: "Efua Asante", email: "efua.asante@example.test" });
    expect(
      await refusal(inviteSystemAdmin(h.db, inviter, { full_name: "Efua Asante", email: "EFUA.asante@example.test" })),
    ).toMatchObject({ status: 409, message: ADMIN_MESSAGES.alreadyInvited });
    const doctorActor = await actorById(h.db, doctor.id);
    expect(
      await refusal(inviteSystemAdmin(h.db, doctorActor, { full_name: "Mallam Musa", email: "musa@example.test" })),
    ).toMatchObject({ status: 403 });
  });
});

describe("approving a system administrator account (issue 33)", () => {
  it("with two or more administrators is two people's, and everyone is told; given back its rights likewise", async () => {
    const first = await newAdmin();
    const second = await newAdmin();
    await onlyAdmins(first, second);
    // SMS where chosen: the second administrator confirmed a number and chose SMS for these alerts.
    await h.db
      .update(users)
      .set({ confirmedPhone: "+233244000111", phoneConfirmedAt: new Date() })
      .where(eq(users.id, idOf(second)));
    await h.db
      .insert(notificationPreferences)
      .values({ userId: idOf(second), channels: { "account.admin": ["email", "sms"] } });

    // An account that is a system administrator but not approved (made before decision 033, or by a role override).
    const pending = await createAccount(h.db, { role: "system_admin" });
    const asked = await approveAccount(h.db, first, pending.id);
    expect(asked).toMatchObject({ awaitingSecond: true, alreadyApproved: false });
    expect((await actorById(h.db, pending.id)).kind === "user" && (await actorById(h.db, pending.id))).toMatchObject({
      approved: false,
    });
    const listed = await listUsers(h.db, second, 1, pending.email);
    expect(listed.rows[0]).toMatchObject({
      status: "pending",
      approvalRequestedBy: first.kind === "user" ? first.fullName : "",
    });
    expect(await refusal(approveAccount(h.db, first, pending.id))).toMatchObject({
      status: 403,
      message: ADMIN_MESSAGES.ownApprovalRequest,
    });
    await approveAccount(h.db, second, pending.id);
    expect(await actorById(h.db, pending.id)).toMatchObject({ approved: true });
    expect((await alertsTo(idOf(first))).map((a) => a.subject)).toContain("A system administrator was approved");
    const secondAlerts = await alertsTo(idOf(second));
    expect(secondAlerts.filter((a) => a.channel === "sms").length).toBeGreaterThanOrEqual(1);

    // Given back its rights: a declined administrator approved again is told to everyone as such.
    const declined = await createAccount(h.db, { role: "system_admin" });
    await declineAccount(h.db, first, { userId: declined.id, reason: "Not on the team yet" });
    await approveAccount(h.db, first, declined.id);
    await approveAccount(h.db, second, declined.id);
    expect((await alertsTo(idOf(first))).map((a) => a.subject)).toContain(
      "A system administrator was given back their rights",
    );
  });
});

describe("a payout run is approved by two people, not two accounts (issue 33)", () => {
  let preparer: Actor;
  let runId: string;

  beforeAll(async () => {
    preparer = await newAdmin();
    await onlyAdmins(preparer);
    const facilityId = await insertFacility(h.db, "chain-hospital", "Chain Hospital");
    const facilityAdmin = await actorById(
      h.db,
      (await createAccount(h.db, { role: "facility_admin", approved: true, facilityId })).id,
    );
    const doctor = await createAccount(h.db, { role: "doctor", approved: true });
    await completeReferralFor(h.db, { doctorId: doctor.id, facilityId, facilityAdmin });
    await h.db.insert(payoutDetails).values({
      doctorId: doctor.id,
      method: "mobile_money",
      network: "MTN",
      accountNumber: "+233245500001",
      accountName: "Dr Chain",
      holdUntil: new Date(Date.now() - 3600_000),
      updatedAt: new Date(Date.now() - 48 * 3600_000),
    });
    runId = (await preparePayoutRun(h.db, preparer)).runId;
  }, 120_000);

  it("the review's path: the preparer's invited account cannot approve the run, nor can the preparer approve their invitee's", async () => {
    // The preparer is the only administrator: the invitation goes out at once (no second person exists).
    await inviteSystemAdmin(h.db, preparer, { full_name: "Second Self", email: "second.self@example.test" });
    await acceptInvitation(h.db, (await invitationToken("second.self@example.test"))!, {
      full_name: "Second Self",
      phone: "0201234567",
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    const [sock] = await h.db.select({ id: users.id }).from(users).where(eq(users.email, "second.self@example.test"));
    const puppet = await actorById(h.db, sock!.id);
    expect(await sameChain(h.db, idOf(preparer), idOf(puppet))).toBe(true);
    expect(await refusal(approvePayoutRun(h.db, puppet, runId, provider))).toMatchObject({
      status: 403,
      message: PAYOUT_MESSAGES.sameChain,
    });
    expect((await getPayoutRun(h.db, puppet, runId)).approveRefusal).toBe(PAYOUT_MESSAGES.sameChain);
  });

  it("an account the preparer approved, or one brought in through the preparer's invitee, cannot approve either", async () => {
    const approvedByPreparer = await createAccount(h.db, { role: "system_admin" });
    // The preparer alone (their invitee set aside): one approval suffices.
    await onlyAdmins(preparer);
    await approveAccount(h.db, preparer, approvedByPreparer.id);
    const approvedActor = await actorById(h.db, approvedByPreparer.id);
    expect(await refusal(approvePayoutRun(h.db, approvedActor, runId, provider))).toMatchObject({ status: 403 });

    // Two steps away: an account approved by an account the preparer approved.
    const grandchild = await createAccount(h.db, { role: "system_admin" });
    await onlyAdmins(approvedActor);
    await approveAccount(h.db, approvedActor, grandchild.id);
    const grandchildActor = await actorById(h.db, grandchild.id);
    expect(await refusal(approvePayoutRun(h.db, grandchildActor, runId, provider))).toMatchObject({
      status: 403,
      message: PAYOUT_MESSAGES.sameChain,
    });
  });

  it("an administrator outside the chain approves it", async () => {
    const outsider = await newAdmin();
    expect(await sameChain(h.db, idOf(preparer), idOf(outsider))).toBe(false);
    expect((await getPayoutRun(h.db, outsider, runId)).canApprove).toBe(true);
    await expect(approvePayoutRun(h.db, outsider, runId, provider)).resolves.toMatchObject({ queued: 1 });
  });
});
