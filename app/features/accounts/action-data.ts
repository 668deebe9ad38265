import type { FormAnswer } from "~/components/forms/schema-form";
import type { ToastMessage } from "~/components/ui/toaster";
import type { ForgotPasswordField } from "./forgot-password-schema";
import type { FieldErrors } from "./form-errors";
import type { NewPasswordField } from "./new-password-schema";
import type { RegisterField } from "./register-schema";
import type { SignInField } from "./sign-in-schema";

/*
 * What the account pages get back from a post (client-safe). Two layers:
 * - the `*ActionData` types are what the domain adapter (account-actions.server.ts) answers:
 *   one message per field, the spec's toast;
 * - the `*Answer` types are what the routes hand their forms: Conform's result (field errors and
 *   the submitted values, passwords and link tokens left out) and the same toast.
 */
export type Toast = ToastMessage;

export type SignInActionData = {
  intent: "signin";
  fieldErrors: FieldErrors<SignInField>;
  values: { email: string };
  toast: Toast;
};

export type RegisterActionData =
  | { intent: "register"; status: "registered"; toast: Toast }
  | {
      intent: "register";
      status: "invalid" | "failed";
      fieldErrors: FieldErrors<RegisterField>;
      values: Partial<Record<Exclude<RegisterField, "password" | "confirmPassword">, string>>;
      toast: Toast;
    };

export type AuthActionData = SignInActionData | RegisterActionData;

export type ForgotPasswordActionData =
  | { status: "sent"; email: string }
  | {
      status: "invalid" | "failed";
      fieldErrors: FieldErrors<ForgotPasswordField>;
      values: { email: string };
      toast: Toast;
    };

export type RecoveryActionData =
  | { intent: "validate"; valid: boolean }
  | { intent: "update"; status: "updated"; toast: Toast }
  | { intent: "update"; status: "invalid" }
  | { intent: "update"; status: "failed"; fieldErrors: FieldErrors<NewPasswordField>; toast: Toast };

/** /auth, Sign In tab: a refused sign-in (a successful one is a redirect to the dashboard). */
export type SignInAnswer = FormAnswer<{ intent: "signin" }>;

/** /auth, Register tab. */
export type RegisterAnswer = FormAnswer<{ intent: "register"; status: "registered" | "invalid" | "failed" }>;

/** What the /auth action answers. */
export type AuthAnswer = SignInAnswer | RegisterAnswer;

/** /forgot-password: "sent" carries the address for the "Check Your Email" screen. */
export type ForgotPasswordAnswer = FormAnswer<{ status: "sent" | "invalid" | "failed"; email?: string }>;

/** /reset-password: is the link still good ("validate"), then the new password ("update"). */
export type RecoveryAnswer =
  | { intent: "validate"; valid: boolean }
  | FormAnswer<{ intent: "update"; status: "updated" | "invalid" | "failed" }>;

/** The form fields an answer never sends back. */
export const SECRET_FIELDS = ["password", "confirmPassword", "access_token", "refresh_token"];
