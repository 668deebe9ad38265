import { z } from "zod/mini";
import { formText } from "~/lib/form-text";

/**
 * The two hub waitlist forms (spec sections 3 and 5). One schema per form, used in the
 * browser before posting and again by the server; the messages are the spec's, word for word.
 * Every field arrives as a string (a form post); optional fields become null when empty.
 * Written with zod's "mini" build: the same rules, a fraction of the JavaScript on the page.
 */

export const USER_TYPES = ["professional", "facility"] as const;
export type UserType = (typeof USER_TYPES)[number];

export const FACILITY_TYPES = [
  { value: "hospital", label: "Hospital" },
  { value: "clinic", label: "Clinic" },
  { value: "diagnostic", label: "Diagnostic Center" },
  { value: "specialty", label: "Specialty Center" },
  { value: "other", label: "Other" },
] as const;
export type FacilityType = (typeof FACILITY_TYPES)[number]["value"];

export const MAX_YEARS_OF_EXPERIENCE = 70;

// A blank field reaches the schema as "" from a raw post and as undefined through Conform (which
// drops empty values): both get the spec's messages.
const requiredText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).check(z.trim(), z.minLength(1, required), z.maxLength(max, tooLong));

/** Empty or missing (after trimming) becomes null. */
const optionalText = (max: number, message: string) =>
  z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(max, message))),
    z.transform((v: string | undefined) => (v ? v : null)),
  );

const email = z.pipe(
  z.string({ error: "Invalid email address" }).check(z.trim()),
  z.email({ error: "Invalid email address" }).check(z.maxLength(255, "Email must be less than 255 characters")),
);

const country = requiredText("Country is required", 100, "Country must be less than 100 characters");
const phone = optionalText(20, "Phone must be less than 20 characters");
const message = optionalText(1000, "Message must be less than 1000 characters");

const WHOLE = /^\d+$/;

/** Whole number, 0 or more (spec section 3); empty means not given. */
const yearsOfExperience = z.pipe(
  z.optional(
    z.string().check(
      z.trim(),
      z.refine((v) => v === "" || WHOLE.test(v), "Years of experience must be a whole number, 0 or more"),
      z.refine(
        (v) => !WHOLE.test(v) || Number(v) <= MAX_YEARS_OF_EXPERIENCE,
        `Years of experience must be ${MAX_YEARS_OF_EXPERIENCE} or less`,
      ),
    ),
  ),
  z.transform((v: string | undefined) => (v ? Number(v) : null)),
);

export const professionalWaitlistSchema = z.object({
  fullName: requiredText("Name is required", 100, "Name must be less than 100 characters"),
  email,
  professionalTitle: optionalText(100, "Title must be less than 100 characters"),
  specialty: optionalText(100, "Specialty must be less than 100 characters"),
  yearsOfExperience,
  country,
  phone,
  message,
});

export const facilityWaitlistSchema = z.object({
  facilityName: requiredText("Facility name is required", 200, "Facility name must be less than 200 characters"),
  email,
  facilityType: z.enum(FACILITY_TYPES.map((t) => t.value) as [FacilityType, ...FacilityType[]], {
    error: "Facility type is required",
  }),
  contactPerson: requiredText("Contact person is required", 100, "Name must be less than 100 characters"),
  country,
  phone,
  message,
});

export type ProfessionalWaitlistInput = z.output<typeof professionalWaitlistSchema>;
export type FacilityWaitlistInput = z.output<typeof facilityWaitlistSchema>;

export const PROFESSIONAL_FIELDS = Object.keys(professionalWaitlistSchema.shape) as Array<
  keyof typeof professionalWaitlistSchema.shape
>;
export const FACILITY_FIELDS = Object.keys(facilityWaitlistSchema.shape) as Array<
  keyof typeof facilityWaitlistSchema.shape
>;

export type WaitlistSubmission =
  | { userType: "professional"; data: ProfessionalWaitlistInput }
  | { userType: "facility"; data: FacilityWaitlistInput };

export type FieldErrors = Partial<Record<string, string>>;

export type WaitlistParseResult =
  | { ok: true; submission: WaitlistSubmission }
  | {
      ok: false;
      /** null when the form kind itself is missing or unknown. */
      userType: UserType | null;
      /** The first message of each invalid field. */
      fieldErrors: FieldErrors;
      /** The first rule's message, for the "Validation Error" toast. */
      message: string;
    };

export function isUserType(value: unknown): value is UserType {
  return value === "professional" || value === "facility";
}

/** A field's value as posted: text, or "" when missing or not text (a file). */
function text(raw: Record<string, unknown>, name: string): string {
  const value = raw[name];
  return typeof value === "string" ? formText(value) : "";
}

/**
 * Validates a posted form (or the browser's form values) against the schema its `userType`
 * names. Missing fields count as empty, so they get the spec's "required" messages.
 */
export function parseWaitlistSubmission(raw: Record<string, unknown>): WaitlistParseResult {
  const userType = raw.userType;
  if (!isUserType(userType)) {
    return { ok: false, userType: null, fieldErrors: {}, message: "Something went wrong. Please try again." };
  }
  const fields: readonly string[] = userType === "professional" ? PROFESSIONAL_FIELDS : FACILITY_FIELDS;
  const values = Object.fromEntries(fields.map((name) => [name, text(raw, name)]));
  const result =
    userType === "professional"
      ? professionalWaitlistSchema.safeParse(values)
      : facilityWaitlistSchema.safeParse(values);
  if (result.success) {
    return {
      ok: true,
      submission:
        userType === "professional"
          ? { userType, data: result.data as ProfessionalWaitlistInput }
          : { userType, data: result.data as FacilityWaitlistInput },
    };
  }
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? "");
    fieldErrors[name] ??= issue.message;
  }
  return { ok: false, userType, fieldErrors, message: result.error.issues[0]?.message ?? "Invalid input" };
}

/** The posted values of one form, cut to a sane length, to fill the form again after an error. */
export function keptValues(raw: Record<string, unknown>, userType: UserType): Record<string, string> {
  const fields: readonly string[] = userType === "professional" ? PROFESSIONAL_FIELDS : FACILITY_FIELDS;
  return Object.fromEntries(fields.map((name) => [name, text(raw, name).slice(0, 2000)]));
}
