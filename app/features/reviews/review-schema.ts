import * as z from "zod/mini";
import { hasVisibleText, shownText } from "~/lib/form-text";

/**
 * The referring doctor's review of the facility: 1 to 5 stars and an optional comment
 * of at most 500 characters. One schema, in the browser and in the domain function.
 */

export const RATING_REQUIRED = "Please choose a rating from 1 to 5 stars";
export const COMMENT_TOO_LONG = "The comment must be 500 characters or fewer";
export const COMMENT_MAX = 500;
/** A review can be changed for this many days after it was first written. */
export const REVIEW_EDIT_DAYS = 30;

export const reviewSchema = z.object({
  rating: z.pipe(
    z.string({ error: RATING_REQUIRED }).check(z.trim(), z.regex(/^[1-5]$/, RATING_REQUIRED)),
    z.transform((value: string) => Number(value)),
  ),
  // Blank (or only invisible characters) is no comment at all.
  comment: z.pipe(
    z.optional(z.string().check(z.overwrite(shownText), z.trim(), z.maxLength(COMMENT_MAX, COMMENT_TOO_LONG))),
    z.transform((value: string | undefined) => (value && hasVisibleText(value) ? value : null)),
  ),
});

export type ReviewInput = z.output<typeof reviewSchema>;

/**
 * A facility's rating as the product shows it: the average (1 to 5) and the number of
 * reviews written in the product. Nothing else is a rating: the seed's `rating` and `reviews`
 * columns are sample figures and are never shown. Until a facility has a review: "Not yet rated".
 */
export type ReviewRating = { average: number; count: number };
