import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Actor } from "~/auth/actor";
import type { Db } from "~/db/client.server";
import { facilities, facilityReviews, referrals } from "~/db/schema";
import { recordAudit } from "~/features/audit/public.server";
import { refuse } from "~/lib/refusal";
import { REVIEW_EDIT_DAYS, type ReviewInput, type ReviewRating } from "./review-schema";

/*
 * Facility reviews: after a referral is completed, its referring doctor rates the
 * facility, once per referral (a second post changes the same review), and can change it for
 * REVIEW_EDIT_DAYS days after first writing it. A facility's rating is the average and count of
 * these reviews and nothing else.
 */

const REFERRAL_NUMBER = /^REF-\d{4}-\d{6,12}$/i;
const DAY_MS = 24 * 60 * 60 * 1000;

export const REVIEW_NOT_FOUND = "Referral not found";
export const ONLY_REFERRING_DOCTOR = "Only the doctor who made this referral can rate the facility.";
export const NOT_COMPLETED = "You can rate the facility once the referral is completed.";
export const EDIT_WINDOW_CLOSED = `A review can be changed for ${REVIEW_EDIT_DAYS} days after it is written.`;

export type FacilityReview = { rating: number; comment: string | null; createdAt: string; updatedAt: string };

/** What the referral page shows its referring doctor: the form, their review, and until when it can change. */
export type ReviewState = {
  referralNumber: string;
  facilityName: string;
  review: FacilityReview | null;
  /** ISO time after which the review can no longer change; null before it is written. */
  editableUntil: string | null;
  editable: boolean;
};

type Located = {
  id: string;
  referralNumber: string;
  status: string;
  doctorId: string;
  facilityId: string;
  facilityName: string;
};

async function locate(db: Db, referralNumber: string): Promise<Located | null> {
  if (!REFERRAL_NUMBER.test(referralNumber)) return null;
  const [row] = await db
    .select({
      id: referrals.id,
      referralNumber: referrals.referralNumber,
      status: referrals.status,
      doctorId: referrals.doctorId,
      facilityId: referrals.facilityId,
      facilityName: facilities.name,
    })
    .from(referrals)
    .innerJoin(facilities, eq(facilities.id, referrals.facilityId))
    .where(eq(referrals.referralNumber, referralNumber.toUpperCase()))
    .limit(1);
  return row ?? null;
}

const editableUntilOf = (createdAt: Date) => new Date(createdAt.getTime() + REVIEW_EDIT_DAYS * DAY_MS);

function reviewOf(row: typeof facilityReviews.$inferSelect): FacilityReview {
  return {
    rating: row.rating,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The review panel's data for this viewer, or null when there is nothing for them to see: only the
 * referring doctor (signed in and approved) of a completed referral gets it.
 */
export async function reviewStateFor(
  db: Db,
  actor: Actor,
  referralNumber: string,
  now: Date = new Date(),
): Promise<ReviewState | null> {
  if (actor.kind !== "user" || !actor.approved || actor.role !== "doctor") return null;
  const referral = await locate(db, referralNumber);
  if (!referral || referral.doctorId !== actor.id || referral.status !== "completed") return null;
  const [row] = await db.select().from(facilityReviews).where(eq(facilityReviews.referralId, referral.id)).limit(1);
  const until = row ? editableUntilOf(row.createdAt) : null;
  return {
    referralNumber: referral.referralNumber,
    facilityName: referral.facilityName,
    review: row ? reviewOf(row) : null,
    editableUntil: until?.toISOString() ?? null,
    editable: until === null || now < until,
  };
}

/**
 * Writes the referring doctor's review of a completed referral's facility, or changes it within
 * REVIEW_EDIT_DAYS days of first writing it. One row per referral whatever the number of posts,
 * and two posts at once cannot make two (one insert-or-update on the referral's unique key, whose
 * update only happens inside the window). Refusals: 401 signed out; 404 for a referral the actor
 * may not see (another doctor, a malformed or unknown number, an account awaiting approval); 403
 * for the referral's facility administrators and system administrators, who see it but did not
 * make it; 409 before completion and after the window.
 */
export async function saveReview(
  db: Db,
  actor: Actor,
  referralNumber: string,
  input: ReviewInput,
  now: Date = new Date(),
): Promise<{ referralNumber: string; created: boolean }> {
  if (actor.kind === "anonymous") refuse(401, "Authentication Required");
  if (!actor.approved) refuse(404, REVIEW_NOT_FOUND);
  const referral = await locate(db, referralNumber);
  if (!referral) refuse(404, REVIEW_NOT_FOUND);
  if (referral.doctorId !== actor.id) {
    const seesIt =
      actor.role === "system_admin" || (actor.role === "facility_admin" && actor.facilityId === referral.facilityId);
    refuse(seesIt ? 403 : 404, seesIt ? ONLY_REFERRING_DOCTOR : REVIEW_NOT_FOUND);
  }
  if (referral.status !== "completed") refuse(409, NOT_COMPLETED);

  const windowStart = new Date(now.getTime() - REVIEW_EDIT_DAYS * DAY_MS);
  const [row] = await db
    .insert(facilityReviews)
    .values({
      referralId: referral.id,
      facilityId: referral.facilityId,
      doctorId: actor.id,
      rating: input.rating,
      comment: input.comment,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: facilityReviews.referralId,
      set: { rating: input.rating, comment: input.comment, updatedAt: now },
      setWhere: sql`${facilityReviews.createdAt} > ${windowStart.toISOString()}::timestamptz`,
    })
    .returning({ createdAt: facilityReviews.createdAt });
  // No row: the review exists and its window has closed (the conditional update changed nothing).
  if (!row) refuse(409, EDIT_WINDOW_CLOSED);
  return { referralNumber: referral.referralNumber, created: row.createdAt.getTime() === now.getTime() };
}

/** The average (one decimal) and count of each facility's reviews; facilities without any are absent. */
export async function reviewRatings(db: Db, facilityIds: readonly string[]): Promise<Map<string, ReviewRating>> {
  const ratings = new Map<string, ReviewRating>();
  if (facilityIds.length === 0) return ratings;
  const rows = await db
    .select({
      facilityId: facilityReviews.facilityId,
      average: sql<string>`round(avg(${facilityReviews.rating}), 1)`,
      count: count(),
    })
    .from(facilityReviews)
    .where(inArray(facilityReviews.facilityId, [...facilityIds]))
    .groupBy(facilityReviews.facilityId);
  for (const row of rows) ratings.set(row.facilityId, { average: Number(row.average), count: row.count });
  return ratings;
}

/** A review's comment as the public profile shows it: no names (the reviewer is a referring doctor). */
export type PublicReviewComment = { rating: number; comment: string; createdAt: string };

/** How many comments a profile shows. */
export const PROFILE_COMMENTS = 10;

/**
 * The comments of a facility's reviews for its public profile, newest first, without
 * the ones the facility or a system administrator reported.
 */
export async function publicReviewComments(db: Db, facilityId: string): Promise<PublicReviewComment[]> {
  const rows = await db
    .select({ rating: facilityReviews.rating, comment: facilityReviews.comment, createdAt: facilityReviews.createdAt })
    .from(facilityReviews)
    .where(
      and(
        eq(facilityReviews.facilityId, facilityId),
        isNotNull(facilityReviews.comment),
        isNull(facilityReviews.commentReportedAt),
      ),
    )
    .orderBy(desc(facilityReviews.createdAt), desc(facilityReviews.id))
    .limit(PROFILE_COMMENTS);
  return rows.map((r) => ({ rating: r.rating, comment: r.comment ?? "", createdAt: r.createdAt.toISOString() }));
}

/** A comment as the reviewed facility's administrator sees it: reported or shown. */
export type FacilityReviewComment = PublicReviewComment & { id: string; reported: boolean };

/** The comments of the facility administrator's own facility's reviews, newest first (the last 20). */
export async function facilityReviewComments(db: Db, actor: Actor): Promise<FacilityReviewComment[]> {
  if (actor.kind !== "user" || !actor.approved || actor.role !== "facility_admin" || !actor.facilityId) return [];
  const rows = await db
    .select({
      id: facilityReviews.id,
      rating: facilityReviews.rating,
      comment: facilityReviews.comment,
      createdAt: facilityReviews.createdAt,
      reportedAt: facilityReviews.commentReportedAt,
    })
    .from(facilityReviews)
    .where(and(eq(facilityReviews.facilityId, actor.facilityId), isNotNull(facilityReviews.comment)))
    .orderBy(desc(facilityReviews.createdAt), desc(facilityReviews.id))
    .limit(20);
  return rows.map((r) => ({
    id: r.id,
    rating: r.rating,
    comment: r.comment ?? "",
    createdAt: r.createdAt.toISOString(),
    reported: r.reportedAt !== null,
  }));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The reviewed facility's administrator (or a system administrator) reports a review's comment:
 * the public profile leaves it out from then on; the rating still counts. Once is
 * enough: reporting it again changes nothing. Audited. 401 signed out; 403 for anyone else who is
 * not a facility administrator; 404 for another facility's review or an unknown one.
 */
export async function reportReviewComment(db: Db, actor: Actor, reviewId: string): Promise<void> {
  if (actor.kind === "anonymous") refuse(401, "Authentication Required");
  const mayReport = actor.approved && (actor.role === "facility_admin" || actor.role === "system_admin");
  if (!mayReport) refuse(403, "Only the facility's administrators can report a review.");
  if (!UUID.test(reviewId)) refuse(404, "Review not found");
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ facilityId: facilityReviews.facilityId, reportedAt: facilityReviews.commentReportedAt })
      .from(facilityReviews)
      .where(eq(facilityReviews.id, reviewId))
      .for("update");
    if (!row || (actor.role === "facility_admin" && row.facilityId !== actor.facilityId)) {
      refuse(404, "Review not found");
    }
    if (row.reportedAt) return;
    await tx
      .update(facilityReviews)
      .set({ commentReportedAt: new Date(), commentReportedBy: actor.id })
      .where(eq(facilityReviews.id, reviewId));
    await recordAudit(tx, {
      actorId: actor.id,
      action: "review.comment_reported",
      subjectType: "facility_review",
      subjectId: reviewId,
      fromStatus: "shown",
      toStatus: "reported",
    });
  });
}
