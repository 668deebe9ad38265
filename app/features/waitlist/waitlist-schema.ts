import { z } from "zod/mini";
import { requiredEmail } from "~/lib/email-field";
import { formText, hasVisibleText, nameText, shownText } from "~/lib/form-text";

/**
 * The two hub waitlist forms (spec sections 3 and 5). One schema per form, used in the
 * browser before posting and again by the server; the messages are the spec's, word for word.
 * Every field arrives as a string (a form post); optional fields become null when empty.
 * Written with zod's "mini" build: the same rules, a fraction of the JavaScript on the page.
 */

/** Who signs up: a professional, a facility, or a patient or a family member. */
export const USER_TYPES = ["professional", "facility", "patient"] as const;
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
// drops empty values): both get the spec's messages. Names are one line, and what the team reads
// carries no bidirectional overrides (form-text.ts); invisible characters alone are blank.
const requiredText = (required: string, max: number, tooLong: string) =>
  z
    .string({ error: required })
    .check(
      z.overwrite(nameText),
      z.trim(),
      z.minLength(1, required),
      z.refine(hasVisibleText, required),
      z.maxLength(max, tooLong),
    );

/** Empty or missing (after trimming) becomes null. */
const optionalText = (max: number, message: string) =>
  z.pipe(
    z.optional(z.string().check(z.overwrite(shownText), z.trim(), z.maxLength(max, message))),
    z.transform((v: string | undefined) => (v ? v : null)),
  );

const email = requiredEmail();

const country = requiredText("Country is required", 100, "Country must be less than 100 characters");
const phone = optionalText(20, "Phone must be less than 20 characters");
const message = optionalText(1000, "Message must be less than 1000 characters");

/** The consent box beside the phone: launch and update SMS only when ticked. */
export const SMS_CONSENT_LABEL = "Send me the launch and updates by SMS to this number";
/** Ticked without a number: the phone field says so (the browser checks this; the server parses the number too). */
export const SMS_PHONE_REQUIRED = "Please enter your mobile number";

/** A ticked checkbox posts "on"; anything else (missing, empty) is no consent. */
const smsConsent = z.pipe(
  z.optional(z.string()),
  z.transform((v: string | undefined) => v === "on"),
);

/** Consent needs a number to send to (its validity as a mobile number is checked on the server: app/lib/phone.ts). */
const consentNeedsPhone = z.refine<{ phone: string | null; smsConsent: boolean }>(
  (d) => !d.smsConsent || d.phone !== null,
  {
    error: SMS_PHONE_REQUIRED,
    path: ["phone"],
  },
);

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

export const professionalWaitlistSchema = z
  .object({
    fullName: requiredText("Name is required", 100, "Name must be less than 100 characters"),
    email,
    // Required in the UI (spec section 5), so refused empty on both sides: the star tells the truth.
    // The spec gives no message for an empty one; these follow its "X is required".
    professionalTitle: requiredText("Professional title is required", 100, "Title must be less than 100 characters"),
    specialty: requiredText("Specialty is required", 100, "Specialty must be less than 100 characters"),
    yearsOfExperience,
    country,
    phone,
    smsConsent,
    message,
  })
  .check(consentNeedsPhone);

export const facilityWaitlistSchema = z
  .object({
    facilityName: requiredText("Facility name is required", 200, "Facility name must be less than 200 characters"),
    email,
    facilityType: z.enum(FACILITY_TYPES.map((t) => t.value) as [FacilityType, ...FacilityType[]], {
      error: "Facility type is required",
    }),
    contactPerson: requiredText("Contact person is required", 100, "Name must be less than 100 characters"),
    country,
    phone,
    smsConsent,
    message,
  })
  .check(consentNeedsPhone);

/** A patient's email may be left out when they give a mobile number instead (decision 029). */
const optionalEmail = z.pipe(
  z.optional(
    z.string().check(
      z.trim(),
      z.maxLength(255, "Email must be less than 255 characters"),
      z.refine((v) => v === "" || email.safeParse(v).success, "Invalid email address"),
    ),
  ),
  z.transform((v: string | undefined) => (v ? v : null)),
);

/** Neither an email nor a phone: the patient form's email field says so. */
export const PATIENT_CONTACT_REQUIRED = "Please enter your email or your mobile number";
/** A mobile number without an email and without the SMS box ticked: SMS would be the only way to reach them. */
export const PATIENT_SMS_CONSENT_REQUIRED =
  "Without an email, SMS is the only way we can reach you: please tick the box to get the launch and updates by SMS";

/**
 * A patient or a family member (decision 029): a name, and an email or a mobile number (or both). With
 * a number alone the SMS consent is required: SMS is then the only channel (the entry is keyed by
 * the number, drizzle/0019). No clinical details are asked.
 */
export const patientWaitlistSchema = z
  .object({
    fullName: requiredText("Name is required", 100, "Name must be less than 100 characters"),
    email: optionalEmail,
    phone,
    smsConsent,
  })
  .check(
    z.refine((d) => d.email !== null || d.phone !== null, { error: PATIENT_CONTACT_REQUIRED, path: ["email"] }),
    z.refine((d) => d.email !== null || d.phone === null || d.smsConsent, {
      error: PATIENT_SMS_CONSENT_REQUIRED,
      path: ["smsConsent"],
    }),
    consentNeedsPhone,
  );

export type ProfessionalWaitlistInput = z.output<typeof professionalWaitlistSchema>;
export type FacilityWaitlistInput = z.output<typeof facilityWaitlistSchema>;
export type PatientWaitlistInput = z.output<typeof patientWaitlistSchema>;

export const PROFESSIONAL_FIELDS = Object.keys(professionalWaitlistSchema.shape) as Array<
  keyof typeof professionalWaitlistSchema.shape
>;
export const FACILITY_FIELDS = Object.keys(facilityWaitlistSchema.shape) as Array<
  keyof typeof facilityWaitlistSchema.shape
>;
const PATIENT_FIELDS = Object.keys(patientWaitlistSchema.shape);

/** Each form's schema and fields, by who signs up. */
export const WAITLIST_SCHEMAS = {
  professional: professionalWaitlistSchema,
  facility: facilityWaitlistSchema,
  patient: patientWaitlistSchema,
} as const;
const FIELDS: Record<UserType, readonly string[]> = {
  professional: PROFESSIONAL_FIELDS,
  facility: FACILITY_FIELDS,
  patient: PATIENT_FIELDS,
};

export type WaitlistSubmission =
  | { userType: "professional"; data: ProfessionalWaitlistInput }
  | { userType: "facility"; data: FacilityWaitlistInput }
  | { userType: "patient"; data: PatientWaitlistInput };

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
  return value === "professional" || value === "facility" || value === "patient";
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
  const values = Object.fromEntries(FIELDS[userType].map((name) => [name, text(raw, name)]));
  const result = WAITLIST_SCHEMAS[userType].safeParse(values);
  if (result.success) return { ok: true, submission: { userType, data: result.data } as WaitlistSubmission };
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? "");
    fieldErrors[name] ??= issue.message;
  }
  return { ok: false, userType, fieldErrors, message: result.error.issues[0]?.message ?? "Invalid input" };
}
