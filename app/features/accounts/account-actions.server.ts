import { redirect } from "react-router";
import type { Db } from "~/db/client.server";
import { hasVisibleText, nameText } from "~/lib/form-text";
import { refuse } from "~/lib/refusal";
import {
  type RecoveryTokens,
  type RequestMeta,
  registerAccount,
  requestPasswordReset,
  resetPasswordWithLink,
  signIn,
  signOut,
} from "./accounts.server";
import type { RegisterInput } from "./register-schema";
import type { SignInInput } from "./sign-in-schema";

/*
 * The account forms' domain calls, as their actions run them (each after the form's schema, on its
 * output): the work done, or a refusal thrown with `refuse(status, message, fieldErrors?)` (one
 * way to say no), which the action (`formAction`) answers with the spec's toast.
 */

/** A rate limit is 429; any other failure 400. */
function statusFor(message: string): number {
  return message.startsWith("Too many attempts") ? 429 : 400;
}

/** A minimum answer time, so requests for existing and unknown addresses take as long as each other. */
export async function atLeast<T>(ms: number, work: Promise<T>): Promise<T> {
  const [result] = await Promise.all([work, new Promise((resolve) => setTimeout(resolve, ms))]);
  return result;
}
export const EQUAL_TIME_MS = 600;

/**
 * Signs in: the redirect to the dashboard with the session cookie. Refused ("Login Failed"): 429
 * after too many attempts, 403 for an address not verified yet, 401 otherwise.
 */
export async function signInAction(db: Db, input: SignInInput, meta: RequestMeta): Promise<Response> {
  const result = await signIn(db, input, meta);
  if (result.ok) return redirect(result.redirectTo, { headers: result.headers });
  return refuse(statusFor(result.message) === 429 ? 429 : result.unverified ? 403 : 401, result.message);
}

/**
 * The registration's name and specialty as others read them (lib/form-text.ts): one line, no
 * bidirectional overrides, and a name of invisible characters is no name (refused on its field).
 * Checked here on the server only, not in the browser's schema: /auth's script is at its size budget.
 */
function cleanRegistration(input: RegisterInput): RegisterInput {
  const fullName = nameText(input.full_name).trim();
  if (fullName.length < 2 || !hasVisibleText(fullName)) {
    const message = "Name must be at least 2 characters";
    refuse(400, message, { full_name: message });
  }
  const specialty = input.specialty === null ? null : nameText(input.specialty).trim() || null;
  return { ...input, full_name: fullName, specialty };
}

/**
 * Registers the account (and mails the verification link). Refused: a value the rules refuse on
 * its field (400), or the registration failed (a rate limit is 429).
 */
export async function registerAction(db: Db, input: RegisterInput, meta: RequestMeta): Promise<void> {
  const cleaned = cleanRegistration(input);
  const result = await atLeast(EQUAL_TIME_MS, registerAccount(db, cleaned, meta));
  if (result.ok) return;
  if (result.field) refuse(400, result.message, { [result.field]: result.message });
  refuse(statusFor(result.message), result.message);
}

export async function signOutAction(db: Db, request: Request): Promise<{ redirect: string; headers: Headers }> {
  return { redirect: "/auth", headers: await signOut(db, request) };
}

/** Sends the reset link (if the address has an account: the answer is the same either way); its address. */
export async function forgotPasswordAction(db: Db, email: string, meta: RequestMeta): Promise<{ email: string }> {
  const result = await atLeast(EQUAL_TIME_MS, requestPasswordReset(db, email, meta));
  if (!result.ok) refuse(statusFor(result.message), result.message);
  return { email };
}

/** The refusal's status for a reset link that is no longer good: its own screen, not a refused password. */
export const RESET_LINK_GONE = 410;

/**
 * Sets the new password (already checked by its schema) if the link is still good, and signs this
 * browser out: every session of the user has ended; the sign-out's headers (cookies) are returned.
 * A link no longer good is refused with RESET_LINK_GONE, a password the rules refuse with 400 and
 * its field's message.
 */
export async function resetPasswordAction(
  db: Db,
  tokens: RecoveryTokens,
  password: string,
  request: Request,
): Promise<{ headers: Headers }> {
  const result = await resetPasswordWithLink(db, tokens, password);
  if (result.ok) return { headers: await signOut(db, request) };
  if (result.reason === "invalid") refuse(RESET_LINK_GONE, "Reset Link Invalid or Expired");
  refuse(400, result.message, result.field ? { [result.field]: result.message } : undefined);
}
