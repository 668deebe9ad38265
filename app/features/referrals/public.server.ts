// What other features may use of referrals on the server: they import it from here, never a file behind it
// (biome.json's restricted imports). Inside the feature, import the file itself.

// The FHIR API (decision 034): referrals as hospital systems read them, moved by the same transitions.
export type { ExchangedReferral, ExchangeQuery, TimeSpan } from "./exchange.server";
export { referralForClient, referralsForClient } from "./exchange.server";
export type {
  ExchangedAttachment,
  ExchangedEvent,
  ExchangedMessage,
  PartAuthor,
  PartReferral,
} from "./exchange-parts.server";
export {
  attachmentBytesForClient,
  attachmentForClient,
  attachmentsForClient,
  eventForClient,
  eventsForClient,
  messageForClient,
  messagesForClient,
} from "./exchange-parts.server";
export { facilityAdminReaders } from "./facility-admins.server";
export type { ReferralStatus, Transition, UrgencyLevel } from "./referral-status";
export { earnedShare, isReferralStatus, REFERRAL_STATUSES, TRANSITIONS, URGENCY_LEVELS } from "./referral-status";
export type { FacilityCounts, Page, ReferralRow } from "./referrals.server";

import type { transitionReferral } from "./referral-transitions.server";
import type { postMessage } from "./workspace-messages.server";
/**
 * The transition function's type. The function itself is handed to the FHIR API by the server
 * (server/app.ts): exporting it from here would close a cycle (referral-transitions.server ->
 * messaging -> this file), the one decision 031 broke by moving canSee out.
 */
export type TransitionReferral = typeof transitionReferral;

/** Posting a message as the referral's page does; handed to the FHIR API by the server, like the transition. */
export type PostMessage = typeof postMessage;
