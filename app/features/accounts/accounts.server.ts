import { isAPIError } from "better-auth/api";
import { and, asc, eq } from "drizzle-orm";
import { actorById } from "~/auth/actor.server";
import {
  authFor,
  authHeaders,
  isRecoverySignatureValid,
  notifyExistingAccount,
  notifyFailedSignIns,
  RESET_IDENTIFIER_PREFIX,
  setAccountMailOutbox,
} from "~/auth/auth.server";
import { dashboardPath } from "~/auth/roles";
import type { Db } from "~/db/client.server";
import { facilities, users } from "~/db/schema";
import type { Locale } from "~/i18n/locales";
import { PRIORITY, queueEmail } from "~/jobs/queue-message.server";
import { logger } from "~/lib/logger.server";
import { countSignInFailure } from "~/lib/metrics.server";
import { tooManyAttemptsMessage } from "~/lib/rate-limit.server";
import { ensureBootstrapAdmin } from "./admin.server";
import { newPasswordProblem } from "./password-policy.server";
import type { RegisterInput } from "./register-schema";
import { needsRegistrationNumber, REGISTRATION_PATH } from "./registration.server";
import type { SignInInput } from "./sign-in-schema";
import {
  accountDelayMs,
  checkIpCeiling,
  checkSignInLock,
  clearAccountFailures,
  hitAll,
  isKnownClient,
  normaliseEmail,
  oneAtATime,
  recordSignInFailure,
  recordSignInSuccess,
  resetRules,
  shouldNotifyOwner,
  signUpRules,
  throttleClock,
} from "./throttle.server";

// Account mail (verification, reset, an existing account, failed sign-ins) is written by auth/,
// which sits below the job queue: every flow that mails runs through this module, which hands it
// the outbox (a messages row and its send job in the caller's transaction, decision 024).
setAccountMailOutbox((tx, mail, event) => queueEmail(tx, mail, { event, priority: PRIORITY.waiting }));

/** Who sent the request: the client IP (for limits and session records) and the request itself. */
export type RequestMeta = {
  ip: string;
  request?: Request;
  /** The language of the page the form was sent from (decision 048): a registration records it. */
  locale?: Locale;
};

export type Failure = { ok: false; message: string };

export const MESSAGES = {
  invalidCredentials: "Invalid email or password",
  emailNotVerified:
    "Your email address is not verified yet. We have sent you a new verification link: please open it, then sign in.",
  unexpected: "An unexpected error occurred. Please try again.",
  facilityRequired: "Please select the facility you run",
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Active facilities by name: the choice a facility administrator makes when registering. */
export async function listFacilityChoices(db: Db): Promise<Array<{ id: string; name: string }>> {
  return db
    .select({ id: facilities.id, name: facilities.name })
    .from(facilities)
    .where(eq(facilities.isActive, true))
    .orderBy(asc(facilities.name));
}

async function isActiveFacility(db: Db, id: string | null): Promise<boolean> {
  if (!id || !UUID.test(id)) return false;
  const [row] = await db
    .select({ id: facilities.id })
    .from(facilities)
    .where(and(eq(facilities.id, id), eq(facilities.isActive, true)))
    .limit(1);
  return !!row;
}

function errorCode(error: unknown): string | undefined {
  return isAPIError(error) ? (error.body as { code?: string } | undefined)?.code : undefined;
}

/**
 * Registers an account and emails the verification link. Doctors start unverified;
 * administrators start pending (their approval is never input). An address that already has
 * an account gets the same answer (and a notice by mail), so the form reveals nothing.
 */
export async function registerAccount(
  db: Db,
  input: RegisterInput,
  meta: RequestMeta,
): Promise<{ ok: true } | (Failure & { field?: "facility_id" | "password" })> {
  const limited = await hitAll(db, signUpRules(meta.ip, input.email));
  if (!limited.ok) return { ok: false, message: limited.message };
  const weak = newPasswordProblem(input.password, {
    name: input.full_name,
    email: input.email,
    phones: [input.phone],
    specialty: input.role === "doctor" ? input.specialty : null,
  });
  if (weak) return { ok: false, message: weak, field: "password" };
  if (input.role === "facility_admin" && !(await isActiveFacility(db, input.facility_id))) {
    return { ok: false, message: MESSAGES.facilityRequired, field: "facility_id" };
  }
  try {
    await authFor(db).api.signUpEmail({
      body: {
        name: input.full_name,
        email: normaliseEmail(input.email),
        password: input.password,
        phone: input.phone,
        role: input.role,
        specialty: input.role === "doctor" ? input.specialty : null,
        facilityId: input.role === "facility_admin" ? input.facility_id : null,
        mdcNumber: input.role === "doctor" ? input.mdc_number : null,
        hefraLicence: input.role === "facility_admin" ? input.hefra_licence : null,
        language: meta.locale ?? "en",
      },
      headers: authHeaders(meta.request, meta.ip),
    });
    return { ok: true };
  } catch (error) {
    // Two registrations of one address at once: both found no account, one created it. The other
    // is a registration of an existing address, and answers as one (with the owner's notice).
    if (await accountExists(db, normaliseEmail(input.email))) {
      await notifyExistingAccount(db, normaliseEmail(input.email));
      return { ok: true };
    }
    if (isAPIError(error) && error.message) return { ok: false, message: error.message };
    logger.error({ err: error }, "registration failed");
    return { ok: false, message: MESSAGES.unexpected };
  }
}

/** Mails the owner (when the address has an account) that it has seen many failed sign-ins. */
function notifyOwnerOfFailures(db: Db, email: string): void {
  void accountExists(db, email)
    .then(async (exists) => {
      if (exists) await notifyFailedSignIns(db, email);
    })
    .catch((error) => logger.error({ err: error }, "could not queue the failed sign-in notice"));
}

async function accountExists(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return !!row;
}

export type SignInResult = { ok: true; headers: Headers; redirectTo: string } | (Failure & { unverified?: true });

/**
 * Password sign-in (docs/decisions/018-sign-in-throttling.md). A successful sign-in never counts
 * toward any limit. Failures are counted per client (account and IP: 5 lock that client out of that
 * account), per IP (a high ceiling, which a client that has signed in to the account from there
 * before passes), and per account (from 10, each try waits; parallel tries wait in turn).
 * Success: a database session in the cookie (Set-Cookie in `headers`) and the user's dashboard.
 */
export async function signIn(db: Db, input: SignInInput, meta: RequestMeta, now = new Date()): Promise<SignInResult> {
  await ensureBootstrapAdmin(db);
  const email = normaliseEmail(input.email);
  const lock = await checkSignInLock(db, email, meta.ip, now);
  if (!lock.ok) return { ok: false, message: lock.message };
  const known = await isKnownClient(db, email, meta.ip, now);
  if (!known) {
    const ceiling = await checkIpCeiling(db, meta.ip, now);
    if (!ceiling.ok) return { ok: false, message: ceiling.message };
  }
  // An account under attack from many clients is slowed, never closed to its owner. Its tries from
  // clients it does not know wait in turn, so parallel guesses are held back as much as serial ones.
  if (known || (await accountDelayMs(db, email, now)) === 0) return attemptSignIn(db, email, input.password, meta, now);
  const result = await oneAtATime(email, () => attemptSignIn(db, email, input.password, meta, now));
  return result ?? { ok: false, message: tooManyAttemptsMessage(60) };
}

async function attemptSignIn(
  db: Db,
  email: string,
  password: string,
  meta: RequestMeta,
  now: Date,
): Promise<SignInResult> {
  const delay = await accountDelayMs(db, email, now);
  if (delay > 0) await throttleClock.sleep(delay);
  try {
    const { headers, response } = await authFor(db).api.signInEmail({
      body: { email, password, rememberMe: true },
      headers: authHeaders(meta.request, meta.ip),
      returnHeaders: true,
    });
    await recordSignInSuccess(db, email, meta.ip, now);
    return { ok: true, headers: sessionCookies(headers), redirectTo: await landingPath(db, response.user.id) };
  } catch (error) {
    const code = errorCode(error);
    if (code === "EMAIL_NOT_VERIFIED") return { ok: false, message: MESSAGES.emailNotVerified, unverified: true };
    if (code === "INVALID_EMAIL_OR_PASSWORD" || code === "PASSWORD_TOO_LONG" || code === "INVALID_EMAIL") {
      const lockedUntil = await countFailedSignIn(db, email, meta.ip, now);
      if (lockedUntil) {
        return { ok: false, message: tooManyAttemptsMessage((lockedUntil.getTime() - now.getTime()) / 1000) };
      }
      return { ok: false, message: MESSAGES.invalidCredentials };
    }
    logger.error({ err: error }, "sign-in failed");
    return { ok: false, message: MESSAGES.unexpected };
  }
}

/** The Set-Cookie headers of a better-auth answer (the session cookie), alone. */
export function sessionCookies(headers: Headers): Headers {
  const cookies = new Headers();
  for (const cookie of headers.getSetCookie()) cookies.append("Set-Cookie", cookie);
  return cookies;
}

/**
 * Where a person lands after signing in: their dashboard, or first the registration number a
 * doctor or facility administrator has not given yet.
 */
export async function landingPath(db: Db, userId: string): Promise<string> {
  const actor = await actorById(db, userId);
  if (actor.kind !== "user") return "/";
  return (await needsRegistrationNumber(db, actor.id, actor.role)) ? REGISTRATION_PATH : dashboardPath(actor.role);
}

/**
 * A failed sign-in (a wrong password, or a wrong code by SMS: decision 042) counts towards the
 * client's lockout on the account and the account's slowing; the owner is told of many. Answers
 * until when this client is now locked out, or null.
 */
export async function countFailedSignIn(db: Db, email: string, ip: string, now: Date): Promise<Date | null> {
  const { lockedUntil, accountFailures } = await recordSignInFailure(db, email, ip, now);
  countSignInFailure(lockedUntil !== null);
  if (await shouldNotifyOwner(db, email, accountFailures, now)) notifyOwnerOfFailures(db, email);
  return lockedUntil;
}

/** Ends the request's session on the server; the headers clear the cookie. */
export async function signOut(db: Db, request: Request): Promise<Headers> {
  const { headers } = await authFor(db).api.signOut({ headers: authHeaders(request, "unknown"), returnHeaders: true });
  const cookies = new Headers();
  for (const cookie of headers.getSetCookie()) cookies.append("Set-Cookie", cookie);
  return cookies;
}

/**
 * Emails a reset link when the address has an account; answers the same either way. The
 * link is valid 30 minutes, single use, and replaces every earlier link of the account.
 */
export async function requestPasswordReset(
  db: Db,
  email: string,
  meta: RequestMeta,
  now = new Date(),
): Promise<{ ok: true } | Failure> {
  const address = normaliseEmail(email);
  const limited = await hitAll(db, resetRules(meta.ip, address), now);
  if (!limited.ok) return { ok: false, message: limited.message };
  try {
    await authFor(db).api.requestPasswordReset({ body: { email: address, redirectTo: "/reset-password" } });
  } catch (error) {
    // An address our simple pattern accepts but better-auth's stricter check refuses has no account.
    if (!isAPIError(error)) logger.error({ err: error }, "password reset request failed");
  }
  return { ok: true };
}

export type RecoveryTokens = { accessToken: string; refreshToken: string };

/** The user a reset link belongs to, while it is valid at `now`; null when invalid, used, replaced or expired. */
export async function resetLinkUser(db: Db, tokens: RecoveryTokens, now = new Date()): Promise<string | null> {
  const { accessToken, refreshToken } = tokens;
  if (!accessToken || !refreshToken || accessToken.length > 200 || refreshToken.length > 200) return null;
  if (!isRecoverySignatureValid(accessToken, refreshToken)) return null;
  const ctx = await authFor(db).$context;
  const row = await ctx.internalAdapter.findVerificationValue(`${RESET_IDENTIFIER_PREFIX}${accessToken}`);
  if (!row || new Date(row.expiresAt).getTime() <= now.getTime()) return null;
  return row.value;
}

/**
 * Sets a new password through a reset link (the caller has validated the new password).
 * Consumes the link atomically (of two simultaneous submissions one wins) and ends every
 * session of the user.
 */
export async function resetPasswordWithLink(
  db: Db,
  tokens: RecoveryTokens,
  password: string,
  now = new Date(),
): Promise<{ ok: true } | { ok: false; reason: "invalid" } | (Failure & { reason: "error"; field?: "password" })> {
  const userId = await resetLinkUser(db, tokens, now);
  if (!userId) return { ok: false, reason: "invalid" };
  // Everything we know of the person that a password could be made of.
  const [owner] = await db
    .select({
      name: users.fullName,
      email: users.email,
      phone: users.phone,
      confirmedPhone: users.confirmedPhone,
      specialty: users.specialty,
    })
    .from(users)
    .where(eq(users.id, userId));
  const weak = newPasswordProblem(password, owner ? { ...owner, phones: [owner.phone, owner.confirmedPhone] } : {});
  if (weak) return { ok: false, reason: "error", message: weak, field: "password" };
  try {
    await authFor(db).api.resetPassword({ body: { newPassword: password, token: tokens.accessToken } });
  } catch (error) {
    if (errorCode(error) === "INVALID_TOKEN" || errorCode(error) === "USER_NOT_FOUND")
      return { ok: false, reason: "invalid" };
    if (isAPIError(error) && error.message) return { ok: false, reason: "error", message: error.message };
    logger.error({ err: error }, "password reset failed");
    return { ok: false, reason: "error", message: MESSAGES.unexpected };
  }
  const actor = await actorById(db, userId);
  if (actor.kind === "user") await clearAccountFailures(db, actor.email);
  return { ok: true };
}

/** Confirms an address from the emailed link. False for an invalid or expired link. */
export async function verifyEmail(db: Db, token: string): Promise<boolean> {
  if (!token || token.length > 2000) return false;
  try {
    await authFor(db).api.verifyEmail({ query: { token } });
    return true;
  } catch {
    return false;
  }
}
