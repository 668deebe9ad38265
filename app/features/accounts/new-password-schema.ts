import { z } from "zod";
import { MIN_STRENGTH, passwordStrength } from "./password-strength";

export const WEAK_PASSWORD_MESSAGE = "Please choose a stronger password for better security.";
export const WEAK_PASSWORD_TOAST = {
  title: "Weak Password",
  description: WEAK_PASSWORD_MESSAGE,
  variant: "destructive",
} as const;
export const PASSWORD_MISMATCH_TOAST = {
  title: "Password Mismatch",
  description: "The passwords you entered don't match.",
  variant: "destructive",
} as const;
export const PASSWORD_UPDATED = {
  title: "Password Updated Successfully!",
  description: "You can now sign in with your new password.",
} as const;

/**
 * Set a new password (spec section 5): strength 3 of 5 or more and a matching confirmation.
 * The section 9 minimum of 8 characters applies as well.
 */
export const newPasswordSchema = z
  .object({
    password: z
      .string({ error: WEAK_PASSWORD_MESSAGE })
      .refine((p) => passwordStrength(p) >= MIN_STRENGTH, WEAK_PASSWORD_MESSAGE)
      .refine((p) => p.length >= 8, "Password must be at least 8 characters")
      .refine((p) => p.length <= 128, "Password must be at most 128 characters"),
    confirmPassword: z.string({ error: "Passwords do not match" }),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords do not match", path: ["confirmPassword"] });

export const NEW_PASSWORD_FIELDS = ["password", "confirmPassword"] as const;
export type NewPasswordField = (typeof NEW_PASSWORD_FIELDS)[number];

/** The toast that blocks a submit (spec section 5), or null when the form may be sent. */
export function blockedSubmitToast(
  password: string,
  confirmPassword: string,
): typeof WEAK_PASSWORD_TOAST | typeof PASSWORD_MISMATCH_TOAST | null {
  if (passwordStrength(password) < MIN_STRENGTH) return WEAK_PASSWORD_TOAST;
  if (password !== confirmPassword) return PASSWORD_MISMATCH_TOAST;
  return null;
}
