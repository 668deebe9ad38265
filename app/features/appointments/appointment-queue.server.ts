import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { Actor } from "~/auth/actor";
import { assertGate } from "~/auth/actor.server";
import type { Db } from "~/db/client.server";
import { appointmentRequests, facilities } from "~/db/schema";
import { recordAudit } from "~/features/audit/public.server";
import { parseOrRefuse, refuse } from "~/lib/refusal";
import { textPatient } from "./appointment-notices.server";
import { APPOINTMENT_MESSAGES, FACILITY_MOVE_SCHEMAS, type FacilityMove } from "./appointment-schema";
import { APPOINTMENT_MOVES, type AppointmentStatus, MAX_DAYS_AHEAD, mayMove } from "./appointment-status";

/*
 * The facility's appointment requests (decision 041): a tab beside its referrals, for its approved
 * administrators only (the gate, then the request's facility: another facility's request is a 404).
 * Confirm a slot, propose another time, decline with a reason from the list; mark attended or
 * no-show once the time has come. Each move is one conditional UPDATE by the status table, audited,
 * and the patient is told by SMS in the same transaction.
 */

export type QueueRow = {
  id: string;
  patientName: string;
  phone: string;
  specialty: string;
  preferredDay: string;
  preferredPart: "morning" | "afternoon";
  status: AppointmentStatus;
  provenAt: string | null;
  answerDueAt: string | null;
  slotAt: string | null;
  patientConfirmed: boolean;
};

const OPEN: AppointmentStatus[] = ["requested", "offered", "confirmed"];

function facilityOf(actor: Actor): string {
  const admin = assertGate(actor, "facility-admin");
  if (admin.role !== "facility_admin" || !admin.facilityId) refuse(403, "Access Denied");
  return admin.facilityId;
}

/** How many requests wait for the facility's answer (the tab's count). */
export async function waitingRequestCount(db: Db, actor: Actor): Promise<number> {
  const facilityId = facilityOf(actor);
  const [row] = await db
    .select({ n: count() })
    .from(appointmentRequests)
    .where(and(eq(appointmentRequests.facilityId, facilityId), eq(appointmentRequests.status, "requested")));
  return row?.n ?? 0;
}

/** The open requests: waiting for an answer first (oldest first), then the appointments by time. */
export async function appointmentQueue(
  db: Db,
  actor: Actor,
): Promise<{ facilityName: string; waiting: QueueRow[]; booked: QueueRow[] }> {
  const facilityId = facilityOf(actor);
  const [facility] = await db.select({ name: facilities.name }).from(facilities).where(eq(facilities.id, facilityId));
  const rows = await db
    .select()
    .from(appointmentRequests)
    .where(and(eq(appointmentRequests.facilityId, facilityId), inArray(appointmentRequests.status, OPEN)))
    .orderBy(asc(appointmentRequests.provenAt))
    .limit(500);
  const shown = rows.map(
    (r): QueueRow => ({
      id: r.id,
      patientName: r.patientName,
      phone: r.phone,
      specialty: r.specialty,
      preferredDay: r.preferredDay,
      preferredPart: r.preferredPart,
      status: r.status,
      provenAt: r.provenAt?.toISOString() ?? null,
      answerDueAt: r.answerDueAt?.toISOString() ?? null,
      slotAt: r.slotAt?.toISOString() ?? null,
      patientConfirmed: r.patientConfirmedAt !== null,
    }),
  );
  return {
    facilityName: facility?.name ?? "",
    waiting: shown.filter((r) => r.status === "requested"),
    booked: shown
      .filter((r) => r.status !== "requested")
      .sort((a, b) => (a.slotAt ?? "").localeCompare(b.slotAt ?? "")),
  };
}

/** A date and time typed for Africa/Accra (UTC), from now to 90 days ahead, or the field's refusal. */
function slotFrom(day: string, time: string, now: Date): Date {
  const at = new Date(`${day}T${time}:00.000Z`);
  if (Number.isNaN(at.getTime()) || at <= now || at.getTime() > now.getTime() + MAX_DAYS_AHEAD * 86_400_000) {
    refuse(400, APPOINTMENT_MESSAGES.slotFuture, { slot_day: APPOINTMENT_MESSAGES.slotFuture });
  }
  return at;
}

export async function facilityMove(
  db: Db,
  actor: Actor,
  requestId: string,
  move: FacilityMove,
  fields: Record<string, unknown>,
  now = new Date(),
): Promise<{ status: AppointmentStatus }> {
  const facilityId = facilityOf(actor);
  const actorId = (actor as { id: string }).id;
  const [request] = /^[0-9a-f-]{36}$/.test(requestId)
    ? await db
        .select()
        .from(appointmentRequests)
        .where(and(eq(appointmentRequests.id, requestId), eq(appointmentRequests.facilityId, facilityId)))
    : [];
  if (!request || request.status === "unproven") refuse(404, "Not found");
  const input = parseOrRefuse(FACILITY_MOVE_SCHEMAS[move], fields) as Record<string, string>;
  if (!mayMove(move, request.status, "facility_admin")) {
    refuse(409, "This request has changed since the page was shown: reload to see where it stands.");
  }
  if ((move === "attended" || move === "no_show") && request.slotAt && request.slotAt > now) {
    refuse(409, "An appointment can be marked attended or no-show once its time has come.");
  }
  const rule = APPOINTMENT_MOVES[move];
  const slotAt = move === "confirm" || move === "propose" ? slotFrom(input.slot_day!, input.slot_time!, now) : null;
  return db.transaction(async (tx) => {
    const [moved] = await tx
      .update(appointmentRequests)
      .set({
        status: rule.to,
        movedAt: now,
        ...(request.answeredAt
          ? {}
          : move === "confirm" || move === "propose" || move === "decline"
            ? { answeredAt: now }
            : {}),
        ...(slotAt ? { slotAt } : {}),
        ...(move === "confirm" ? { confirmedAt: now } : {}),
        ...(move === "decline" ? { declineReason: input.reason } : {}),
      })
      .where(and(eq(appointmentRequests.id, request.id), eq(appointmentRequests.status, request.status)))
      .returning({ id: appointmentRequests.id });
    if (!moved) refuse(409, "This request has changed since the page was shown: reload to see where it stands.");
    await recordAudit(tx, {
      actorId,
      action: `appointment.${move}`,
      subjectType: "appointment",
      subjectId: request.id,
      fromStatus: request.status,
      toStatus: rule.to,
      reason: move === "decline" ? (input.reason ?? null) : slotAt ? slotAt.toISOString() : null,
    });
    const tell = { id: request.id, phone: request.phone, language: request.language, provenBy: request.provenBy, now };
    if (move === "confirm") await textPatient(tx, { ...tell, kind: "confirmed", at: slotAt });
    if (move === "propose") await textPatient(tx, { ...tell, kind: "proposed", at: slotAt });
    if (move === "decline") await textPatient(tx, { ...tell, kind: "declined" });
    return { status: rule.to };
  });
}
