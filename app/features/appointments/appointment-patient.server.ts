import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appointmentRequests, facilities } from "~/db/schema";
import { recordAudit } from "~/features/audit/public.server";
import { refuse } from "~/lib/refusal";
import { otherFacilitiesPath, patientChannel, tellFacilityAdmins } from "./appointment-notices.server";
import { proveRequest } from "./appointment-request.server";
import type { PatientMove } from "./appointment-schema";
import {
  APPOINTMENT_MOVES,
  type AppointmentStatus,
  DECLINE_REASONS,
  type MessageLanguage,
  mayMove,
  movesFrom,
} from "./appointment-status";
import { verifyAppointmentToken } from "./appointment-token.server";

/*
 * The patient's page (decision 041): /appointment/{token}, no account. Opening it only shows (SMS link
 * scanners open links); each button is a post: prove the number, confirm they will come, accept
 * the proposed time, cancel. The status table decides; a forged token or a removed request is 404.
 */

export type PatientView = {
  facility: { name: string; slug: string };
  status: AppointmentStatus;
  specialty: string;
  preferredDay: string;
  preferredPart: "morning" | "afternoon";
  language: MessageLanguage;
  slotAt: string | null;
  patientConfirmed: boolean;
  declineReason: string | null;
  /** The channel the facility's answers come by: WhatsApp to a number proven by WhatsApp (while configured). */
  answersBy: "SMS" | "WhatsApp";
  /** The directory's other facilities for the specialty (after a decline or an expiry). */
  othersHref: string;
  moves: PatientMove[];
};

async function requestOf(db: Db, token: unknown) {
  const id = verifyAppointmentToken(token);
  if (!id) refuse(404, "Not found");
  const [row] = await db
    .select({ request: appointmentRequests, facilityName: facilities.name, facilitySlug: facilities.slug })
    .from(appointmentRequests)
    .innerJoin(facilities, eq(facilities.id, appointmentRequests.facilityId))
    .where(eq(appointmentRequests.id, id));
  if (!row) refuse(404, "Not found");
  return row;
}

export async function appointmentForPatient(db: Db, token: unknown): Promise<PatientView> {
  const { request, facilityName, facilitySlug } = await requestOf(db, token);
  const moves = movesFrom(request.status, "patient").filter(
    (move): move is PatientMove => move !== "patient_confirm" || request.patientConfirmedAt === null,
  );
  const reason = DECLINE_REASONS.find((r) => r.value === request.declineReason)?.label ?? null;
  return {
    facility: { name: facilityName, slug: facilitySlug },
    status: request.status,
    specialty: request.specialty,
    preferredDay: request.preferredDay,
    preferredPart: request.preferredPart,
    language: request.language,
    slotAt: request.slotAt?.toISOString() ?? null,
    patientConfirmed: request.patientConfirmedAt !== null,
    declineReason: reason,
    answersBy: patientChannel(request.provenBy) === "whatsapp" ? "WhatsApp" : "SMS",
    othersHref: otherFacilitiesPath(request.specialty),
    moves,
  };
}

/**
 * One of the patient's moves, by the status table. A move made already (a double tap) is answered
 * as done; one the table does not allow now is a 409 with what happened instead.
 */
export async function patientMove(db: Db, token: unknown, move: PatientMove, now = new Date()): Promise<void> {
  const { request } = await requestOf(db, token);
  if (!mayMove(move, request.status, "patient")) {
    if (APPOINTMENT_MOVES[move].to === request.status && move !== "patient_confirm") return;
    if (move === "prove" && request.status !== "unproven") return;
    refuse(409, "This request has changed: reload the page to see where it stands.");
  }
  await db.transaction(async (tx) => {
    if (move === "prove") {
      if (!(await proveRequest(tx, request.id, now))) refuse(410, "This link has expired. Please ask again.");
      return;
    }
    const rule = APPOINTMENT_MOVES[move];
    const set =
      move === "patient_confirm"
        ? { patientConfirmedAt: now }
        : move === "accept"
          ? { status: rule.to, confirmedAt: now, patientConfirmedAt: now, movedAt: now }
          : { status: rule.to, movedAt: now };
    const [moved] = await tx
      .update(appointmentRequests)
      .set(set)
      .where(
        and(
          eq(appointmentRequests.id, request.id),
          inArray(appointmentRequests.status, [...rule.from]),
          move === "patient_confirm" ? isNull(appointmentRequests.patientConfirmedAt) : undefined,
        ),
      )
      .returning({ id: appointmentRequests.id, facilityId: appointmentRequests.facilityId });
    if (!moved) refuse(409, "This request has changed: reload the page to see where it stands.");
    if (move === "cancel") await tellFacilityAdmins(tx, moved.facilityId, "cancelled");
    await recordAudit(tx, {
      actorId: null,
      action: `appointment.${move}`,
      subjectType: "appointment",
      subjectId: request.id,
      fromStatus: request.status,
      toStatus: rule.to,
      reason: "By the patient, from their link",
    });
  });
}
