import { MIN_STRENGTH, passwordStrength } from "./password-strength";

/**
 * The new-password messages (spec sections 5 and 8) and the check that blocks a submit, without
 * the validation library, so the reset page's script stays small. The schema the action runs is
 * new-password-schema.ts.
 */
export const WEAK_PASSWORD_MESSAGE = "Please choose a stronger password for better security.";
export const WEAK_PASSWORD_TOAST = {
  title: "Weak Password",
  description: WEAK_PASSWORD_MESSAGE,
  variant: "destructive",
} as const;
export const PASSWORD_MISMATCH_MESSAGE = "Passwords do not match";
export const PASSWORD_MISMATCH_TOAST = {
  title: "Password Mismatch",
  description: "The passwords you entered don't match.",
  variant: "destructive",
} as const;
export const PASSWORD_UPDATED = {
  title: "Password Updated Successfully!",
  description: "You can now sign in with your new password.",
} as const;
export const PASSWORD_TOO_SHORT = "Password must be at least 8 characters";

/** The toast that blocks a submit (spec section 5), or null when the form may be sent. */
export function blockedSubmitToast(
  password: string,
  confirmPassword: string,
): typeof WEAK_PASSWORD_TOAST | typeof PASSWORD_MISMATCH_TOAST | null {
  if (passwordStrength(password) < MIN_STRENGTH) return WEAK_PASSWORD_TOAST;
  if (password !== confirmPassword) return PASSWORD_MISMATCH_TOAST;
  return null;
}
