// What other features may use of referrals on the server: they import it from here, never a file behind it
// (biome.json's restricted imports). Inside the feature, import the file itself.

export { facilityAdminEmails } from "./facility-admins.server";
export { canSee } from "./referral-access";
export type { ReferralStatus, UrgencyLevel } from "./referral-status";
export { earnedShare, isReferralStatus, REFERRAL_STATUSES, URGENCY_LEVELS } from "./referral-status";
export type { FacilityCounts, Page, ReferralRow } from "./referrals.server";
