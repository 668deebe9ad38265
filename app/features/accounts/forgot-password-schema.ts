import * as z from "zod/mini";

/** The spec's "simple address pattern" for the forgot-password form. */
export const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const INVALID_EMAIL_TOAST = {
  title: "Invalid Email",
  description: "Please enter a valid email address.",
  variant: "destructive",
} as const;

/** Forgot password (spec section 5). */
export const forgotPasswordSchema = z.object({
  email: z
    .string({ error: INVALID_EMAIL_TOAST.description })
    .check(
      z.trim(),
      z.maxLength(255, INVALID_EMAIL_TOAST.description),
      z.regex(SIMPLE_EMAIL, INVALID_EMAIL_TOAST.description),
    ),
});

export const FORGOT_PASSWORD_FIELDS = ["email"] as const;
