/**
 * The new-password strength of spec section 5: one point each for a length of 8 or more, a
 * lowercase letter, an uppercase letter, a digit and a symbol (0-5). Client-safe.
 */
export function passwordStrength(password: string): number {
  return [
    password.length >= 8,
    /[a-z]/.test(password),
    /[A-Z]/.test(password),
    /\d/.test(password),
    /[^A-Za-z0-9]/.test(password),
  ].filter(Boolean).length;
}

export type StrengthLabel = "Very Weak" | "Weak" | "Fair" | "Good" | "Strong";

/** 0-1 Very Weak, 2 Weak, 3 Fair, 4 Good, 5 Strong. */
export function strengthLabel(score: number): StrengthLabel {
  if (score <= 1) return "Very Weak";
  if (score === 2) return "Weak";
  if (score === 3) return "Fair";
  if (score === 4) return "Good";
  return "Strong";
}

/** The score a new password needs. */
export const MIN_STRENGTH = 3;

/** The colour of the filled bars for a score (red, orange, yellow, then brand green). */
export function strengthBarClass(score: number): string {
  return score <= 1 ? "bg-red-600" : score === 2 ? "bg-orange-500" : score === 3 ? "bg-yellow-500" : "bg-brand-600";
}

/** The colour of an empty bar. */
export const EMPTY_BAR_CLASS = "bg-slate-200";
