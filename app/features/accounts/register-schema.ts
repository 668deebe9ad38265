import { z } from "zod";
import { ROLES } from "~/auth/roles";

/**
 * Register (spec section 5): the spec's fields and messages word for word. The facility is
 * asked of facility administrators only (decisions section 2); the specialty is kept for
 * doctors only. Used by the browser before posting and again by the action.
 */
export const registerSchema = z
  .object({
    full_name: z
      .string({ error: "Name must be at least 2 characters" })
      .trim()
      .min(2, "Name must be at least 2 characters")
      .max(100, "Name must be less than 100 characters"),
    email: z
      .string({ error: "Invalid email address" })
      .trim()
      .pipe(z.email({ error: "Invalid email address" }).max(255, "Email must be less than 255 characters")),
    phone: z
      .string({ error: "Phone number must be at least 10 digits" })
      .trim()
      .min(10, "Phone number must be at least 10 digits")
      .max(20, "Phone number must be less than 20 digits"),
    password: z
      .string({ error: "Password must be at least 8 characters" })
      .min(8, "Password must be at least 8 characters")
      .max(128, "Password must be at most 128 characters"),
    confirmPassword: z.string({ error: "Passwords don't match" }),
    role: z.enum(ROLES, { error: "Please select a valid role" }),
    specialty: z.string().trim().max(100, "Specialty must be less than 100 characters").optional(),
    facility_id: z.string().trim().optional(),
  })
  // Both checks run even while another field is missing (a blank field is undefined to the
  // forms), so a submit shows every message at once.
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
    when: ({ value }) => {
      const v = value as { password?: unknown; confirmPassword?: unknown } | undefined;
      return typeof v?.password === "string" && typeof v.confirmPassword === "string";
    },
  })
  .refine((v) => v.role !== "facility_admin" || !!v.facility_id, {
    message: "Please select the facility you run",
    path: ["facility_id"],
    when: ({ value }) => (value as { role?: unknown } | undefined)?.role === "facility_admin",
  })
  .transform(({ confirmPassword: _confirm, ...v }) => ({
    ...v,
    specialty: v.role === "doctor" && v.specialty ? v.specialty : null,
    facility_id: v.role === "facility_admin" && v.facility_id ? v.facility_id : null,
  }));

export type RegisterInput = z.output<typeof registerSchema>;
export const REGISTER_FIELDS = [
  "full_name",
  "email",
  "phone",
  "password",
  "confirmPassword",
  "role",
  "specialty",
  "facility_id",
] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];
