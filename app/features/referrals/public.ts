// What other features may use of referrals: they import it from here, never a file behind it
// (biome.json's restricted imports). Inside the feature, import the file itself.
export { ReferralTable } from "./components/referral-table";
export type { TransitionAnswer } from "./components/reject-dialog";
export { Badge } from "./components/status-badge";
export type { Transition } from "./referral-status";
export {
  isTransition,
  REFERRAL_STATUSES,
  STATUS_LABELS,
  URGENCY_KEYS,
} from "./referral-status";
