/** Display rules for facility data (spec sections 2 and 9). Client-safe. */

/** Directory cards show up to 4 specialties, then "+N more". */
export const CARD_SPECIALTIES = 4;

export function splitSpecialties(specialties: readonly string[], shown = CARD_SPECIALTIES) {
  return { shown: specialties.slice(0, shown), more: Math.max(0, specialties.length - shown) };
}

const count = new Intl.NumberFormat("en-GH");

/** "1,250 reviews" / "1 review" for the directory. */
export function reviewsLabel(reviews: number): string {
  return `${count.format(reviews)} ${reviews === 1 ? "review" : "reviews"}`;
}

/** The profile's count carries a plus sign above 0 (spec section 2): "1,250+ reviews". */
export function profileReviewsLabel(reviews: number): string {
  return `${count.format(reviews)}+ ${reviews === 1 ? "review" : "reviews"}`;
}

/** Rated means a rating above 0; 0 shows "Not yet rated". */
export function isRated(rating: number): boolean {
  return rating > 0;
}

export function ratingValue(rating: number): string {
  return rating.toFixed(1);
}

/** Digits and a leading plus only, for tel: links. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** A website or social address without its scheme, for display. */
export function displayUrl(url: string): string {
  return url.replace(/^https?:\/\/(www\.)?/, "").replace(/\/$/, "");
}

const calendarDate = new Intl.DateTimeFormat("en-GH", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** A stored calendar date ("2026-11-03") as "3 Nov 2026". */
export function formatCalendarDate(date: string): string {
  return calendarDate.format(new Date(`${date}T00:00:00Z`));
}
