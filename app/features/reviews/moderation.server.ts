import { and, asc, eq, isNotNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type Actor, assertGate } from "~/auth/actor.server";
import type { Db } from "~/db/client.server";
import { facilities, facilityReviews, users } from "~/db/schema";
import { recordAudit } from "~/features/audit/public.server";
import { refuse } from "~/lib/refusal";

/*
 * Moderating reported review comments: a facility's administrator may report a comment
 * about their facility, which leaves the public profile at once (reportReviewComment). A system
 * administrator then decides: Restore shows it again; Remove erases its words for good (the
 * rating still counts, as every rating does). Both are audited and checked here, whoever asks.
 */

/** How many reported comments the screen lists, oldest report first. */
export const REPORTED_LIMIT = 100;

export const MODERATION_MESSAGES = {
  notFound: "Review not found",
  decided: "This comment is no longer waiting for a decision: another administrator has restored or removed it.",
} as const;

export type ModerationDecision = "restore" | "remove";

export type ReportedComment = {
  id: string;
  facilityName: string;
  facilitySlug: string;
  rating: number;
  comment: string;
  writtenAt: string;
  reportedAt: string;
  /** Who reported it (a facility administrator or a system administrator), null once that account is gone. */
  reportedBy: string | null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The comments reported and not yet decided, oldest report first (approved system administrators). */
export async function listReportedComments(db: Db, actor: Actor): Promise<ReportedComment[]> {
  assertGate(actor, "system-admin");
  const reporter = alias(users, "reporter");
  const rows = await db
    .select({
      id: facilityReviews.id,
      facilityName: facilities.name,
      facilitySlug: facilities.slug,
      rating: facilityReviews.rating,
      comment: facilityReviews.comment,
      writtenAt: facilityReviews.createdAt,
      reportedAt: facilityReviews.commentReportedAt,
      reportedBy: reporter.fullName,
    })
    .from(facilityReviews)
    .innerJoin(facilities, eq(facilities.id, facilityReviews.facilityId))
    .leftJoin(reporter, eq(reporter.id, facilityReviews.commentReportedBy))
    .where(and(isNotNull(facilityReviews.commentReportedAt), isNotNull(facilityReviews.comment)))
    .orderBy(asc(facilityReviews.commentReportedAt), asc(facilityReviews.id))
    .limit(REPORTED_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    facilityName: r.facilityName,
    facilitySlug: r.facilitySlug,
    rating: r.rating,
    comment: r.comment ?? "",
    writtenAt: r.writtenAt.toISOString(),
    reportedAt: (r.reportedAt ?? r.writtenAt).toISOString(),
    reportedBy: r.reportedBy,
  }));
}

/**
 * Restores a reported comment to the facility's public profile, or removes its words (approved
 * system administrators; 401 / 403 otherwise). One conditional update under a row lock: of two
 * administrators deciding at once, the second is told it was decided (409) and nothing changes;
 * an unknown or malformed id, or a review whose comment was never reported, is a 404. Audited.
 */
export async function moderateReviewComment(
  db: Db,
  actor: Actor,
  reviewId: string,
  decision: ModerationDecision,
): Promise<{ facilityName: string }> {
  const admin = assertGate(actor, "system-admin");
  if (!UUID.test(reviewId)) refuse(404, MODERATION_MESSAGES.notFound);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        facilityId: facilityReviews.facilityId,
        comment: facilityReviews.comment,
        reportedAt: facilityReviews.commentReportedAt,
      })
      .from(facilityReviews)
      .where(eq(facilityReviews.id, reviewId))
      .for("update");
    if (!row) refuse(404, MODERATION_MESSAGES.notFound);
    if (!row.reportedAt || row.comment === null) refuse(409, MODERATION_MESSAGES.decided);
    await tx
      .update(facilityReviews)
      .set(decision === "restore" ? { commentReportedAt: null, commentReportedBy: null } : { comment: null })
      .where(eq(facilityReviews.id, reviewId));
    const [facility] = await tx
      .select({ name: facilities.name })
      .from(facilities)
      .where(eq(facilities.id, row.facilityId));
    await recordAudit(tx, {
      actorId: admin.id,
      action: decision === "restore" ? "review.comment_restored" : "review.comment_removed",
      subjectType: "facility_review",
      subjectId: reviewId,
      fromStatus: "reported",
      toStatus: decision === "restore" ? "shown" : "removed",
      reason: `A comment about ${facility?.name ?? "a facility"}`,
    });
    return { facilityName: facility?.name ?? "the facility" };
  });
}
