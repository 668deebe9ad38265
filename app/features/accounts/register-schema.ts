import * as z from "zod/mini";
import { REGISTRATION_ROLES } from "~/auth/roles";
import { requiredEmail } from "~/lib/email-field";
import { WEAK_PASSWORD_MESSAGE } from "./new-password-rules";
import { MIN_STRENGTH, passwordStrength } from "./password-strength";
import { cleanRegistrationNumber, isRegistrationNumber, REGISTRATION_MESSAGES } from "./registration-number";

/** Register's name, phone and password fields, with the spec's messages (also the invited administrator's form). */
export const fullNameField = z
  .string({ error: "Name must be at least 2 characters" })
  .check(
    z.trim(),
    z.minLength(2, "Name must be at least 2 characters"),
    z.maxLength(100, "Name must be less than 100 characters"),
  );
export const phoneField = z
  .string({ error: "Phone number must be at least 10 digits" })
  .check(
    z.trim(),
    z.minLength(10, "Phone number must be at least 10 digits"),
    z.maxLength(20, "Phone number must be less than 20 digits"),
  );
// The same rule as a new password (spec sections 4 and 5): 8 characters, and strength 3 of 5.
export const passwordField = z.string({ error: "Password must be at least 8 characters" }).check(
  z.minLength(8, "Password must be at least 8 characters"),
  z.maxLength(128, "Password must be at most 128 characters"),
  z.refine((p) => passwordStrength(p) >= MIN_STRENGTH, WEAK_PASSWORD_MESSAGE),
);

/**
 * Register (spec section 5): the spec's fields and messages word for word. The facility is
 * asked of facility administrators only (decisions section 2); the specialty is kept for
 * doctors only. Used by the browser before posting and again by the action.
 */
export const registerFormSchema = z
  .object({
    full_name: fullNameField,
    email: requiredEmail(),
    phone: phoneField,
    password: passwordField,
    confirmPassword: z.string({ error: "Passwords don't match" }),
    role: z.enum(REGISTRATION_ROLES, { error: "Please select a valid role" }),
    specialty: z.optional(z.string().check(z.trim(), z.maxLength(100, "Specialty must be less than 100 characters"))),
    facility_id: z.optional(z.string().check(z.trim())),
    // A doctor's MDC registration number; a facility administrator's facility's HeFRA licence number.
    mdc_number: z.optional(z.string().check(z.overwrite(cleanRegistrationNumber))),
    hefra_licence: z.optional(z.string().check(z.overwrite(cleanRegistrationNumber))),
  })
  // Both checks run even while another field is missing (a blank field is undefined to the
  // forms), so a submit shows every message at once.
  .check(
    z.refine((v) => v.password === v.confirmPassword, {
      message: "Passwords don't match",
      path: ["confirmPassword"],
      when: ({ value }) => {
        const v = value as { password?: unknown; confirmPassword?: unknown } | undefined;
        return typeof v?.password === "string" && typeof v.confirmPassword === "string";
      },
    }),
    z.refine((v) => v.role !== "facility_admin" || !!v.facility_id, {
      message: "Please select the facility you run",
      path: ["facility_id"],
      when: ({ value }) => (value as { role?: unknown } | undefined)?.role === "facility_admin",
    }),
    ...numberChecks("mdc_number", "doctor", REGISTRATION_MESSAGES.mdcRequired),
    ...numberChecks("hefra_licence", "facility_admin", REGISTRATION_MESSAGES.hefraRequired),
  );

/** A role's registration number: required for that role, then in the registers' loose format. */
function numberChecks(field: "mdc_number" | "hefra_licence", role: string, required: string) {
  const when = ({ value }: { value: unknown }) => (value as { role?: unknown } | undefined)?.role === role;
  type Values = { role: string; mdc_number?: string; hefra_licence?: string };
  const value = (v: unknown) => (v as Values)[field];
  return [
    z.refine((v: unknown) => !!value(v), { message: required, path: [field], when }),
    z.refine(
      (v: unknown) => {
        const number = value(v);
        return !number || (typeof number === "string" && isRegistrationNumber(number));
      },
      { message: REGISTRATION_MESSAGES.format, path: [field], when },
    ),
  ];
}

/** The registration as the domain takes it: the confirmation dropped, role-specific fields kept only for their role. */
export const registerSchema = z.pipe(
  registerFormSchema,
  z.transform(({ confirmPassword: _confirm, ...v }: z.output<typeof registerFormSchema>) => ({
    ...v,
    specialty: v.role === "doctor" && v.specialty ? v.specialty : null,
    facility_id: v.role === "facility_admin" && v.facility_id ? v.facility_id : null,
    mdc_number: v.role === "doctor" && v.mdc_number ? v.mdc_number : null,
    hefra_licence: v.role === "facility_admin" && v.hefra_licence ? v.hefra_licence : null,
  })),
);

export type RegisterInput = z.output<typeof registerSchema>;
export const REGISTER_FIELDS = [
  "full_name",
  "email",
  "phone",
  "password",
  "confirmPassword",
  "role",
  "specialty",
  "mdc_number",
  "facility_id",
  "hefra_licence",
] as const;
