import { count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ANONYMOUS } from "~/auth/actor";
import { type Actor, actorById } from "~/auth/actor.server";
import { contentVersion } from "~/db/content-version.server";
import { auditEvents, facilityReviews, notificationPreferences, patients, referrals } from "~/db/schema";
import { getFacilityBySlug, listFacilities } from "~/features/facilities/facilities.server";
import { facilityPerformance } from "~/features/facilities/performance.server";
import { createReferral } from "~/features/referrals/referral-create.server";
import { transitionReferral } from "~/features/referrals/referral-transitions.server";
import { parseOrRefuse } from "~/lib/refusal";
import { createAccount } from "../../../tests/helpers/accounts";
import { insertFacility, refusedWith, statusOf } from "../../../tests/helpers/domain";
import { startMailCatcher } from "../../../tests/helpers/mail-catcher";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { listReportedComments, MODERATION_MESSAGES, moderateReviewComment } from "./moderation.server";
import { COMMENT_TOO_LONG, RATING_REQUIRED, reviewSchema } from "./review-schema";
import {
  EDIT_WINDOW_CLOSED,
  facilityReviewComments,
  NOT_COMPLETED,
  ONLY_REFERRING_DOCTOR,
  publicReviewComments,
  REVIEW_NOT_FOUND,
  reportReviewComment,
  reviewStateFor,
  saveReview,
} from "./reviews.server";

vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123456789");
vi.stubEnv("APP_URL", "http://localhost:3000");
vi.stubEnv("E2E_RELAXED_RATE_LIMITS", "1");

let h: TestDatabase;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let facilityA: string;
let facilityB: string;
const actors = {} as Record<
  "doctor" | "other doctor" | "pending doctor" | "admin" | "other admin" | "system admin",
  Actor
>;

const DAY = 24 * 60 * 60 * 1000;
const review = (rating: string, comment = "") => parseOrRefuse(reviewSchema, { rating, comment });

async function actorFor(options: Parameters<typeof createAccount>[1]): Promise<Actor> {
  return actorById(h.db, (await createAccount(h.db, options)).id);
}

async function referralIn(status: "pending" | "accepted" | "completed" | "rejected") {
  const created = await createReferral(h.db, actors.doctor, {
    patient_name: "Ama Mensah",
    patient_phone: "024 123 4567",
    chief_complaint: "Persistent chest pain on exertion",
    urgency_level: "routine",
    facility_id: facilityA,
  });
  const admin = actors.admin;
  if (status === "rejected") await transitionReferral(h.db, admin, created.id, "reject", { reason: "No bed" });
  if (status === "accepted" || status === "completed") await transitionReferral(h.db, admin, created.id, "accept");
  if (status === "completed") {
    await transitionReferral(h.db, admin, created.id, "complete", { outcome: "Angiogram normal; follow up." });
  }
  return { id: created.id, number: created.referralNumber };
}

const reviewsOf = async (referralId: string) =>
  (await h.db.select({ n: count() }).from(facilityReviews).where(eq(facilityReviews.referralId, referralId)))[0].n;

beforeAll(async () => {
  mail = await startMailCatcher();
  vi.stubEnv("SMTP_URL", mail.url);
  h = await createTestDb();
  facilityA = await insertFacility(h.db, "review-a", "Review Alpha Hospital");
  facilityB = await insertFacility(h.db, "review-b", "Review Beta Clinic");
  actors.doctor = await actorFor({ role: "doctor", approved: true });
  actors["other doctor"] = await actorFor({ role: "doctor", approved: true });
  actors["pending doctor"] = await actorFor({ role: "doctor", approved: false });
  actors.admin = await actorFor({ role: "facility_admin", approved: true, facilityId: facilityA });
  actors["other admin"] = await actorFor({ role: "facility_admin", approved: true, facilityId: facilityB });
  actors["system admin"] = await actorFor({ role: "system_admin", approved: true });
  await h.db.insert(notificationPreferences).values(
    Object.values(actors).map((a) => ({
      userId: (a as { id: string }).id,
      channels: {},
      quietStart: null,
      quietEnd: null,
    })),
  );
});

afterAll(async () => {
  await h?.drop();
  await mail?.stop();
});

describe("the review form's schema", () => {
  it("takes 1 to 5 stars and an optional comment of at most 500 characters", () => {
    expect(review("4", "  Quick and kind.  ")).toEqual({ rating: 4, comment: "Quick and kind." });
    expect(review("5", " \u200b ")).toEqual({ rating: 5, comment: null });
    for (const bad of ["", "0", "6", "4.5", "five", "-1"]) {
      expect(() => review(bad), bad).toThrow();
    }
    expect(parseOrRefusal({ rating: "" })).toEqual({ rating: RATING_REQUIRED });
    expect(parseOrRefusal({ rating: "3", comment: "x".repeat(501) })).toEqual({ comment: COMMENT_TOO_LONG });
    expect(review("3", "x".repeat(500)).comment).toHaveLength(500);
  });
});

function parseOrRefusal(input: Record<string, string>) {
  try {
    parseOrRefuse(reviewSchema, input);
    return null;
  } catch (error) {
    return (error as { data: { fieldErrors: unknown } }).data.fieldErrors;
  }
}

describe("saveReview", () => {
  it("lets the referring doctor rate a completed referral's facility, once, changing it on a second post", async () => {
    const r = await referralIn("completed");
    const before = await contentVersion(h.db, "facilities");
    expect(await saveReview(h.db, actors.doctor, r.number, review("4", "Seen the same day."))).toEqual({
      referralNumber: r.number,
      created: true,
    });
    expect(await contentVersion(h.db, "facilities")).toBeGreaterThan(before!);
    // Twice: the same row, changed (two posts at once cannot make two: one insert-or-update).
    expect((await saveReview(h.db, actors.doctor, r.number, review("2"))).created).toBe(false);
    await Promise.all([
      saveReview(h.db, actors.doctor, r.number, review("5")),
      saveReview(h.db, actors.doctor, r.number, review("5")),
    ]);
    expect(await reviewsOf(r.id)).toBe(1);
    const [row] = await h.db.select().from(facilityReviews).where(eq(facilityReviews.referralId, r.id));
    expect(row).toMatchObject({
      rating: 5,
      comment: null,
      facilityId: facilityA,
      doctorId: actors.doctor.kind === "user" ? actors.doctor.id : "",
    });
    const state = await reviewStateFor(h.db, actors.doctor, r.number);
    expect(state).toMatchObject({ referralNumber: r.number, editable: true, review: { rating: 5, comment: null } });
  });

  it("refuses everyone else, and stores nothing", async () => {
    const r = await referralIn("completed");
    expect(await statusOf(saveReview(h.db, ANONYMOUS, r.number, review("1")))).toBe(401);
    expect(await refusedWith(saveReview(h.db, actors["other doctor"], r.number, review("1")))).toMatchObject({
      status: 404,
      message: REVIEW_NOT_FOUND,
    });
    expect(await statusOf(saveReview(h.db, actors["pending doctor"], r.number, review("1")))).toBe(404);
    expect(await statusOf(saveReview(h.db, actors["other admin"], r.number, review("1")))).toBe(404);
    for (const who of ["admin", "system admin"] as const) {
      expect(await refusedWith(saveReview(h.db, actors[who], r.number, review("1"))), who).toMatchObject({
        status: 403,
        message: ONLY_REFERRING_DOCTOR,
      });
    }
    for (const number of ["REF-2026-999999", "nonsense", "", "REF-2026-0001\u0000"]) {
      expect(await statusOf(saveReview(h.db, actors.doctor, number, review("1"))), number).toBe(404);
    }
    expect(await reviewsOf(r.id)).toBe(0);
    for (const who of ["other doctor", "admin", "system admin", "pending doctor"] as const) {
      expect(await reviewStateFor(h.db, actors[who], r.number), who).toBeNull();
    }
    expect(await reviewStateFor(h.db, ANONYMOUS, r.number)).toBeNull();
  });

  it("waits for the referral to be completed", async () => {
    for (const status of ["pending", "accepted", "rejected"] as const) {
      const r = await referralIn(status);
      expect(await refusedWith(saveReview(h.db, actors.doctor, r.number, review("3"))), status).toMatchObject({
        status: 409,
        message: NOT_COMPLETED,
      });
      expect(await reviewsOf(r.id)).toBe(0);
      expect(await reviewStateFor(h.db, actors.doctor, r.number)).toBeNull();
    }
  });

  it("can be changed for 30 days after it is written, and not after", async () => {
    const r = await referralIn("completed");
    const written = new Date(Date.now() - 29 * DAY);
    await saveReview(h.db, actors.doctor, r.number, review("3", "First."), written);
    await saveReview(h.db, actors.doctor, r.number, review("4", "Changed on day 29."));
    await h.db
      .update(facilityReviews)
      .set({ createdAt: new Date(Date.now() - 31 * DAY) })
      .where(eq(facilityReviews.referralId, r.id));
    expect(await refusedWith(saveReview(h.db, actors.doctor, r.number, review("1", "Too late.")))).toMatchObject({
      status: 409,
      message: EDIT_WINDOW_CLOSED,
    });
    const [row] = await h.db.select().from(facilityReviews).where(eq(facilityReviews.referralId, r.id));
    expect(row).toMatchObject({ rating: 4, comment: "Changed on day 29." });
    expect(await reviewStateFor(h.db, actors.doctor, r.number)).toMatchObject({ editable: false });
  });
});

describe("a facility's rating and performance", () => {
  it("is the average and count of its reviews, on the directory and the profile; none is Not yet rated", async () => {
    await h.db.delete(facilityReviews);
    const profileOf = () => getFacilityBySlug(h.db, "review-a");
    expect((await profileOf())?.reviewRating).toBeNull();
    for (const stars of ["5", "4", "4"]) {
      const r = await referralIn("completed");
      await saveReview(h.db, actors.doctor, r.number, review(stars));
    }
    expect((await profileOf())?.reviewRating).toEqual({ average: 4.3, count: 3 });
    const page = await listFacilities(h.db, { q: "Review" });
    const byId = new Map(page.facilities.map((f) => [f.id, f.reviewRating]));
    expect(byId.get(facilityA)).toEqual({ average: 4.3, count: 3 });
    expect(byId.get(facilityB)).toBeNull();
  });

  it("shows the comments on the profile, newest first; the facility may report one, which is then left out (issue 33)", async () => {
    await h.db.delete(facilityReviews);
    const first = await referralIn("completed");
    await saveReview(h.db, actors.doctor, first.number, review("2", "Waited four hours; no one called me back."));
    const second = await referralIn("completed");
    await saveReview(h.db, actors.doctor, second.number, review("5", "Seen within the hour."));
    await saveReview(h.db, actors.doctor, (await referralIn("completed")).number, review("4"));
    const shown = await publicReviewComments(h.db, facilityA);
    expect(shown.map((c) => [c.rating, c.comment])).toEqual([
      [5, "Seen within the hour."],
      [2, "Waited four hours; no one called me back."],
    ]);
    // Only the reviewed facility's administrators and system administrators may report one.
    const [target] = (await facilityReviewComments(h.db, actors.admin)).filter((c) => c.rating === 2);
    expect(target).toMatchObject({ comment: "Waited four hours; no one called me back.", reported: false });
    expect(await statusOf(reportReviewComment(h.db, actors["other admin"], target!.id))).toBe(404);
    expect(await statusOf(reportReviewComment(h.db, actors.doctor, target!.id))).toBe(403);
    expect(await statusOf(reportReviewComment(h.db, ANONYMOUS, target!.id))).toBe(401);
    expect(await statusOf(reportReviewComment(h.db, actors.admin, "not-a-review"))).toBe(404);
    expect((await publicReviewComments(h.db, facilityA)).map((c) => c.rating)).toEqual([5, 2]);
    await reportReviewComment(h.db, actors.admin, target!.id);
    // Reporting again changes nothing.
    await reportReviewComment(h.db, actors.admin, target!.id);
    expect((await publicReviewComments(h.db, facilityA)).map((c) => c.rating)).toEqual([5]);
    expect((await facilityReviewComments(h.db, actors.admin)).find((c) => c.id === target!.id)?.reported).toBe(true);
    // The rating still counts.
    expect((await getFacilityBySlug(h.db, "review-a"))?.reviewRating).toEqual({ average: 3.7, count: 3 });
  });

  it("a system administrator lists reported comments and restores or removes each, audited; no one else may (issue 33)", async () => {
    await h.db.delete(facilityReviews);
    const say = async (stars: string, comment: string) => {
      await saveReview(h.db, actors.doctor, (await referralIn("completed")).number, review(stars, comment));
      return (await facilityReviewComments(h.db, actors.admin)).find((c) => c.comment === comment)!.id;
    };
    const unfair = await say("1", "Rude staff, the worst place.");
    const named = await say("2", "The nurse Akosua ignored Mr Kwesi Appiah in bed 4.");
    await say("5", "Quick and kind.");
    expect(await listReportedComments(h.db, actors["system admin"])).toEqual([]);
    await reportReviewComment(h.db, actors.admin, unfair);
    await reportReviewComment(h.db, actors.admin, named);
    const reported = await listReportedComments(h.db, actors["system admin"]);
    expect(reported.map((r) => [r.comment, r.facilityName, r.rating])).toEqual([
      ["Rude staff, the worst place.", "Review Alpha Hospital", 1],
      ["The nurse Akosua ignored Mr Kwesi Appiah in bed 4.", "Review Alpha Hospital", 2],
    ]);
    expect(reported[0]!.reportedBy).toBeTruthy();

    // Only approved system administrators: listing and deciding; nothing changes for the others.
    for (const who of ["doctor", "admin", "other admin", "pending doctor"] as const) {
      expect(await statusOf(listReportedComments(h.db, actors[who]))).toBe(403);
      expect(await statusOf(moderateReviewComment(h.db, actors[who], unfair, "restore"))).toBe(403);
      expect(await statusOf(moderateReviewComment(h.db, actors[who], named, "remove"))).toBe(403);
    }
    expect(await statusOf(listReportedComments(h.db, ANONYMOUS))).toBe(401);
    expect(await statusOf(moderateReviewComment(h.db, ANONYMOUS, unfair, "restore"))).toBe(401);
    const sys = actors["system admin"];
    expect(await statusOf(moderateReviewComment(h.db, sys, "not-a-review", "restore"))).toBe(404);
    expect(await statusOf(moderateReviewComment(h.db, sys, "00000000-0000-4000-8000-000000000000", "remove"))).toBe(
      404,
    );
    expect(await listReportedComments(h.db, sys)).toHaveLength(2);
    expect((await publicReviewComments(h.db, facilityA)).map((c) => c.comment)).toEqual(["Quick and kind."]);

    // Restore: shown on the profile again.
    expect(await moderateReviewComment(h.db, sys, unfair, "restore")).toEqual({
      facilityName: "Review Alpha Hospital",
    });
    expect((await publicReviewComments(h.db, facilityA)).map((c) => c.comment)).toEqual([
      "Quick and kind.",
      "Rude staff, the worst place.",
    ]);
    // Remove: its words are gone for good; the rating still counts.
    await moderateReviewComment(h.db, sys, named, "remove");
    const [gone] = await h.db.select().from(facilityReviews).where(eq(facilityReviews.id, named));
    expect(gone).toMatchObject({ comment: null, rating: 2 });
    expect((await publicReviewComments(h.db, facilityA)).map((c) => c.comment)).not.toContain(
      "The nurse Akosua ignored Mr Kwesi Appiah in bed 4.",
    );
    expect((await getFacilityBySlug(h.db, "review-a"))?.reviewRating).toEqual({ average: 2.7, count: 3 });
    expect(await listReportedComments(h.db, sys)).toEqual([]);
    // Decided already (a second administrator, a double tap): 409, nothing changes.
    const again = await refusedWith(moderateReviewComment(h.db, sys, unfair, "remove"));
    expect(again).toMatchObject({ status: 409, message: MODERATION_MESSAGES.decided });
    expect((await publicReviewComments(h.db, facilityA)).map((c) => c.comment)).toContain(
      "Rude staff, the worst place.",
    );
    expect(await statusOf(moderateReviewComment(h.db, sys, named, "restore"))).toBe(409);
    // A comment never reported cannot be decided either.
    const fine = (await facilityReviewComments(h.db, actors.admin)).find((c) => c.comment === "Quick and kind.")!;
    expect(await statusOf(moderateReviewComment(h.db, sys, fine.id, "remove"))).toBe(409);

    const audit = await h.db
      .select({ action: auditEvents.action, from: auditEvents.fromStatus, to: auditEvents.toStatus })
      .from(auditEvents)
      .where(inArray(auditEvents.subjectId, [unfair, named]))
      .orderBy(auditEvents.createdAt);
    expect(audit.filter((a) => a.action !== "review.comment_reported")).toEqual([
      { action: "review.comment_restored", from: "reported", to: "shown" },
      { action: "review.comment_removed", from: "reported", to: "removed" },
    ]);
  });

  it("shows the median time to accept and the acceptance rate over 90 days, from 5 answered referrals", async () => {
    const now = new Date();
    const [patient] = await h.db
      .insert(patients)
      .values({ fullName: "Kwame Perf", phone: "+233200000999" })
      .returning({ id: patients.id });
    const doctorId = actors.doctor.kind === "user" ? actors.doctor.id : "";
    const add = (minutesAgo: number, answer: "accepted" | "rejected" | "pending", afterMinutes = 0) => {
      const createdAt = new Date(now.getTime() - minutesAgo * 60_000);
      const answeredAt = new Date(createdAt.getTime() + afterMinutes * 60_000);
      return h.db.insert(referrals).values({
        doctorId,
        facilityId: facilityB,
        patientId: patient!.id,
        patientName: "Kwame Perf",
        patientPhone: "+233200000999",
        chiefComplaint: "Knee pain",
        status: answer,
        acceptedAt: answer === "accepted" ? answeredAt : null,
        rejectedAt: answer === "rejected" ? answeredAt : null,
        rejectionReason: answer === "rejected" ? "No surgeon this week" : null,
        createdAt,
        referralFee: 100,
        doctorShare: 70,
        platformShare: 30,
      });
    };
    // Older than 90 days: not counted.
    await add(100 * 24 * 60, "accepted", 1);
    await add(100 * 24 * 60, "accepted", 1);
    await add(60, "pending");
    await add(500, "accepted", 30);
    await add(400, "accepted", 90);
    await add(300, "accepted", 10);
    await add(200, "rejected", 5);
    expect(await facilityPerformance(h.db, facilityB, now)).toBeNull();
    await add(100, "accepted", 240);
    expect(await facilityPerformance(h.db, facilityB, now)).toEqual({
      answered: 5,
      accepted: 4,
      acceptanceRate: 0.8,
      medianMinutesToAccept: 60,
    });
  });
});
