// @vitest-environment happy-dom
import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { cleanupDom, renderInRouter, renderServerHtml } from "../../../../tests/helpers/render-in-router";
import type { ReviewState } from "../reviews.server";
import { FacilityReviewForm, reviewAction } from "./facility-review-form";

afterEach(cleanupDom);

const fresh: ReviewState = {
  referralNumber: "REF-2026-000123",
  facilityName: "Ridgeview Specialist Hospital",
  review: null,
  editableUntil: null,
  editable: true,
};

describe("FacilityReviewForm", () => {
  it("asks for 1 to 5 stars and an optional comment, posting to the review route (with or without JavaScript)", () => {
    const page = renderServerHtml(<FacilityReviewForm state={fresh} />, "/referrals/REF-2026-000123");
    const form = page.querySelector("form");
    expect(form?.getAttribute("method")).toBe("post");
    expect(form?.getAttribute("action")).toBe(reviewAction("REF-2026-000123"));
    expect(reviewAction("REF-2026-000123")).toBe("/referrals/REF-2026-000123/review");
    const radios = [...page.querySelectorAll<HTMLInputElement>('input[type="radio"][name="rating"]')];
    expect(radios.map((r) => r.value)).toEqual(["1", "2", "3", "4", "5"]);
    expect(radios.some((r) => r.checked)).toBe(false);
    expect(page.querySelector("textarea[name=comment]")?.getAttribute("maxlength")).toBe("500");
    expect(page.textContent).toContain("Rate Ridgeview Specialist Hospital");
  });

  it("refuses a post without a rating in the browser, with its message", () => {
    renderInRouter(<FacilityReviewForm state={fresh} />, "/referrals/REF-2026-000123");
    fireEvent.click(screen.getByRole("button", { name: "Submit review" }));
    expect(screen.getAllByText("Please choose a rating from 1 to 5 stars").length).toBeGreaterThan(0);
  });

  it("shows the review, changeable until its date, then only the review", () => {
    const written: ReviewState = {
      ...fresh,
      review: {
        rating: 4,
        comment: "Seen the same day.",
        createdAt: "2026-11-01T10:00:00Z",
        updatedAt: "2026-11-01T10:00:00Z",
      },
      editableUntil: "2026-12-01T10:00:00Z",
    };
    renderInRouter(<FacilityReviewForm state={written} />, "/referrals/REF-2026-000123");
    expect(
      screen.getByText(/You rated it 4 out of 5 on 1 Nov 2026\. You can change your review until 1 Dec 2026\./),
    ).toBeTruthy();
    expect((screen.getByRole("radio", { name: "4 stars" }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole("button", { name: "Update review" })).toBeTruthy();
    cleanupDom();
    renderInRouter(<FacilityReviewForm state={{ ...written, editable: false }} />, "/referrals/REF-2026-000123");
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByText("Seen the same day.")).toBeTruthy();
  });
});
