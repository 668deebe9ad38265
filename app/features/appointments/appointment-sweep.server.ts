import { and, eq, inArray, isNull, like, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appointmentRequests, messages, rateLimits } from "~/db/schema";
import { env } from "~/env.server";
import { recordAudit } from "~/features/audit/public.server";
import { localePath } from "~/i18n/locales";
import type { JobHandler } from "~/jobs/queue.server";
import { scheduledNow } from "~/lib/test-clock.server";
import { otherFacilitiesPath, textPatient } from "./appointment-notices.server";
import { PROOF_VALID_HOURS, REMINDER_HOURS, RETENTION_DAYS } from "./appointment-status";

/*
 * The appointment requests' scheduled work (decision 041), one `appointment-sweep` job a minute (pg-boss
 * cron, one run at a time): expire what was not answered in time, send the reminders that are due,
 * and remove patient data past its keeping. Each step is set-based and conditional, so a run that
 * repeats or overlaps another does nothing twice. `now` is the scheduled clock (test-clock.server.ts).
 */

const HOUR_MS = 60 * 60_000;
const BATCH = 200;

/**
 * A request not answered by its due time (one working day after the proof) expires, and so does a
 * proposed time the patient did not accept before it came. The patient is told, with a link to the
 * directory's other facilities of the specialty.
 */
export async function expireUnanswered(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(appointmentRequests)
      .set({ status: "expired", movedAt: now })
      .where(
        inArray(
          appointmentRequests.id,
          tx
            .select({ id: appointmentRequests.id })
            .from(appointmentRequests)
            .where(
              or(
                and(eq(appointmentRequests.status, "requested"), lte(appointmentRequests.answerDueAt, now)),
                and(eq(appointmentRequests.status, "offered"), lte(appointmentRequests.slotAt, now)),
              ),
            )
            .limit(BATCH)
            .for("update", { skipLocked: true }),
        ),
      )
      .returning();
    for (const row of expired) {
      const from = row.answeredAt ? "offered" : "requested";
      await recordAudit(tx, {
        actorId: null,
        action: "appointment.expire",
        subjectType: "appointment",
        subjectId: row.id,
        fromStatus: from,
        toStatus: "expired",
        reason: from === "requested" ? "Not answered within one working day" : "The proposed time passed",
      });
      const link = `${env().APP_URL}${localePath(row.language === "fr" ? "fr" : "en", otherFacilitiesPath(row.specialty))}`;
      await textPatient(tx, {
        id: row.id,
        phone: row.phone,
        language: row.language,
        provenBy: row.provenBy,
        kind: "expired",
        link,
        now,
      });
    }
    return expired.length;
  });
}

/**
 * The reminder, 24 hours before a confirmed appointment: once (reminder_sent_at), held until the
 * end of the default quiet hours (never past the appointment), and only for appointments confirmed
 * more than 24 hours ahead (a later confirmation's own SMS is the reminder).
 */
export async function sendDueReminders(db: Db, now: Date): Promise<number> {
  const window = new Date(now.getTime() + REMINDER_HOURS * HOUR_MS);
  return db.transaction(async (tx) => {
    const due = await tx
      .update(appointmentRequests)
      .set({ reminderSentAt: now })
      .where(
        inArray(
          appointmentRequests.id,
          tx
            .select({ id: appointmentRequests.id })
            .from(appointmentRequests)
            .where(
              and(
                eq(appointmentRequests.status, "confirmed"),
                isNull(appointmentRequests.reminderSentAt),
                lte(appointmentRequests.slotAt, window),
                sql`${appointmentRequests.slotAt} > ${now.toISOString()}`,
                sql`${appointmentRequests.confirmedAt} < ${appointmentRequests.slotAt} - interval '${sql.raw(String(REMINDER_HOURS))} hours'`,
              ),
            )
            .limit(BATCH)
            .for("update", { skipLocked: true }),
        ),
      )
      .returning();
    for (const row of due) {
      await textPatient(tx, {
        id: row.id,
        phone: row.phone,
        language: row.language,
        provenBy: row.provenBy,
        kind: "reminder",
        at: row.slotAt,
        now,
        latest: row.slotAt,
      });
    }
    return due.length;
  });
}

/**
 * Retention: a request is removed 90 days after its appointment (or, with none, after its last
 * move), an unproven one once its link has expired; so are its SMS records and its number's
 * rate-limit counters. The audit rows stay: they name the request's id, no patient data.
 */
export async function removeExpiredPatientData(db: Db, now: Date): Promise<number> {
  const keepSince = new Date(now.getTime() - RETENTION_DAYS * 24 * HOUR_MS);
  const proofSince = new Date(now.getTime() - PROOF_VALID_HOURS * HOUR_MS);
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(appointmentRequests)
      .where(
        or(
          lt(appointmentRequests.slotAt, keepSince),
          and(isNull(appointmentRequests.slotAt), lt(appointmentRequests.movedAt, keepSince)),
          and(eq(appointmentRequests.status, "unproven"), lt(appointmentRequests.createdAt, proofSince)),
        ),
      )
      .returning({ phone: appointmentRequests.phone });
    const phones = [...new Set(removed.map((r) => r.phone))];
    if (phones.length > 0) {
      const stillKept = await tx
        .select({ phone: appointmentRequests.phone })
        .from(appointmentRequests)
        .where(inArray(appointmentRequests.phone, phones));
      const gone = phones.filter((p) => !stillKept.some((k) => k.phone === p));
      if (gone.length > 0) {
        await tx.delete(messages).where(and(like(messages.event, "appointment.%"), inArray(messages.recipient, gone)));
      }
    }
    await tx
      .delete(rateLimits)
      .where(and(like(rateLimits.key, "appointment:phone:%"), lt(rateLimits.windowStart, proofSince)));
    return removed.length;
  });
}

export async function sweepAppointments(db: Db, now: Date): Promise<void> {
  await expireUnanswered(db, now);
  await sendDueReminders(db, now);
  await removeExpiredPatientData(db, now);
}

export function appointmentSweepJob(db: Db): JobHandler<"appointment-sweep"> {
  return async () => {
    await sweepAppointments(db, scheduledNow());
  };
}
