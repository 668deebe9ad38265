import { and, eq } from "drizzle-orm";
import { type Actor, assertGate } from "~/auth/actor.server";
import type { Db } from "~/db/client.server";
import { facilities, patients, referrals } from "~/db/schema";
import { env } from "~/env.server";
import { recordAudit } from "~/features/audit/public.server";
import { facilityAdminIds, notifyOnCall, notifyUsers } from "~/features/messaging/public.server";
import type { Translate } from "~/i18n/i18n";
import { joinedMessages } from "~/lib/form-fields";
import { parseOrRefuse, refuse } from "~/lib/refusal";
import { scheduleEscalation } from "./escalation.server";
import { newReferralMail } from "./referral-mail";
import { createReferralSchema, normalisePhone } from "./referral-schema";
import { REFERRAL_FEE } from "./referral-status";
import { alertUnreachableFacility } from "./unreachable-facility.server";
import { countUserWrite } from "./user-limits.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/* ------------------------------------------------------------------------------------------------
 * Creating a referral (doctors)
 * ---------------------------------------------------------------------------------------------- */

/** A referral just made: its id and its number (its page is `/referrals/{number}`). */
export type CreatedReferral = { id: string; referralNumber: string };

/**
 * Creates a pending referral for an approved doctor (401/403 otherwise). Validates with the
 * form's schema: values it refuses are a thrown 400 with each field's message, and the spec's
 * "Error Creating Referral" text (every message, joined by a comma) as its message. The patient
 * is reused by normalised phone number; the fee is the server's; the patient, the referral and its
 * number are written in one transaction, with the emails to the facility's approved
 * administrators (queued: sent by the job queue once it commits).
 */
export async function createReferral(db: Db, actor: Actor, values: unknown): Promise<CreatedReferral> {
  const doctor = assertGate(actor, "referrals-create");
  const input = parseOrRefuse(createReferralSchema, values, joinedMessages);
  const facility = UUID.test(input.facility_id)
    ? (
        await db
          .select({ id: facilities.id })
          .from(facilities)
          .where(and(eq(facilities.id, input.facility_id), eq(facilities.isActive, true)))
          .limit(1)
      )[0]
    : undefined;
  if (!facility) {
    const message = "Please select a facility";
    refuse(400, message, { facility_id: message });
  }
  // The schema has already refused numbers that do not normalise.
  const phone = normalisePhone(input.patient_phone) ?? input.patient_phone;
  // 50 referrals a doctor an hour (decision 023): a 429 past it, nothing stored.
  await countUserWrite(db, doctor.id, "referrals");

  const created = await db.transaction(async (tx) => {
    // Reuse the patient with this phone number, or create them; concurrent creations of the same
    // patient meet at the unique index and both end up with the one row.
    await tx
      .insert(patients)
      .values({
        fullName: input.patient_name,
        phone,
        email: input.patient_email,
        dateOfBirth: input.patient_date_of_birth,
      })
      .onConflictDoNothing({ target: patients.phone });
    const [patient] = await tx.select({ id: patients.id }).from(patients).where(eq(patients.phone, phone)).limit(1);
    const [referral] = await tx
      .insert(referrals)
      .values({
        doctorId: doctor.id,
        facilityId: facility.id,
        patientId: patient.id,
        patientName: input.patient_name,
        patientPhone: phone,
        patientEmail: input.patient_email,
        patientDateOfBirth: input.patient_date_of_birth,
        chiefComplaint: input.chief_complaint,
        clinicalNotes: input.clinical_notes,
        urgencyLevel: input.urgency_level,
        referralFee: REFERRAL_FEE.total,
        doctorShare: REFERRAL_FEE.doctorShare,
        platformShare: REFERRAL_FEE.platformShare,
      })
      .returning({ id: referrals.id, referralNumber: referrals.referralNumber, createdAt: referrals.createdAt });
    await recordAudit(tx, {
      actorId: doctor.id,
      action: "referral.created",
      subjectType: "referral",
      subjectId: referral.id,
      toStatus: "pending",
    });
    // The facility's administrators by the channels they chose (an emergency at once, whatever
    // their quiet hours), its on-call number by SMS, and the escalation if nobody accepts in time.
    const emergency = input.urgency_level === "emergency";
    const notice = {
      kind: "referral.new" as const,
      event: "referral.created",
      sms: emergency
        ? ("referral_new_emergency" as const)
        : input.urgency_level === "urgent"
          ? ("referral_new_urgent" as const)
          : ("referral_new" as const),
      referralId: referral.id,
      referralNumber: referral.referralNumber,
      emergency,
      mail: (t: Translate) => newReferralMail(t, { referralNumber: referral.referralNumber, appUrl: env().APP_URL }),
    };
    const told = await notifyUsers(tx, await facilityAdminIds(tx, facility.id), notice);
    const onCall = await notifyOnCall(tx, facility.id, notice);
    // No one at the facility was told (no approved administrator or on-call number, or
    // none who chose a channel): the system administrators are alerted at once to phone it.
    if (told.length === 0 && !onCall) {
      await alertUnreachableFacility(tx, {
        appUrl: env().APP_URL,
        facilityId: facility.id,
        referralId: referral.id,
        referralNumber: referral.referralNumber,
      });
    }
    await scheduleEscalation(tx, { id: referral.id, urgencyLevel: input.urgency_level, createdAt: referral.createdAt });
    return referral;
  });

  return { id: created.id, referralNumber: created.referralNumber };
}
