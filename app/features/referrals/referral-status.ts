import type { Locale } from "~/i18n/locales";
import { formatCedis } from "~/lib/ghana-format";

/**
 * The referral lifecycle as data (spec section 4, decisions section 4). Client-safe: the server
 * enforces it with one conditional UPDATE per transition; the pages read it to offer buttons.
 */
export const REFERRAL_STATUSES = ["pending", "accepted", "rejected", "completed", "cancelled"] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

export const URGENCY_LEVELS = ["routine", "urgent", "emergency"] as const;
export type UrgencyLevel = (typeof URGENCY_LEVELS)[number];

/**
 * The status table: every transition, the status it starts from, the one it leads to and who fires
 * it. The receiving facility's administrators accept, reject and complete; the referring doctor
 * cancels a referral still pending. Nothing acts on a rejected, completed or cancelled referral.
 */
export const TRANSITIONS = {
  accept: { from: "pending", to: "accepted", by: "facility_admin" },
  reject: { from: "pending", to: "rejected", by: "facility_admin" },
  complete: { from: "accepted", to: "completed", by: "facility_admin" },
  cancel: { from: "pending", to: "cancelled", by: "doctor" },
} as const satisfies Record<string, { from: ReferralStatus; to: ReferralStatus; by: "facility_admin" | "doctor" }>;
export type Transition = keyof typeof TRANSITIONS;

/** A rejection's reason may not be blank (spec section 5): the schema's message, in the browser and the action. */
export const REJECTION_REASON_REQUIRED = "Please give a reason for the rejection";

export function isTransition(value: unknown): value is Transition {
  return typeof value === "string" && Object.hasOwn(TRANSITIONS, value);
}

/** The transitions offered on a referral in the given status, to the given role (all roles when omitted). */
export function transitionsFrom(
  status: ReferralStatus,
  by?: "facility_admin" | "doctor" | "system_admin",
): Transition[] {
  return (Object.keys(TRANSITIONS) as Transition[]).filter(
    (t) => TRANSITIONS[t].from === status && (by === undefined || TRANSITIONS[t].by === by),
  );
}

export function isReferralStatus(value: unknown): value is ReferralStatus {
  return typeof value === "string" && (REFERRAL_STATUSES as readonly string[]).includes(value);
}

export const STATUS_LABELS: Record<ReferralStatus, string> = {
  pending: "Pending",
  accepted: "Accepted",
  rejected: "Rejected",
  completed: "Completed",
  cancelled: "Cancelled",
};

/**
 * The catalogue key of each status's name (decision 044): `t(STATUS_KEYS[status])`. Named keys: a
 * referral (« orientation ») is feminine in French, a payout's "Cancelled" is not.
 */
export const STATUS_KEYS: Record<ReferralStatus, string> = {
  pending: "referral.status.pending",
  accepted: "referral.status.accepted",
  rejected: "referral.status.rejected",
  completed: "referral.status.completed",
  cancelled: "referral.status.cancelled",
};

/** The urgency radio's options, with the spec's explanations (section 4). */
export const URGENCY_OPTIONS: ReadonlyArray<{ value: UrgencyLevel; label: string; hint: string }> = [
  { value: "routine", label: "Routine", hint: "Standard referral" },
  { value: "urgent", label: "Urgent", hint: "Attention within 24-48 hours" },
  { value: "emergency", label: "Emergency", hint: "Immediate attention" },
];

/**
 * The catalogue key of each urgency's name (decision 044): `t(URGENCY_KEYS[level])` ("Routine",
 * "Urgent", "Emergency"; a plain "Emergency" is a facility's service, another word in French).
 */
export const URGENCY_KEYS: Record<UrgencyLevel, string> = {
  routine: "urgency.routine",
  urgent: "urgency.urgent",
  emergency: "urgency.emergency",
};

/** The fixed fee of spec section 9, in pesewas (1 cedi = 100 pesewas): ₵100 = ₵70 + ₵30. */
export const REFERRAL_FEE = { total: 10_000, doctorShare: 7_000, platformShare: 3_000 } as const;

/** What a table shows where there is no value (a share not earned, a payout not due). */
export const NO_VALUE = "—";

/**
 * The doctor's share of a referral's fee exists only once the referral is completed (earnings are
 * the completed referrals' shares, spec section 9): pending, accepted, rejected and cancelled
 * referrals have none. The stored `doctor_share` is what completion will pay.
 */
export function earnedShare(status: ReferralStatus, share: number): number | null {
  return status === "completed" ? share : null;
}

/** A referral's share as a table shows it: "₵70" once completed, "—" otherwise. */
export function formatShare(status: ReferralStatus, share: number, locale: Locale = "en"): string {
  const earned = earnedShare(status, share);
  return earned === null ? NO_VALUE : formatCedis(earned, locale);
}
