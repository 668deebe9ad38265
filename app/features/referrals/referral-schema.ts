import * as z from "zod/mini";
import { hasVisibleText, nameText, shownText } from "~/lib/form-text";
import { REJECTION_REASON_REQUIRED, URGENCY_LEVELS } from "./referral-status";

/**
 * Create Referral (spec section 5): one schema for the browser and the action; the messages are
 * the spec's, word for word, where it gives them. The fee and the status are never input.
 */
const optionalText = (max: number, message: string) =>
  z.pipe(
    z.optional(z.string().check(z.overwrite(shownText), z.trim(), z.maxLength(max, message))),
    z.transform((v: string | undefined) => v || null),
  );

export const createReferralSchema = z.object({
  facility_id: z
    .string({ error: "Please select a facility" })
    .check(z.trim(), z.minLength(1, "Please select a facility")),
  patient_name: z
    .string({ error: "Patient name is required" })
    .check(
      z.overwrite(nameText),
      z.trim(),
      z.minLength(1, "Patient name is required"),
      z.refine(hasVisibleText, "Patient name is required"),
      z.maxLength(100, "Patient name must be less than 100 characters"),
    ),
  patient_phone: z.string({ error: "Patient phone is required" }).check(
    z.trim(),
    z.minLength(1, "Patient phone is required"),
    z.maxLength(20, "Phone must be less than 20 characters"),
    z.refine((v) => v === "" || normalisePhone(v) !== null, "Please enter a valid phone number"),
  ),
  patient_email: z.pipe(
    z.optional(
      z.pipe(
        z.string().check(z.trim(), z.maxLength(255, "Email must be less than 255 characters")),
        z.union([z.literal(""), z.email({ error: "Invalid email address" })]),
      ),
    ),
    z.transform((v: string | undefined) => v || null),
  ),
  patient_date_of_birth: z.pipe(
    z
      .optional(z.string().check(z.trim()))
      .check(z.refine((v) => !v || isPastDate(v), "Please enter a valid date of birth")),
    z.transform((v: string | undefined) => v || null),
  ),
  chief_complaint: z
    .string({ error: "Chief complaint is required" })
    .check(
      z.overwrite(shownText),
      z.trim(),
      z.minLength(1, "Chief complaint is required"),
      z.refine(hasVisibleText, "Chief complaint is required"),
      z.maxLength(500, "Chief complaint must be less than 500 characters"),
    ),
  clinical_notes: optionalText(5000, "Clinical notes must be less than 5000 characters"),
  urgency_level: z._default(z.enum(URGENCY_LEVELS, { error: "Please select a valid urgency level" }), "routine"),
});

export const CREATE_REFERRAL_FIELDS = [
  "facility_id",
  "patient_name",
  "patient_phone",
  "patient_email",
  "patient_date_of_birth",
  "chief_complaint",
  "clinical_notes",
  "urgency_level",
] as const;
export type CreateReferralField = (typeof CREATE_REFERRAL_FIELDS)[number];

/** The spec's failure toast: "Error Creating Referral" with the messages joined by a comma. */
export function creatingFailedToast(message: string) {
  return { title: "Error Creating Referral", description: message, variant: "destructive" as const };
}

/** A rejection needs a reason that is not empty after trimming (spec section 5). */
export const rejectionSchema = z.object({
  reason: z
    .string({ error: REJECTION_REASON_REQUIRED })
    .check(
      z.overwrite(shownText),
      z.trim(),
      z.minLength(1, REJECTION_REASON_REQUIRED),
      z.refine(hasVisibleText, REJECTION_REASON_REQUIRED),
      z.maxLength(1000, "Reason must be less than 1000 characters"),
    ),
});

/**
 * A phone number in one canonical form, so the same patient is found however it was typed:
 * Ghanaian local numbers (0XX XXX XXXX) become +233XXXXXXXXX; others keep their digits with "+".
 * Null when it cannot be a phone number (fewer than 7 or more than 15 digits).
 */
export function normalisePhone(input: string): string | null {
  const trimmed = input.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  let digits = trimmed.replace(/\D/g, "");
  if (trimmed.startsWith("+")) {
    // already international
  } else if (digits.startsWith("00")) {
    digits = digits.slice(2);
  } else if (digits.length === 10 && digits.startsWith("0")) {
    digits = `233${digits.slice(1)}`;
  }
  if (digits.length < 7 || digits.length > 15) return null;
  return `+${digits}`;
}

function isPastDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
  return date.getUTCFullYear() >= 1900 && date.getTime() <= Date.now();
}
