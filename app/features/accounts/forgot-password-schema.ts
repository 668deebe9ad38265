import * as z from "zod/mini";
import { EMAIL_REQUIRED } from "~/lib/email-field";

/** The spec's "simple address pattern" for the forgot-password form. */
export const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const INVALID_EMAIL_TOAST = {
  title: "Invalid Email",
  description: "Please enter a valid email address.",
  variant: "destructive",
} as const;

/** Forgot password (spec section 5; an empty address as decision 039 says). */
export const forgotPasswordSchema = z.object({
  email: z.string({ error: EMAIL_REQUIRED }).check(
    z.trim(),
    // Empty: what to do (decision 039), beside the field; the toast stays the spec's "Invalid Email".
    z.minLength(1, { error: EMAIL_REQUIRED, abort: true }),
    z.maxLength(255, INVALID_EMAIL_TOAST.description),
    z.regex(SIMPLE_EMAIL, INVALID_EMAIL_TOAST.description),
  ),
});

export const FORGOT_PASSWORD_FIELDS = ["email"] as const;
