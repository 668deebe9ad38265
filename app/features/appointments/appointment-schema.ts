import * as z from "zod/mini";
import { hasVisibleText, nameText } from "~/lib/form-text";
import { DECLINE_REASONS } from "./appointment-status";

/**
 * The appointment forms (decision 041), one schema each, read by the action (the pages ship no
 * JavaScript). The shape only: the server parses the number with libphonenumber-js and checks the
 * specialty against the facility's list and the days against today.
 */
export const APPOINTMENT_MESSAGES = {
  name: "Please enter your name",
  nameTooLong: "Please keep your name under 100 characters",
  phone: "Please enter your mobile number",
  phoneInvalid: "Please enter a valid phone number",
  specialty: "Please choose a specialty",
  day: "Please choose a day",
  dayRange: "Please choose a day from today to 90 days ahead",
  part: "Please choose morning or afternoon",
  language: "Please choose a language for the messages",
  consent: "Please agree to be contacted about this request",
  slotDay: "Please choose the appointment's date",
  slotTime: "Please choose the appointment's time",
  slotFuture: "Please choose a date and time from now to 90 days ahead",
  reason: "Please choose a reason",
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const appointmentRequestSchema = z.object({
  name: z
    .string({ error: APPOINTMENT_MESSAGES.name })
    .check(
      z.overwrite(nameText),
      z.trim(),
      z.minLength(1, APPOINTMENT_MESSAGES.name),
      z.refine(hasVisibleText, APPOINTMENT_MESSAGES.name),
      z.maxLength(100, APPOINTMENT_MESSAGES.nameTooLong),
    ),
  phone: z
    .string({ error: APPOINTMENT_MESSAGES.phone })
    .check(
      z.trim(),
      z.minLength(1, APPOINTMENT_MESSAGES.phone),
      z.maxLength(40, APPOINTMENT_MESSAGES.phoneInvalid),
      z.regex(/^\+?[\d\s().-]{6,}$/, APPOINTMENT_MESSAGES.phoneInvalid),
    ),
  specialty: z
    .string({ error: APPOINTMENT_MESSAGES.specialty })
    .check(z.minLength(1, APPOINTMENT_MESSAGES.specialty), z.maxLength(200, APPOINTMENT_MESSAGES.specialty)),
  day: z.string({ error: APPOINTMENT_MESSAGES.day }).check(z.regex(DATE, APPOINTMENT_MESSAGES.day)),
  part: z.enum(["morning", "afternoon"], { error: APPOINTMENT_MESSAGES.part }),
  language: z.enum(["en", "fr", "ak"], { error: APPOINTMENT_MESSAGES.language }),
  consent: z.literal("on", { error: APPOINTMENT_MESSAGES.consent }),
});

const slot = {
  slot_day: z.string({ error: APPOINTMENT_MESSAGES.slotDay }).check(z.regex(DATE, APPOINTMENT_MESSAGES.slotDay)),
  slot_time: z.string({ error: APPOINTMENT_MESSAGES.slotTime }).check(z.regex(TIME, APPOINTMENT_MESSAGES.slotTime)),
};

const reasons = DECLINE_REASONS.map((r) => r.value) as [string, ...string[]];

/** The facility's answers: Confirm and Propose carry a date and time, Decline a reason from the list. */
export const FACILITY_MOVE_SCHEMAS = {
  confirm: z.object(slot),
  propose: z.object(slot),
  decline: z.object({ reason: z.enum(reasons, { error: APPOINTMENT_MESSAGES.reason }) }),
  attended: z.object({}),
  no_show: z.object({}),
} as const;
export type FacilityMove = keyof typeof FACILITY_MOVE_SCHEMAS;

export function isFacilityMove(value: unknown): value is FacilityMove {
  return typeof value === "string" && Object.hasOwn(FACILITY_MOVE_SCHEMAS, value);
}

/** The patient's page: one button per move. */
export const PATIENT_MOVES = ["prove", "patient_confirm", "accept", "cancel"] as const;
export type PatientMove = (typeof PATIENT_MOVES)[number];
export function isPatientMove(value: unknown): value is PatientMove {
  return typeof value === "string" && (PATIENT_MOVES as readonly string[]).includes(value);
}
