import type { ReviewRating } from "~/features/reviews/public.server";
import { INTL_LOCALE, type Locale } from "~/i18n/locales";

/** Display rules for facility data (spec sections 2 and 9). Client-safe. */

/** Directory cards show up to 4 specialties, then "+N more". */
export const CARD_SPECIALTIES = 4;

export function splitSpecialties(specialties: readonly string[], shown = CARD_SPECIALTIES) {
  return { shown: specialties.slice(0, shown), more: Math.max(0, specialties.length - shown) };
}

const count = new Intl.NumberFormat("en-GH");

export type { ReviewRating };

/** Spec section 2's words for a facility without reviews. */
export const NOT_YET_RATED = "Not yet rated";

/** Rated means at least one review in the product. */
export function isRated(rating: ReviewRating | null | undefined): rating is ReviewRating {
  return !!rating && rating.count > 0;
}

/** "1,250 reviews" / "1 review" for the directory. */
export function reviewsLabel(reviews: number): string {
  return `${count.format(reviews)} ${reviews === 1 ? "review" : "reviews"}`;
}

/**
 * The profile's count, exact ("4.0 (1+ review)" for one review read as more): the spec's
 * plus sign described sample figures; these are counted.
 */
export function profileReviewsLabel(reviews: number): string {
  return reviewsLabel(reviews);
}

/** "4.5" (French "4,5"). */
export function ratingValue(average: number, locale: Locale = "en"): string {
  return average.toLocaleString(INTL_LOCALE[locale], { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** The Verified tick's words (decision 021): the one thing "verified" means for a facility. */
export const LICENCE_VERIFIED = "HeFRA licence verified";

/** Digits and a leading plus only, for tel: links. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** A website or social address without its scheme, for display. */
export function displayUrl(url: string): string {
  return url.replace(/^https?:\/\/(www\.)?/, "").replace(/\/$/, "");
}

const CALENDAR_DATE = { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" } as const;
const calendarDates: Record<Locale, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat(INTL_LOCALE.en, CALENDAR_DATE),
  fr: new Intl.DateTimeFormat(INTL_LOCALE.fr, CALENDAR_DATE),
};

/** A stored calendar date ("2026-11-03") as "3 Nov 2026" (French "3 nov. 2026"). */
export function formatCalendarDate(date: string, locale: Locale = "en"): string {
  return calendarDates[locale].format(new Date(`${date}T00:00:00Z`));
}
