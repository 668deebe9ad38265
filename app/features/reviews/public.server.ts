// What other features may use of reviews on the server: they import it from here, never a file behind it
// (biome.json's restricted imports). Inside the feature, import the file itself.

export type { ReviewRating } from "./review-schema";
export {
  facilityReviewComments,
  publicReviewComments,
  reportReviewComment,
  reviewRatings,
} from "./reviews.server";
