import type { Db } from "~/db/client.server";
import {
  type RequestMeta,
  registerAccount,
  requestPasswordReset,
  resetLinkUser,
  resetPasswordWithLink,
  signIn,
  signOut,
} from "./accounts.server";
import type { ForgotPasswordActionData, RecoveryActionData, RegisterActionData, SignInActionData } from "./action-data";
import { FORGOT_PASSWORD_FIELDS, forgotPasswordSchema, INVALID_EMAIL_TOAST } from "./forgot-password-schema";
import { readFields, VALIDATION_TOAST, validateForm } from "./form-errors";
import {
  NEW_PASSWORD_FIELDS,
  newPasswordSchema,
  PASSWORD_MISMATCH_TOAST,
  PASSWORD_UPDATED,
  WEAK_PASSWORD_TOAST,
} from "./new-password-schema";
import { REGISTER_FIELDS, registerSchema } from "./register-schema";
import { SIGN_IN_FIELDS, signInSchema } from "./sign-in-schema";

/*
 * Form post -> domain call -> what the page shows, for the account routes (which stay thin).
 * Each answer carries the HTTP status and, for sign in and out, the session cookie.
 */

export type Answer<T> = { body: T; status: number; headers?: Headers };
export type Redirect = { redirect: string; headers: Headers };

/** Unusual answers (a rate limit, an unexpected failure) are not 200; failed validations are 400. */
function statusFor(message: string): number {
  return message.startsWith("Too many attempts") ? 429 : 400;
}

/** A minimum answer time, so requests for existing and unknown addresses take as long as each other. */
export async function atLeast<T>(ms: number, work: Promise<T>): Promise<T> {
  const [result] = await Promise.all([work, new Promise((resolve) => setTimeout(resolve, ms))]);
  return result;
}
const EQUAL_TIME_MS = 600;

export async function signInAction(
  db: Db,
  form: FormData,
  meta: RequestMeta,
): Promise<Answer<SignInActionData> | Redirect> {
  const values = readFields(form, SIGN_IN_FIELDS);
  const check = validateForm(signInSchema, values);
  const echo = { email: values.email };
  if (!check.ok) {
    return {
      body: { intent: "signin", fieldErrors: check.fieldErrors, values: echo, toast: VALIDATION_TOAST },
      status: 400,
    };
  }
  const result = await signIn(db, check.data, meta);
  if (result.ok) return { redirect: result.redirectTo, headers: result.headers };
  return {
    body: {
      intent: "signin",
      fieldErrors: {},
      values: echo,
      toast: { title: "Login Failed", description: result.message, variant: "destructive" },
    },
    status: result.message.startsWith("Too many attempts") ? 429 : result.unverified ? 403 : 401,
  };
}

export async function registerAction(db: Db, form: FormData, meta: RequestMeta): Promise<Answer<RegisterActionData>> {
  const values = readFields(form, REGISTER_FIELDS);
  const { password: _p, confirmPassword: _c, ...echo } = values;
  const check = validateForm(registerSchema, values);
  if (!check.ok) {
    return {
      body: {
        intent: "register",
        status: "invalid",
        fieldErrors: check.fieldErrors,
        values: echo,
        toast: VALIDATION_TOAST,
      },
      status: 400,
    };
  }
  const result = await atLeast(EQUAL_TIME_MS, registerAccount(db, check.data, meta));
  if (result.ok) {
    return {
      body: {
        intent: "register",
        status: "registered",
        toast: {
          title: "Registration Successful",
          description: "Please check your email to verify your account.",
          variant: "success",
        },
      },
      status: 200,
    };
  }
  if (result.field) {
    return {
      body: {
        intent: "register",
        status: "invalid",
        fieldErrors: { [result.field]: result.message },
        values: echo,
        toast: VALIDATION_TOAST,
      },
      status: 400,
    };
  }
  return {
    body: {
      intent: "register",
      status: "failed",
      fieldErrors: {},
      values: echo,
      toast: { title: "Registration Failed", description: result.message, variant: "destructive" },
    },
    status: statusFor(result.message),
  };
}

export async function signOutAction(db: Db, request: Request): Promise<Redirect> {
  return { redirect: "/auth", headers: await signOut(db, request) };
}

export async function forgotPasswordAction(
  db: Db,
  form: FormData,
  meta: RequestMeta,
): Promise<Answer<ForgotPasswordActionData>> {
  const values = readFields(form, FORGOT_PASSWORD_FIELDS);
  const check = validateForm(forgotPasswordSchema, values);
  if (!check.ok) {
    return {
      body: { status: "invalid", fieldErrors: check.fieldErrors, values, toast: INVALID_EMAIL_TOAST },
      status: 400,
    };
  }
  const result = await atLeast(EQUAL_TIME_MS, requestPasswordReset(db, check.data.email, meta));
  if (result.ok) return { body: { status: "sent", email: check.data.email }, status: 200 };
  return {
    body: {
      status: "failed",
      fieldErrors: {},
      values,
      toast: { title: "Password Reset Failed", description: result.message, variant: "destructive" },
    },
    status: statusFor(result.message),
  };
}

/**
 * The reset page's two requests: "validate" (is the link still good?) and "update" (set the
 * new password, which also signs this browser out: every session of the user has ended).
 */
export async function recoveryAction(db: Db, form: FormData, request: Request): Promise<Answer<RecoveryActionData>> {
  const tokens = {
    accessToken: String(form.get("access_token") ?? ""),
    refreshToken: String(form.get("refresh_token") ?? ""),
  };
  if (form.get("intent") === "validate") {
    return { body: { intent: "validate", valid: (await resetLinkUser(db, tokens)) !== null }, status: 200 };
  }
  const values = readFields(form, NEW_PASSWORD_FIELDS);
  const check = validateForm(newPasswordSchema, values);
  if (!check.ok) {
    const toast =
      check.fieldErrors.password === WEAK_PASSWORD_TOAST.description
        ? WEAK_PASSWORD_TOAST
        : check.fieldErrors.confirmPassword && !check.fieldErrors.password
          ? PASSWORD_MISMATCH_TOAST
          : {
              title: "Password Update Failed",
              description: check.fieldErrors.password ?? "",
              variant: "destructive" as const,
            };
    return { body: { intent: "update", status: "failed", fieldErrors: check.fieldErrors, toast }, status: 400 };
  }
  const result = await resetPasswordWithLink(db, tokens, check.data.password);
  if (result.ok) {
    return {
      body: { intent: "update", status: "updated", toast: PASSWORD_UPDATED },
      status: 200,
      headers: await signOut(db, request),
    };
  }
  if (result.reason === "invalid") return { body: { intent: "update", status: "invalid" }, status: 400 };
  return {
    body: {
      intent: "update",
      status: "failed",
      fieldErrors: result.field ? { [result.field]: result.message } : {},
      toast: { title: "Password Update Failed", description: result.message, variant: "destructive" },
    },
    status: 400,
  };
}
