import type { FormAnswer } from "~/components/forms/schema-form";

/*
 * What the account pages get back from a post (client-safe): Conform's result (field errors and
 * the submitted values, passwords and link tokens left out), the spec's toast, and `ok` (false for
 * any refusal) from the one form path (lib/form-action.server.ts).
 */

/** The validation toast of spec section 8 for sign in and register. */
export const VALIDATION_TOAST = {
  title: "Validation Error",
  description: "Please check your inputs and try again.",
  variant: "destructive",
} as const;

export const REGISTERED_TOAST = {
  title: "Registration Successful",
  description: "Please check your email to verify your account.",
  variant: "success",
} as const;

/** /auth, Sign In tab: a refused sign-in (a successful one is a redirect to the dashboard). */
export type SignInAnswer = FormAnswer<{ intent: "signin"; ok?: boolean }>;

/** /auth, Register tab: "registered" once the account is made. */
export type RegisterAnswer = FormAnswer<{ intent: "register"; status?: "registered"; ok?: boolean }>;

/** /forgot-password: "sent" carries the address for the "Check Your Email" screen. */
export type ForgotPasswordAnswer = FormAnswer<{ status?: "sent"; email?: string; ok?: boolean }>;

/** /reset-password: is the link still good ("validate"), then the new password ("update"). */
export type RecoveryAnswer =
  | { intent: "validate"; valid: boolean }
  | FormAnswer<{ intent: "update"; status: "updated" | "invalid" | "failed" }>;

/** The form fields an answer never sends back. */
export const SECRET_FIELDS = ["password", "confirmPassword", "access_token", "refresh_token"];
