import { eq } from "drizzle-orm";
import type { Actor, ClientActor } from "~/auth/actor.server";
import type { Db } from "~/db/client.server";
import { auditEvents, referralMessages, referrals } from "~/db/schema";
import { env } from "~/env.server";
import { facilityAdminIds, notifyUsers } from "~/features/messaging/public.server";
import { refuse } from "~/lib/refusal";
import { referralMessageMail } from "./referral-mail";
import { countUserWrite } from "./user-limits.server";
import { locate, mayMessageAs, viewerOf } from "./workspace-access.server";
import { messageSchema } from "./workspace-schemas";

/**
 * Posts a message on a referral: the referring doctor and the receiving facility's approved
 * administrators, in any status but cancelled (a completed or rejected referral may still need a
 * question answered; a cancelled one is closed). System administrators read only (403). The body
 * is 1 to 2,000 characters (messageSchema, 400 otherwise). The message and its audit row are one
 * transaction, with the email telling the other side that there is a message (the number and a
 * link only). A facility's hospital system (its FHIR client, decision 034) posts as that facility's
 * administrators do, the audit row naming the client; the network's client reads only (403).
 */
export async function postMessage(
  db: Db,
  actor: Actor | ClientActor,
  referralId: string,
  input: { body?: unknown },
): Promise<{ id: string; referralNumber: string; createdAt: Date }> {
  const viewer = actor.kind === "client" ? actor : viewerOf(actor);
  const referral = await locate(db, viewer, referralId);
  if (viewer.kind === "client" && viewer.facilityId === null) {
    refuse(403, "The network's client reads the messages; only a facility's client may post them.");
  }
  const role = viewer.kind === "client" ? "facility_admin" : viewer.role;
  if (role === "system_admin") {
    refuse(403, "System administrators can read the messages but not post them.");
  }
  const parsed = messageSchema.safeParse({ body: input.body });
  if (!parsed.success) refuse(400, parsed.error.issues[0]?.message ?? "Invalid message");
  if (!mayMessageAs(role, referral.status)) {
    refuse(409, "This referral was cancelled: no more messages can be posted.");
  }
  // A person's daily allowance; a client's calls are limited per client by the API.
  const authorId = viewer.kind === "client" ? null : viewer.id;
  if (authorId) await countUserWrite(db, authorId, "messages");
  const posted = await db.transaction(async (tx) => {
    // The referral's status as it is now (a cancel may have just landed).
    const [current] = await tx
      .select({ status: referrals.status })
      .from(referrals)
      .where(eq(referrals.id, referral.id))
      .for("share");
    if (!current || !mayMessageAs(role, current.status)) return null;
    const [message] = await tx
      .insert(referralMessages)
      .values({ referralId: referral.id, authorId, body: parsed.data.body })
      .returning({ id: referralMessages.id, createdAt: referralMessages.createdAt });
    // The audit row shares the message's id: the timeline joins the body to it.
    await tx.insert(auditEvents).values({
      id: message.id,
      actorId: authorId,
      apiClientId: viewer.kind === "client" ? viewer.id : null,
      action: "referral.message",
      subjectType: "referral",
      subjectId: referral.id,
    });
    // The other side, by the channels each chose for messages (quiet hours hold it).
    const to = role === "doctor" ? await facilityAdminIds(tx, referral.facilityId) : [referral.doctorId];
    await notifyUsers(tx, to, {
      kind: "referral.message",
      event: "referral.message",
      sms: "referral_message",
      referralId: referral.id,
      referralNumber: referral.referralNumber,
      mail: (t) => referralMessageMail(t, { referralNumber: referral.referralNumber, appUrl: env().APP_URL }),
    });
    return message;
  });
  if (!posted) refuse(409, "This referral was cancelled: no more messages can be posted.");

  return { id: posted.id, referralNumber: referral.referralNumber, createdAt: posted.createdAt };
}
