import { and, eq, isNotNull, ne, sql } from "drizzle-orm";
import type { Actor } from "~/auth/actor";
import { assertGate } from "~/auth/actor.server";
import type { Db } from "~/db/client.server";
import { appointmentRequests, facilities } from "~/db/schema";
import { MIN_ANSWERED_FOR_MEDIAN } from "./appointment-status";

/*
 * Appointment figures from the requests still kept (90 days after their appointment):
 * per facility, the proven requests, the share that reached a confirmed appointment (confirmed,
 * attended or no-show) and the median time from the proof to the facility's first answer.
 */

export type AppointmentFigures = {
  facilityName: string;
  requests: number;
  confirmed: number;
  /** 0 to 1; null without requests. */
  confirmationRate: number | null;
  /** Minutes; null until one was answered. */
  medianMinutesToAnswer: number | null;
};

const median = sql<
  string | null
>`percentile_cont(0.5) within group (order by extract(epoch from ${appointmentRequests.answeredAt} - ${appointmentRequests.provenAt})) filter (where ${appointmentRequests.answeredAt} is not null)`;

/** The Overview's table (system administrators): every facility with a proven request, most requests first. */
export async function appointmentFigures(db: Db, actor: Actor): Promise<AppointmentFigures[]> {
  assertGate(actor, "system-admin");
  const rows = await db
    .select({
      facilityName: facilities.name,
      requests: sql<number>`count(*)::int`,
      confirmed: sql<number>`count(*) filter (where ${appointmentRequests.status} in ('confirmed', 'attended', 'no_show'))::int`,
      medianSeconds: median,
    })
    .from(appointmentRequests)
    .innerJoin(facilities, eq(facilities.id, appointmentRequests.facilityId))
    .where(ne(appointmentRequests.status, "unproven"))
    .groupBy(facilities.id, facilities.name)
    .orderBy(sql`count(*) desc`, facilities.name);
  return rows.map((r) => ({
    facilityName: r.facilityName,
    requests: r.requests,
    confirmed: r.confirmed,
    confirmationRate: r.requests ? r.confirmed / r.requests : null,
    medianMinutesToAnswer: r.medianSeconds === null ? null : Math.max(0, Math.round(Number(r.medianSeconds) / 60)),
  }));
}

/** A profile's median time to answer appointment requests, in minutes, once it has answered 5. */
export async function profileMedianMinutes(db: Db, facilityId: string): Promise<number | null> {
  const [row] = await db
    .select({ answered: sql<number>`count(*)::int`, medianSeconds: median })
    .from(appointmentRequests)
    .where(and(eq(appointmentRequests.facilityId, facilityId), isNotNull(appointmentRequests.answeredAt)));
  if (!row || row.answered < MIN_ANSWERED_FOR_MEDIAN || row.medianSeconds === null) return null;
  return Math.max(0, Math.round(Number(row.medianSeconds) / 60));
}
