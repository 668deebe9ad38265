import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, inArray, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type Actor, assertGate, type UserActor } from "~/auth/actor.server";
import { authFor } from "~/auth/auth.server";
import { SITE } from "~/content/site";
import type { Db } from "~/db/client.server";
import { accountSponsors, accounts, adminInvitations, users } from "~/db/schema";
import { simpleMail } from "~/email/layout";
import { env } from "~/env.server";
import { recordAudit } from "~/features/audit/public.server";
import { queueEmail } from "~/features/messaging/public.server";
import { refuse } from "~/lib/refusal";
import { approvedAdminIds, effectiveRole, tellAdministrators } from "./admin-alerts.server";
import { type AcceptInvitationInput, ADMIN_MESSAGES, type InviteAdminInput } from "./administrator-schemas";
import { newPasswordProblem } from "./password-policy.server";
import { normaliseEmail } from "./throttle.server";

/*
 * System administrators (decision 033; decisions section 2): nobody registers as one. An approved
 * system administrator invites a person by email (a single-use link, valid 72 hours); where two or
 * more system administrators exist, a second one, not the inviter, confirms the invitation before
 * it is sent. Every system administrator is told when one is invited, added, approved or given back
 * their rights. Who brought whom in is kept (account_sponsors): two-person rules bind people.
 */

export const INVITATION_TTL_HOURS = 72;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export function invitationLink(token: string, appUrl = env().APP_URL): string {
  return `${appUrl}/admin-invitation/${token}`;
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Reader = Pick<Db, "select">;

/** Adds a sponsor row (idempotent). */
export async function recordSponsor(
  tx: Pick<Db, "insert">,
  userId: string,
  sponsorId: string,
  kind: "invited" | "approved",
): Promise<void> {
  if (userId === sponsorId) return;
  await tx.insert(accountSponsors).values({ userId, sponsorId, kind }).onConflictDoNothing();
}

/**
 * Whether two people are in one chain of sponsorship: one of them invited or approved the other,
 * directly or through accounts they brought in. Two-person rules (a payout run's preparer and its
 * approver) count only people outside each other's chain.
 */
export async function sameChain(db: Pick<Db, "execute">, a: string, b: string): Promise<boolean> {
  if (a === b) return true;
  const result = await db.execute(sql`
    with recursive lineage(start_id, sponsor_id) as (
      select s.user_id, s.sponsor_id from account_sponsors s where s.user_id in (${a}::uuid, ${b}::uuid)
      union
      select l.start_id, s.sponsor_id from lineage l join account_sponsors s on s.user_id = l.sponsor_id
    )
    select 1 as linked from lineage
    where (start_id = ${a}::uuid and sponsor_id = ${b}::uuid) or (start_id = ${b}::uuid and sponsor_id = ${a}::uuid)
    limit 1`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

function invitationMail(token: string) {
  return simpleMail(
    `You are invited to be a ${SITE.name} system administrator`,
    [
      "Hello,",
      `You have been invited to be a system administrator of ${SITE.name}.`,
      `The link below works once and for ${INVITATION_TTL_HOURS} hours. If you did not expect this invitation, ignore this email.`,
    ],
    { label: "Accept the invitation", href: invitationLink(token) },
  );
}

/** Issues the token, mails the link; the invitation becomes "sent". */
async function sendInvitation(tx: Tx, invitationId: string, email: string, now: Date): Promise<void> {
  const token = randomBytes(32).toString("base64url");
  await tx
    .update(adminInvitations)
    .set({
      status: "sent",
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + INVITATION_TTL_HOURS * 3600_000),
    })
    .where(eq(adminInvitations.id, invitationId));
  await queueEmail(tx, { to: email, ...invitationMail(token) }, { event: "account.admin-invitation" });
}

export type InvitationOutcome = { invitationId: string; status: "sent" | "awaiting_confirmation" };

/**
 * An approved system administrator invites a person. With two or more system administrators the
 * invitation waits for a second one to confirm it (and they are all told); with one, it is sent at
 * once. Refused: an address with an account or an open invitation (409).
 */
export async function inviteSystemAdmin(
  db: Db,
  actor: Actor,
  input: InviteAdminInput,
  now = new Date(),
): Promise<InvitationOutcome> {
  const admin = assertGate(actor, "system-admin");
  const email = normaliseEmail(input.email);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing) refuse(409, ADMIN_MESSAGES.alreadyHasAccount, { email: ADMIN_MESSAGES.alreadyHasAccount });
  try {
    return await db.transaction(async (tx) => {
      const others = await approvedAdminIds(tx, [admin.id]);
      const needsSecond = others.length >= 1;
      const [row] = await tx
        .insert(adminInvitations)
        .values({
          email,
          fullName: input.full_name,
          // Replaced by the real token's hash when the invitation is sent; unusable until then.
          tokenHash: `unsent:${randomBytes(16).toString("hex")}`,
          status: "awaiting_confirmation",
          invitedBy: admin.id,
          expiresAt: new Date(now.getTime() + INVITATION_TTL_HOURS * 3600_000),
        })
        .returning({ id: adminInvitations.id });
      const invitationId = row!.id;
      await recordAudit(tx, {
        actorId: admin.id,
        action: "account.admin_invited",
        subjectType: "admin_invitation",
        subjectId: invitationId,
        toStatus: needsSecond ? "awaiting_confirmation" : "sent",
        reason: email,
      });
      if (needsSecond) {
        await tellAdministrators(
          tx,
          {
            event: "account.admin-alert",
            subject: "A system administrator invitation waits for your confirmation",
            lines: [
              `${admin.fullName} invited ${input.full_name} (${email}) to be a system administrator.`,
              "A second system administrator must confirm the invitation before it is sent. If you do not know about it, revoke it.",
            ],
            sms: `${SITE.name}: a system administrator invitation waits for a second administrator's confirmation.`,
            now,
          },
          [admin.id],
        );
        return { invitationId, status: "awaiting_confirmation" as const };
      }
      await sendInvitation(tx, invitationId, email, now);
      return { invitationId, status: "sent" as const };
    });
  } catch (error) {
    const code =
      (error as { cause?: { code?: string }; code?: string }).cause?.code ?? (error as { code?: string }).code;
    if (code === "23505") refuse(409, ADMIN_MESSAGES.alreadyInvited, { email: ADMIN_MESSAGES.alreadyInvited });
    throw error;
  }
}

async function invitationById(db: Reader, actor: UserActor, invitationId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(invitationId)) refuse(404, ADMIN_MESSAGES.notFound);
  const [row] = await db.select().from(adminInvitations).where(eq(adminInvitations.id, invitationId)).limit(1);
  if (!row) refuse(404, ADMIN_MESSAGES.notFound);
  void actor;
  return row;
}

/** A second system administrator (not the inviter) confirms an invitation: it is sent. */
export async function confirmInvitation(db: Db, actor: Actor, invitationId: string, now = new Date()): Promise<void> {
  const admin = assertGate(actor, "system-admin");
  const invitation = await invitationById(db, admin, invitationId);
  if (invitation.invitedBy === admin.id) refuse(403, ADMIN_MESSAGES.ownInvitation);
  if (invitation.status !== "awaiting_confirmation") refuse(409, ADMIN_MESSAGES.notAwaiting);
  await db.transaction(async (tx) => {
    const [won] = await tx
      .update(adminInvitations)
      .set({ confirmedBy: admin.id, confirmedAt: now })
      .where(and(eq(adminInvitations.id, invitationId), eq(adminInvitations.status, "awaiting_confirmation")))
      .returning({ id: adminInvitations.id });
    if (!won) refuse(409, ADMIN_MESSAGES.notAwaiting);
    await sendInvitation(tx, invitationId, invitation.email, now);
    await recordAudit(tx, {
      actorId: admin.id,
      action: "account.admin_invitation_confirmed",
      subjectType: "admin_invitation",
      subjectId: invitationId,
      fromStatus: "awaiting_confirmation",
      toStatus: "sent",
      reason: invitation.email,
    });
  });
}

/** Any system administrator revokes an open invitation (its link stops working). */
export async function revokeInvitation(db: Db, actor: Actor, invitationId: string, now = new Date()): Promise<void> {
  const admin = assertGate(actor, "system-admin");
  const invitation = await invitationById(db, admin, invitationId);
  await db.transaction(async (tx) => {
    const [won] = await tx
      .update(adminInvitations)
      .set({ status: "revoked", revokedBy: admin.id, revokedAt: now })
      .where(
        and(eq(adminInvitations.id, invitationId), inArray(adminInvitations.status, ["awaiting_confirmation", "sent"])),
      )
      .returning({ id: adminInvitations.id });
    if (!won) refuse(409, ADMIN_MESSAGES.notOpen);
    await recordAudit(tx, {
      actorId: admin.id,
      action: "account.admin_invitation_revoked",
      subjectType: "admin_invitation",
      subjectId: invitationId,
      fromStatus: invitation.status,
      toStatus: "revoked",
      reason: invitation.email,
    });
  });
}

/** The invitation a link opens, while it can be accepted (sent, not expired); null otherwise. */
export async function openInvitation(
  db: Reader,
  token: string,
  now = new Date(),
): Promise<{ id: string; email: string; fullName: string } | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .select({ id: adminInvitations.id, email: adminInvitations.email, fullName: adminInvitations.fullName })
    .from(adminInvitations)
    .where(
      and(
        eq(adminInvitations.tokenHash, hashToken(token)),
        eq(adminInvitations.status, "sent"),
        gt(adminInvitations.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The invited person sets their name, phone and password: an approved system administrator with a
 * confirmed address (the link came to it). The link is spent in the same transaction; every system
 * administrator is told. Refused: a link that is not open (410), a guessable password (400).
 */
export async function acceptInvitation(
  db: Db,
  token: string,
  input: AcceptInvitationInput,
  now = new Date(),
): Promise<{ email: string }> {
  const invitation = await openInvitation(db, token, now);
  if (!invitation) refuse(410, ADMIN_MESSAGES.linkInvalid);
  const weak = newPasswordProblem(input.password, {
    name: input.full_name,
    email: invitation.email,
    phones: [input.phone],
  });
  if (weak) refuse(400, weak, { password: weak });
  const hash = await (await authFor(db).$context).password.hash(input.password);
  await db.transaction(async (tx) => {
    const [spent] = await tx
      .update(adminInvitations)
      .set({ status: "accepted", acceptedAt: now })
      .where(and(eq(adminInvitations.id, invitation.id), eq(adminInvitations.status, "sent")))
      .returning({ invitedBy: adminInvitations.invitedBy, confirmedBy: adminInvitations.confirmedBy });
    if (!spent) refuse(410, ADMIN_MESSAGES.linkInvalid);
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, invitation.email)).limit(1);
    if (taken) refuse(409, ADMIN_MESSAGES.alreadyHasAccount);
    const [user] = await tx
      .insert(users)
      .values({
        fullName: input.full_name,
        email: invitation.email,
        emailVerified: true,
        phone: input.phone,
        role: "system_admin",
        isVerified: true,
        approvalStatus: "approved",
        approvedAt: now,
        approvedBy: spent.confirmedBy ?? spent.invitedBy,
      })
      .returning({ id: users.id });
    const userId = user!.id;
    await tx.insert(accounts).values({ userId, accountId: userId, providerId: "credential", password: hash });
    await tx.update(adminInvitations).set({ acceptedUserId: userId }).where(eq(adminInvitations.id, invitation.id));
    await recordSponsor(tx, userId, spent.invitedBy, "invited");
    await recordAudit(tx, {
      actorId: userId,
      action: "account.admin_created",
      subjectType: "user",
      subjectId: userId,
      fromStatus: "invited",
      toStatus: "approved",
    });
    const [inviter] = await tx.select({ name: users.fullName }).from(users).where(eq(users.id, spent.invitedBy));
    await tellAdministrators(
      tx,
      {
        event: "account.admin-alert",
        subject: "A system administrator was added",
        lines: [
          `${input.full_name} (${invitation.email}) is now a system administrator, invited by ${inviter?.name ?? "a former administrator"}.`,
          "If you do not know about it, review the administrators now.",
        ],
        sms: `${SITE.name}: a system administrator was added.`,
        now,
      },
      [userId],
    );
  });
  return { email: invitation.email };
}

export type AdministratorRow = { id: string; fullName: string; email: string; approvedAt: string | null };
export type InvitationRow = {
  id: string;
  email: string;
  fullName: string;
  status: "awaiting_confirmation" | "sent";
  invitedBy: string;
  invitedById: string;
  createdAt: string;
  expiresAt: string;
  /** Whether the viewer may confirm it (awaiting, and not their own). */
  canConfirm: boolean;
};

/** The approved system administrators and the open invitations (system administrators only). */
export async function listAdministrators(
  db: Db,
  actor: Actor,
  now = new Date(),
): Promise<{ administrators: AdministratorRow[]; invitations: InvitationRow[] }> {
  const admin = assertGate(actor, "system-admin");
  const inviter = alias(users, "inviter");
  const [administrators, invitations] = await Promise.all([
    db
      .select({ id: users.id, fullName: users.fullName, email: users.email, approvedAt: users.approvedAt })
      .from(users)
      .where(and(eq(users.approvalStatus, "approved"), sql`${effectiveRole} = 'system_admin'`))
      .orderBy(users.fullName),
    db
      .select({
        id: adminInvitations.id,
        email: adminInvitations.email,
        fullName: adminInvitations.fullName,
        status: adminInvitations.status,
        invitedBy: inviter.fullName,
        invitedById: adminInvitations.invitedBy,
        createdAt: adminInvitations.createdAt,
        expiresAt: adminInvitations.expiresAt,
      })
      .from(adminInvitations)
      .innerJoin(inviter, eq(inviter.id, adminInvitations.invitedBy))
      .where(
        or(
          eq(adminInvitations.status, "awaiting_confirmation"),
          and(eq(adminInvitations.status, "sent"), gt(adminInvitations.expiresAt, now)),
        ),
      )
      .orderBy(desc(adminInvitations.createdAt)),
  ]);
  return {
    administrators: administrators.map((a) => ({ ...a, approvedAt: a.approvedAt?.toISOString() ?? null })),
    invitations: invitations.map((i) => ({
      ...i,
      status: i.status as "awaiting_confirmation" | "sent",
      createdAt: i.createdAt.toISOString(),
      expiresAt: i.expiresAt.toISOString(),
      canConfirm: i.status === "awaiting_confirmation" && i.invitedById !== admin.id,
    })),
  };
}

/**
 * Approving an account whose role is system administrator (decision 033): with two or more approved
 * system administrators besides it, the first approval is a request and a second administrator
 * confirms it; the requester is its sponsor. Returns "requested" when the approval now waits.
 */
export async function adminApprovalStep(
  tx: Tx,
  admin: UserActor,
  target: { id: string; adminApprovalRequestedBy: string | null },
  now: Date,
): Promise<"requested" | "approve"> {
  const others = await approvedAdminIds(tx, [target.id]);
  if (others.length < 2) {
    await recordSponsor(tx, target.id, admin.id, "approved");
    return "approve";
  }
  if (target.adminApprovalRequestedBy === admin.id) refuse(403, ADMIN_MESSAGES.ownApprovalRequest);
  if (target.adminApprovalRequestedBy) {
    await recordSponsor(tx, target.id, target.adminApprovalRequestedBy, "approved");
    return "approve";
  }
  const [claimed] = await tx
    .update(users)
    .set({ adminApprovalRequestedBy: admin.id, adminApprovalRequestedAt: now, updatedAt: now })
    .where(and(eq(users.id, target.id), sql`${users.adminApprovalRequestedBy} is null`))
    .returning({ id: users.id });
  if (!claimed) refuse(409, "Someone else asked for this approval at the same time: reload the page.");
  await recordAudit(tx, {
    actorId: admin.id,
    action: "account.admin_approval_requested",
    subjectType: "user",
    subjectId: target.id,
    fromStatus: "pending",
    toStatus: "awaiting_second_approval",
  });
  await tellAdministrators(
    tx,
    {
      event: "account.admin-alert",
      subject: "A system administrator's approval waits for your confirmation",
      lines: [
        `${admin.fullName} asked to approve a system administrator account.`,
        "A second system administrator must confirm it on the User Management tab. If you do not know about it, decline it.",
      ],
      sms: `${SITE.name}: a system administrator's approval waits for a second administrator.`,
      now,
    },
    [admin.id, target.id],
  );
  return "requested";
}

/** Told to every other system administrator once a system administrator account is approved or given back its rights. */
export async function tellAdminApproved(
  tx: Tx,
  admin: UserActor,
  target: { id: string; fullName: string; email: string; wasDeclined: boolean },
  now: Date,
): Promise<void> {
  const what = target.wasDeclined ? "was given back their rights" : "was approved";
  await tellAdministrators(
    tx,
    {
      event: "account.admin-alert",
      subject: `A system administrator ${what}`,
      lines: [
        `${target.fullName} (${target.email}) ${what} as a system administrator by ${admin.fullName}.`,
        "If you do not know about it, review the administrators now.",
      ],
      sms: `${SITE.name}: a system administrator ${what}.`,
      now,
    },
    [target.id],
  );
}
