import { and, eq } from "drizzle-orm";
import type { Actor, ClientActor } from "~/auth/actor.server";
import type { Db } from "~/db/client.server";
import { paymentRecords, referrals, users } from "~/db/schema";
import { env } from "~/env.server";
import { didAlready, recordAudit } from "~/features/audit/public.server";
import { postEntry, referralCompletedEntry } from "~/features/ledger/public.server";
import { notifyUsers, queueEmailInTheirLanguages } from "~/features/messaging/public.server";
import { refuse } from "~/lib/refusal";
import { facilityAdminReaders } from "./facility-admins.server";
import { canSee } from "./referral-access";
import { referralCancelledMail, referralStatusMail } from "./referral-mail";
import { rejectionSchema } from "./referral-schema";
import { type ReferralStatus, TRANSITIONS, type Transition } from "./referral-status";
import { cancelSchema, outcomeSchema } from "./workspace-schemas";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/* ------------------------------------------------------------------------------------------------
 * Transitions (facility administrators)
 * ---------------------------------------------------------------------------------------------- */

const NOT_FOUND = "Referral not found";

/**
 * Moves a referral along the status table (referral-status.ts): the receiving facility's approved
 * administrators accept or reject a pending referral and complete an accepted one (with an outcome
 * note); the referring doctor cancels a pending one (with a reason). 401 anonymous, 403 for anyone
 * else who may see the referral, 404 for a referral that is missing or that the actor may not see.
 * A hospital system's FHIR client (decision 034) acts as its facility's administrators may, and is
 * audited by its name; the network's client changes nothing (403).
 * One conditional UPDATE: when two people act at once, one wins and the other gets a 409.
 * Completing creates the doctor's pending payment record in the same transaction; every transition
 * writes an audit row. The other side's email (the number and a link only) is queued in the same
 * transaction.
 */
export async function transitionReferral(
  db: Db,
  actor: Actor | ClientActor,
  referralId: string,
  transition: Transition,
  input: { reason?: unknown; outcome?: unknown } = {},
): Promise<{ status: ReferralStatus; referralNumber: string }> {
  if (actor.kind === "anonymous") refuse(401, "Authentication Required");
  // An account awaiting approval sees no referral at all, so it learns nothing about any id.
  if (actor.kind === "user" && !actor.approved) refuse(403, "Account Pending Approval");
  const current = UUID.test(referralId)
    ? (
        await db
          .select({
            id: referrals.id,
            facilityId: referrals.facilityId,
            doctorId: referrals.doctorId,
            status: referrals.status,
          })
          .from(referrals)
          .where(eq(referrals.id, referralId))
          .limit(1)
      )[0]
    : undefined;
  if (!current || !canSee(actor, current)) refuse(404, NOT_FOUND);
  const { from, to, by } = TRANSITIONS[transition];
  if (actor.kind === "client" && actor.facilityId === null) {
    refuse(403, "The network's client reads referrals; only a facility's client may update them.");
  }
  const role = actor.kind === "client" ? "facility_admin" : actor.role;
  // Who the audit names: the person, or the hospital system's client.
  const auditBy = actor.kind === "client" ? { apiClientId: actor.id } : { actorId: actor.id };
  const userId = actor.kind === "client" ? null : actor.id;
  if (role !== by) {
    refuse(
      403,
      by === "doctor"
        ? "Only the referring doctor can cancel this referral."
        : "Only the receiving facility's administrators can update this referral.",
    );
  }
  let reason: string | null = null;
  let outcomeNote: string | null = null;
  if (transition === "reject") {
    const parsed = rejectionSchema.safeParse({ reason: input.reason });
    if (!parsed.success) refuseIssues(parsed.error.issues);
    reason = parsed.data.reason;
  } else if (transition === "cancel") {
    const parsed = cancelSchema.safeParse({ reason: input.reason });
    if (!parsed.success) refuseIssues(parsed.error.issues);
    reason = parsed.data.reason;
  } else if (transition === "complete") {
    const parsed = outcomeSchema.safeParse({ outcome: input.outcome });
    if (!parsed.success) refuseIssues(parsed.error.issues);
    outcomeNote = parsed.data.outcome;
  }
  const now = new Date();
  const changes =
    to === "accepted"
      ? { acceptedAt: now }
      : to === "rejected"
        ? { rejectedAt: now, rejectionReason: reason }
        : to === "cancelled"
          ? { cancelledAt: now, cancellationReason: reason }
          : { completedAt: now, outcomeNote };

  const outcome = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(referrals)
      .set({ status: to, ...changes })
      .where(and(eq(referrals.id, current.id), eq(referrals.status, from)))
      .returning({
        id: referrals.id,
        referralNumber: referrals.referralNumber,
        doctorId: referrals.doctorId,
        doctorShare: referrals.doctorShare,
        referralFee: referrals.referralFee,
      });
    if (!updated) return null;
    if (to === "completed") {
      const [payment] = await tx
        .insert(paymentRecords)
        .values({ referralId: updated.id, doctorId: updated.doctorId, amountDue: updated.doctorShare })
        .returning({ id: paymentRecords.id });
      // The fee, the doctor's share and the platform's share, in the ledger with the completion (decision 026).
      if (payment && updated.referralFee > 0) {
        await postEntry(tx, referralCompletedEntry({ ...updated, paymentRecordId: payment.id, actorId: userId }));
      }
    }
    await recordAudit(tx, {
      actorId: userId,
      apiClientId: actor.kind === "client" ? actor.id : null,
      action: `referral.${to}`,
      subjectType: "referral",
      subjectId: updated.id,
      fromStatus: from,
      toStatus: to,
      reason,
    });
    const appUrl = env().APP_URL;
    if (to === "cancelled") {
      await queueEmailInTheirLanguages(
        tx,
        await facilityAdminReaders(tx, current.facilityId),
        (t) => referralCancelledMail(t, { referralNumber: updated.referralNumber, appUrl }),
        { event: "referral.cancelled", referralId: updated.id },
      );
    } else {
      const [doctor] = await tx
        .select({ id: users.id, email: users.email, fullName: users.fullName })
        .from(users)
        .where(eq(users.id, updated.doctorId))
        .limit(1);
      if (doctor) {
        // The doctor, by the channels they chose for their referrals' outcomes (quiet hours hold it).
        await notifyUsers(tx, [doctor.id], {
          kind: "referral.outcome",
          event: `referral.${to}`,
          sms: `referral_${to}`,
          referralId: updated.id,
          referralNumber: updated.referralNumber,
          mail: (t) =>
            referralStatusMail(t, {
              doctorName: doctor.fullName,
              referralNumber: updated.referralNumber,
              status: to,
              appUrl,
            }),
        });
      }
    }
    return updated;
  });

  if (!outcome) {
    const [latest] = await db
      .select({
        status: referrals.status,
        referralNumber: referrals.referralNumber,
        rejectionReason: referrals.rejectionReason,
        cancellationReason: referrals.cancellationReason,
        outcomeNote: referrals.outcomeNote,
      })
      .from(referrals)
      .where(eq(referrals.id, current.id))
      .limit(1);
    const status = latest?.status ?? current.status;
    // The same person's repeat with the same words (a double tap, a retry after a timeout that did
    // reach us) answers as their first did; nothing changes twice (decision 027). Anyone else's, or
    // other words, is the conflict below.
    const sameWords =
      to === "rejected"
        ? latest?.rejectionReason === reason
        : to === "cancelled"
          ? latest?.cancellationReason === reason
          : to === "completed"
            ? latest?.outcomeNote === outcomeNote
            : true;
    if (
      latest &&
      status === to &&
      sameWords &&
      (await didAlready(db, auditBy, { type: "referral", id: current.id }, `referral.${to}`))
    ) {
      return { status: to, referralNumber: latest.referralNumber };
    }
    refuse(
      409,
      status === to
        ? `This referral has already been ${to}.`
        : `This referral is ${status} and can no longer be ${to}. Another administrator may have updated it: please reload.`,
    );
  }

  return { status: to, referralNumber: outcome.referralNumber };
}

/** A transition's text refused by its schema: its first message. */
function refuseIssues(issues: ReadonlyArray<{ message: string }>): never {
  refuse(400, issues[0]?.message ?? "Invalid input");
}
