import type { ToastMessage } from "~/components/ui/toaster";
import type { ForgotPasswordField } from "./forgot-password-schema";
import type { FieldErrors } from "./form-errors";
import type { NewPasswordField } from "./new-password-schema";
import type { RegisterField } from "./register-schema";
import type { SignInField } from "./sign-in-schema";

/** What the account actions answer (client-safe). Passwords are never echoed back. */
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
