/**
 * The appointment request's lifecycle as data (decision 041), like the referrals'
 * status table. Client-safe: the server enforces it with one conditional UPDATE per move; the pages
 * read it to offer buttons. `unproven` is before the patient opened the SMS link: no one sees it.
 */
export const APPOINTMENT_STATUSES = [
  "unproven",
  "requested",
  "offered",
  "confirmed",
  "attended",
  "no_show",
  "declined",
  "cancelled",
  "expired",
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

export type Mover = "patient" | "facility_admin" | "system";

/**
 * Every move: the statuses it starts from, the one it leads to and who makes it. The patient (by
 * the token in their link) proves the number, confirms they will come, accepts a proposed time or
 * cancels; the facility's administrators confirm a slot, propose another time, decline with a
 * reason, and mark attended or no-show once the time has come; the system expires a request not
 * answered within one working day (or a proposal whose time has passed). Declined, cancelled and
 * expired are final; so, in practice, are attended and no-show.
 */
export const APPOINTMENT_MOVES = {
  prove: { from: ["unproven"], to: "requested", by: "patient" },
  confirm: { from: ["requested"], to: "confirmed", by: "facility_admin" },
  propose: { from: ["requested"], to: "offered", by: "facility_admin" },
  decline: { from: ["requested", "offered"], to: "declined", by: "facility_admin" },
  accept: { from: ["offered"], to: "confirmed", by: "patient" },
  patient_confirm: { from: ["confirmed"], to: "confirmed", by: "patient" },
  cancel: { from: ["requested", "offered", "confirmed"], to: "cancelled", by: "patient" },
  attended: { from: ["confirmed"], to: "attended", by: "facility_admin" },
  no_show: { from: ["confirmed"], to: "no_show", by: "facility_admin" },
  expire: { from: ["requested", "offered"], to: "expired", by: "system" },
} as const satisfies Record<string, { from: readonly AppointmentStatus[]; to: AppointmentStatus; by: Mover }>;
export type AppointmentMove = keyof typeof APPOINTMENT_MOVES;

export const FINAL_STATUSES: readonly AppointmentStatus[] = ["declined", "cancelled", "expired"];

export function isAppointmentMove(value: unknown): value is AppointmentMove {
  return typeof value === "string" && Object.hasOwn(APPOINTMENT_MOVES, value);
}

/** Whether `by` may make `move` on a request in `status` (the table, nothing else). */
export function mayMove(move: AppointmentMove, status: AppointmentStatus, by: Mover): boolean {
  const rule = APPOINTMENT_MOVES[move];
  return rule.by === by && (rule.from as readonly AppointmentStatus[]).includes(status);
}

/** The moves offered on a request in `status` to `by`. */
export function movesFrom(status: AppointmentStatus, by: Mover): AppointmentMove[] {
  return (Object.keys(APPOINTMENT_MOVES) as AppointmentMove[]).filter((move) => mayMove(move, status, by));
}

export const APPOINTMENT_STATUS_LABELS: Record<AppointmentStatus, string> = {
  unproven: "Number not proven",
  requested: "Requested",
  offered: "Time proposed",
  confirmed: "Confirmed",
  attended: "Attended",
  no_show: "No-show",
  declined: "Declined",
  cancelled: "Cancelled",
  expired: "Expired",
};

/** The reasons a facility may decline with (a list: no free text about a patient). */
export const DECLINE_REASONS = [
  { value: "fully_booked", label: "Fully booked for the coming weeks" },
  { value: "specialist_unavailable", label: "The specialist is not available" },
  { value: "referral_needed", label: "A doctor's referral is needed first" },
  { value: "not_offered", label: "We do not offer this service now" },
  { value: "other_facility", label: "Another facility is better placed" },
] as const;

export const DAY_PARTS = [
  { value: "morning", label: "Morning" },
  { value: "afternoon", label: "Afternoon" },
] as const;

/** The patient's SMS language (decision 048: Twi too, which has texts but no pages). */
export const MESSAGE_LANGUAGES = [
  { value: "en", label: "English" },
  { value: "fr", label: "Français" },
  { value: "ak", label: "Twi (Akan)" },
] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number]["value"];

/** Limits (decision 041): 3 requests a day per number; per IP, 20 an hour. */
export const APPOINTMENT_LIMITS = {
  perNumberDay: { limit: 3, windowMs: 24 * 60 * 60_000 },
  perIpHour: { limit: 20, windowMs: 60 * 60_000 },
} as const;

/** How far ahead a patient may ask for a day, and a facility set a time. */
export const MAX_DAYS_AHEAD = 90;
/** The proof link works this long; an unproven request is removed after it. */
export const PROOF_VALID_HOURS = 24;
/** Patient data is removed this many days after the appointment (or the request's last move). */
export const RETENTION_DAYS = 90;
/** The reminder goes this many hours before the appointment. */
export const REMINDER_HOURS = 24;
/** The profile shows the median time to answer once this many requests were answered. */
export const MIN_ANSWERED_FOR_MEDIAN = 5;
