import { and, eq, gte, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appointmentRequests, facilities } from "~/db/schema";
import { env } from "~/env.server";
import { recordAudit } from "~/features/audit/public.server";
import { parsePhone } from "~/lib/phone";
import { hitRateLimit, limitFactor, tooManyAttemptsMessage } from "~/lib/rate-limit.server";
import { parseOrRefuse, refuse } from "~/lib/refusal";
import { tellFacilityAdmins, textPatient } from "./appointment-notices.server";
import { APPOINTMENT_MESSAGES, appointmentRequestSchema } from "./appointment-schema";
import { APPOINTMENT_LIMITS, MAX_DAYS_AHEAD } from "./appointment-status";
import { oneWorkingDayAfter } from "./working-day";

/*
 * Asking a facility for an appointment from its profile (decision 041): no account. The request is
 * stored `unproven` with one SMS, the link; it reaches the facility only when the patient opens
 * the link and presses its button (appointment-patient.server.ts). At most 3 requests a day per
 * number and 20 an hour per IP (E2E_RELAXED_RATE_LIMITS multiplies both): the link is the only SMS
 * an unproven number ever gets, so no one can text strangers through the form.
 */

const DAY_MS = 24 * 60 * 60_000;

/** The specialties a facility's form offers: its own list, or a general consultation when it has none. */
function requestableSpecialties(specialties: readonly string[]): string[] {
  return specialties.length > 0 ? [...specialties] : ["General consultation"];
}

/** Today in Africa/Accra (UTC), as YYYY-MM-DD. */
export function accraDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The active facility a request form is for: its name and the specialties the form offers. */
export async function requestableFacility(
  db: Db,
  slug: string,
): Promise<{ name: string; slug: string; specialties: string[] } | null> {
  const [row] = await db
    .select({ name: facilities.name, slug: facilities.slug, specialties: facilities.specialties })
    .from(facilities)
    .where(and(eq(facilities.slug, slug), eq(facilities.isActive, true)));
  return row ? { ...row, specialties: requestableSpecialties(row.specialties) } : null;
}

export async function requestAppointment(
  db: Db,
  slug: string,
  fields: Record<string, unknown>,
  options: { ip: string; now?: Date },
): Promise<{ id: string }> {
  const now = options.now ?? new Date();
  const [facility] = await db
    .select({ id: facilities.id, specialties: facilities.specialties })
    .from(facilities)
    .where(and(eq(facilities.slug, slug), eq(facilities.isActive, true)));
  if (!facility) refuse(404, "Facility Not Found");
  const input = parseOrRefuse(appointmentRequestSchema, fields);
  const phone = parsePhone(input.phone, { mobile: true });
  if (!phone.ok) refuse(400, phone.message, { phone: phone.message });
  if (!requestableSpecialties(facility.specialties).includes(input.specialty)) {
    refuse(400, APPOINTMENT_MESSAGES.specialty, { specialty: APPOINTMENT_MESSAGES.specialty });
  }
  const today = accraDay(now);
  const last = accraDay(new Date(now.getTime() + MAX_DAYS_AHEAD * DAY_MS));
  if (Number.isNaN(Date.parse(input.day)) || input.day < today || input.day > last) {
    refuse(400, APPOINTMENT_MESSAGES.dayRange, { day: APPOINTMENT_MESSAGES.dayRange });
  }
  const factor = limitFactor();
  const perIp = APPOINTMENT_LIMITS.perIpHour;
  const byIp = await hitRateLimit(
    db,
    `appointment:ip:${options.ip}`,
    { limit: perIp.limit * factor, windowMs: perIp.windowMs },
    now,
  );
  if (!byIp.ok) refuse(429, tooManyAttemptsMessage(byIp.retryAfterSeconds));
  const perNumber = APPOINTMENT_LIMITS.perNumberDay;
  const byNumber = await hitRateLimit(
    db,
    `appointment:phone:${phone.e164}`,
    { limit: perNumber.limit * factor, windowMs: perNumber.windowMs },
    now,
  );
  if (!byNumber.ok) refuse(429, tooManyAttemptsMessage(byNumber.retryAfterSeconds));
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(appointmentRequests)
      .values({
        facilityId: facility.id,
        patientName: input.name,
        phone: phone.e164,
        specialty: input.specialty,
        preferredDay: input.day,
        preferredPart: input.part,
        language: input.language,
        consentAt: now,
        createdAt: now,
        movedAt: now,
      })
      .returning({ id: appointmentRequests.id });
    await textPatient(tx, { id: row!.id, phone: phone.e164, language: input.language, kind: "prove", now });
    return { id: row!.id };
  });
}

/**
 * The proof (the patient opened the link and pressed its button, or sent the request's code from
 * the number by WhatsApp): `unproven` -> `requested`, due one working day later (public holidays
 * skipped), the facility's administrators told. The proof works 24 hours.
 */
export async function proveRequest(tx: Db, id: string, now: Date, by: "link" | "whatsapp" = "link"): Promise<boolean> {
  const [row] = await tx
    .update(appointmentRequests)
    .set({
      status: "requested",
      provenAt: now,
      provenBy: by,
      answerDueAt: oneWorkingDayAfter(now, env().PUBLIC_HOLIDAYS),
      movedAt: now,
    })
    .where(
      and(
        eq(appointmentRequests.id, id),
        inArray(appointmentRequests.status, ["unproven"]),
        gte(appointmentRequests.createdAt, new Date(now.getTime() - DAY_MS)),
      ),
    )
    .returning({ facilityId: appointmentRequests.facilityId });
  if (!row) return false;
  await recordAudit(tx, {
    actorId: null,
    action: "appointment.requested",
    subjectType: "appointment",
    subjectId: id,
    fromStatus: "unproven",
    toStatus: "requested",
    reason: by === "whatsapp" ? "The patient proved their number by WhatsApp" : "The patient proved their number",
  });
  await tellFacilityAdmins(tx, row.facilityId);
  return true;
}
