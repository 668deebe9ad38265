import { and, asc, count, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { type Actor, assertGate, type UserActor } from "~/auth/actor.server";
import type { Db } from "~/db/client.server";
import { facilities, facilityReports } from "~/db/schema";
import { simpleMail } from "~/email/layout";
import { mayMailRecipient } from "~/email/mail-limit.server";
import { env } from "~/env.server";
import { recordAudit } from "~/features/audit/public.server";
import { queueEmailInTheirLanguages } from "~/features/messaging/public.server";
import { facilityAdminReaders } from "~/features/referrals/public.server";
import { hitRateLimit, tooManyAttemptsMessage } from "~/lib/rate-limit.server";
import { parseOrRefuse, refuse } from "~/lib/refusal";
import { assertCanEditFacility, notFound, UUID } from "./facility-admin.server";
import { type FacilityReportInput, facilityReportSchema } from "./facility-schema";

/* ------------------------------------------------------------------------------------------------
 * "Report wrong information"
 * ---------------------------------------------------------------------------------------------- */

/** 5 reports an hour per IP (many more for the e2e server, which posts from one address). */
export function reportRateLimit() {
  return { limit: process.env.E2E_RELAXED_RATE_LIMITS === "1" ? 500 : 5, windowMs: 60 * 60_000 };
}

/**
 * Files a report about an active facility's profile (public, rate limited per IP). The facility's
 * administrators are emailed a link to the queue, at most once an hour: never the text, which
 * anyone could have typed. Refuses (throws) an unknown facility (404), a value the form's schema
 * refuses (400, each field's first message under it) and a rate limit (429).
 */
export async function fileFacilityReport(
  db: Db,
  slug: string,
  fields: Record<string, unknown>,
  options: { ip: string; now?: Date },
): Promise<void> {
  const [facility] = await db
    .select({ id: facilities.id, name: facilities.name })
    .from(facilities)
    .where(and(eq(facilities.slug, slug), eq(facilities.isActive, true)));
  if (!facility) throw notFound();
  const input: FacilityReportInput = parseOrRefuse(facilityReportSchema, fields);
  const limit = await hitRateLimit(db, `facility-report:ip:${options.ip}`, reportRateLimit(), options.now);
  if (!limit.ok) refuse(429, tooManyAttemptsMessage(limit.retryAfterSeconds));
  // However many reports arrive, from however many addresses, the administrators hear of them at
  // most once an hour (the queue shows every one). The mail is queued with the report.
  const admins = await facilityAdminReaders(db, facility.id);
  const tell = admins.length > 0 && (await mayMailRecipient(db, "facility-report", facility.id, options.now));
  await db.transaction(async (tx) => {
    await tx.insert(facilityReports).values({ facilityId: facility.id, details: input.details, email: input.email });
    if (!tell) return;
    await queueEmailInTheirLanguages(
      tx,
      admins,
      (t) =>
        simpleMail(
          t("mail.facility-report.subject", { facility: facility.name }),
          [
            t("mail.hello"),
            t("mail.facility-report.body", { facility: facility.name }),
            t("mail.facility-report.next"),
          ],
          { label: t("mail.facility-report.action"), href: `${env().APP_URL}/dashboard/facility-reports` },
          t,
        ),
      { event: "facility.report" },
    );
  });
}

export type ReportRow = {
  id: string;
  facilityId: string;
  facilityName: string;
  facilitySlug: string;
  details: string;
  email: string | null;
  createdAt: string;
  resolvedAt: string | null;
};

/** Reports a reader may see: system administrators every facility's, a facility administrator their own. */
export async function listReports(
  db: Db,
  actor: Actor,
  options: { open: boolean; facilityId?: string },
): Promise<ReportRow[]> {
  const reader = assertGate(actor, "facility-editor");
  const where: SQL[] = [
    options.open ? isNull(facilityReports.resolvedAt) : sql`${facilityReports.resolvedAt} is not null`,
  ];
  if (reader.role !== "system_admin") {
    if (!reader.facilityId) return [];
    where.push(eq(facilityReports.facilityId, reader.facilityId));
  }
  if (options.facilityId) where.push(eq(facilityReports.facilityId, options.facilityId));
  const rows = await db
    .select({
      id: facilityReports.id,
      facilityId: facilityReports.facilityId,
      facilityName: facilities.name,
      facilitySlug: facilities.slug,
      details: facilityReports.details,
      email: facilityReports.email,
      createdAt: facilityReports.createdAt,
      resolvedAt: facilityReports.resolvedAt,
    })
    .from(facilityReports)
    .innerJoin(facilities, eq(facilities.id, facilityReports.facilityId))
    .where(and(...where))
    .orderBy(options.open ? asc(facilityReports.createdAt) : desc(facilityReports.resolvedAt))
    .limit(100);
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
  }));
}

/** Open reports a reader may see, counted (the navigation's badge). */
export async function countOpenReports(db: Db, actor: UserActor): Promise<number> {
  const where = [isNull(facilityReports.resolvedAt)];
  if (actor.role !== "system_admin") {
    if (!actor.facilityId) return 0;
    where.push(eq(facilityReports.facilityId, actor.facilityId));
  }
  const [row] = await db
    .select({ n: count() })
    .from(facilityReports)
    .where(and(...where));
  return row?.n ?? 0;
}

/** Marks a report resolved (a system administrator, or the reported facility's administrator); 409 if it already is. */
export async function resolveReport(db: Db, actor: Actor, reportId: string): Promise<void> {
  if (!UUID.test(reportId)) refuse(404, "Report not found");
  const [report] = await db
    .select({ facilityId: facilityReports.facilityId, resolvedAt: facilityReports.resolvedAt })
    .from(facilityReports)
    .where(eq(facilityReports.id, reportId));
  if (!report) {
    // Checked in this order so a stranger cannot tell which report ids exist.
    if (actor.kind === "anonymous") refuse(401, "Authentication Required");
    refuse(404, "Report not found");
  }
  const editor = assertCanEditFacility(actor, report.facilityId);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(facilityReports)
      .set({ resolvedAt: new Date(), resolvedBy: editor.id })
      .where(and(eq(facilityReports.id, reportId), isNull(facilityReports.resolvedAt)))
      .returning({ id: facilityReports.id });
    if (!row) refuse(409, "This report has already been resolved.");
    await recordAudit(tx, {
      actorId: editor.id,
      action: "facility.report_resolved",
      subjectType: "facility_report",
      subjectId: reportId,
    });
  });
}
