import { describe, expect, it } from "vitest";
import {
  displayUrl,
  isRated,
  profileReviewsLabel,
  ratingValue,
  reviewsLabel,
  splitSpecialties,
  telHref,
} from "./facility-format";

describe("facility display rules", () => {
  it("shows the first 4 specialties, then +N more", () => {
    expect(splitSpecialties(["a", "b", "c", "d", "e", "f"])).toEqual({ shown: ["a", "b", "c", "d"], more: 2 });
    expect(splitSpecialties(["a", "b"])).toEqual({ shown: ["a", "b"], more: 0 });
  });

  it("labels ratings and reviews", () => {
    // Only reviews written in the product rate a facility.
    expect(isRated(null)).toBe(false);
    expect(isRated(undefined)).toBe(false);
    expect(isRated({ average: 0, count: 0 })).toBe(false);
    expect(isRated({ average: 4.5, count: 2 })).toBe(true);
    expect(ratingValue(4)).toBe("4.0");
    expect(reviewsLabel(1250)).toBe("1,250 reviews");
    expect(reviewsLabel(1)).toBe("1 review");
    expect(profileReviewsLabel(1250)).toBe("1,250 reviews");
    expect(profileReviewsLabel(1)).toBe("1 review");
  });

  it("builds tel: links and short addresses", () => {
    expect(telHref("+233 30 276 4100")).toBe("tel:+233302764100");
    expect(telHref("(021) 555-0147")).toBe("tel:0215550147");
    expect(displayUrl("https://www.facebook.com/x/")).toBe("facebook.com/x");
  });
});
