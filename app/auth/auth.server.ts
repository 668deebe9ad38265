import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { betterAuth } from "better-auth/minimal";
import { and, eq, like, lt, ne, or } from "drizzle-orm";
import type { Db } from "../db/client.server.ts";
import { accounts, sessions, users, verifications } from "../db/schema.ts";
import { mayMailRecipient } from "../email/mail-limit.server.ts";
import type { Mail } from "../email/send.server.ts";
import { env } from "../env.server.ts";
import { type Locale, localePath } from "../i18n/locales.ts";
import { logger } from "../lib/logger.server.ts";
import {
  existingAccountMail,
  failedSignInsMail,
  type MailReader,
  resetPasswordMail,
  verificationMail,
} from "./account-mail.ts";
import { provenSignIn } from "./proven-sign-in.server.ts";

/*
 * better-auth on our database: scrypt password hashes, database sessions in a signed HttpOnly
 * cookie, the email-verification token and the single-use password-reset rows. Its HTTP handler
 * is not mounted: our own route actions call its server API (forms work without JavaScript and
 * answer with the spec's messages), so no request can reach it with fields we did not validate.
 * Files loaded by scripts/create-admin.ts use relative imports with .ts extensions (plain Node).
 */

/** The header our server sets (never the client) to hand the client IP to better-auth. */
export const CLIENT_IP_HEADER = "x-client-ip";
/** Reset links are valid for 30 minutes (spec section 9). */
export const RESET_LINK_TTL_SECONDS = 30 * 60;
export const RESET_IDENTIFIER_PREFIX = "reset-password:";
/**
 * A session ends after SESSION_IDLE_MINUTES (default 30) without a request: each request pushes
 * its expiry back (at most once a minute, a write). SESSION_MAX_HOURS (default 12) after sign-in it
 * ends whatever the activity (checked in actor.server.ts).
 */
export const SESSION_DEFAULTS = { idleMinutes: 30, maxHours: 12 } as const;
const SESSION_RENEW_AFTER_SECONDS = 60;
/** Email verification links: a day (signing in unverified sends a fresh one, at most one an hour). */
const VERIFICATION_TTL_SECONDS = 24 * 60 * 60;
export const COOKIE_PREFIX = "app";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * How an account mail is queued in a transaction: a messages row and its send job (decision 024).
 * The outbox is the job queue's (app/jobs/queue-message.server.ts), which this layer does not
 * import: the accounts feature, through which every flow that mails runs, hands it in
 * (app/features/accounts/accounts.server.ts) with `setAccountMailOutbox`.
 */
export type AccountMailOutbox = (tx: Tx, mail: Omit<Mail, "messageId">, event: string) => Promise<unknown>;

let accountMailOutbox: AccountMailOutbox | undefined;

export function setAccountMailOutbox(outbox: AccountMailOutbox): void {
  accountMailOutbox = outbox;
}

/**
 * Queues an account mail: a messages row and its job, committed together, sent by the job queue
 * with retries; the answer never waits on (or reveals) the mail server.
 */
async function queueAccountMail(
  db: Pick<Db, "transaction">,
  mail: Omit<Mail, "messageId">,
  event: string,
  before?: (tx: Tx) => Promise<void>,
): Promise<void> {
  const outbox = accountMailOutbox;
  if (!outbox) throw new Error("No account mail outbox: app/features/accounts/accounts.server.ts sets it");
  await db.transaction(async (tx) => {
    await before?.(tx);
    await outbox(tx, mail, event);
  });
}

/**
 * The reader of a mail to an account, in the account's language (decision 048). The catalogues load
 * when a mail is first written, not with this module: create-admin loads it in plain Node, where a
 * `.po` file cannot be imported, and never writes one of these mails.
 */
async function readerOf(language: unknown): Promise<MailReader> {
  const { messageT } = await import("../i18n/message-text.server.ts");
  const locale = language === "fr" ? "fr" : "en";
  return { t: messageT(locale), locale };
}

/** The language of the account with this address (English when there is none). */
async function languageOfAddress(db: Pick<Db, "select">, email: string): Promise<string> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.email, email)).limit(1);
  return row?.language ?? "en";
}

/** The refresh_token of a reset link: an HMAC of its access_token, so both must come from our mail. */
export function recoverySignature(accessToken: string, secret = env().AUTH_SECRET): string {
  return createHmac("sha256", secret).update(`recovery:${accessToken}`).digest("base64url");
}

export function isRecoverySignatureValid(accessToken: string, refreshToken: string): boolean {
  const expected = Buffer.from(recoverySignature(accessToken));
  const given = Buffer.from(refreshToken);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function resetLink(accessToken: string, appUrl = env().APP_URL, locale: Locale = "en"): string {
  const fragment = new URLSearchParams({
    type: "recovery",
    access_token: accessToken,
    refresh_token: recoverySignature(accessToken),
  });
  return `${appUrl}${localePath(locale, "/reset-password")}#${fragment}`;
}

/** The emailed confirmation link; a French reader's (`lang=fr`) lands on the French pages (decision 048). */
export function verificationLink(token: string, appUrl = env().APP_URL, locale: Locale = "en"): string {
  const query = new URLSearchParams(locale === "en" ? { token } : { token, lang: locale });
  return `${appUrl}/auth/verify?${query}`;
}

/**
 * How a reset row's identifier is stored: the prefix, then a SHA-256 of the token, so a copy of
 * the database does not hold usable links. better-auth applies it on every write and lookup.
 */
export function storedResetIdentifier(identifier: string): string {
  return `${RESET_IDENTIFIER_PREFIX}${createHash("sha256").update(identifier).digest("hex")}`;
}

function createAuth(db: Db) {
  const config = env();
  return betterAuth({
    appName: "accounts",
    baseURL: config.APP_URL,
    secret: config.AUTH_SECRET,
    database: drizzleAdapter(db, { provider: "pg", schema: { users, sessions, accounts, verifications } }),
    user: {
      modelName: "users",
      fields: { name: "fullName" },
      additionalFields: {
        phone: { type: "string", required: false },
        role: { type: "string", required: true, defaultValue: "doctor" },
        specialty: { type: "string", required: false },
        facilityId: { type: "string", required: false },
        // The MDC registration number (doctors) or the facility's HeFRA licence number (facility administrators).
        mdcNumber: { type: "string", required: false },
        hefraLicence: { type: "string", required: false },
        // Approval is never input: only approveAccount and create-admin change it.
        isVerified: { type: "boolean", required: false, defaultValue: false, input: false },
        approvalStatus: { type: "string", required: false, defaultValue: "pending", input: false },
        approvedAt: { type: "date", required: false, input: false },
        approvedBy: { type: "string", required: false, input: false },
        // The language of the page they registered on (decision 048): their emails are in it.
        language: { type: "string", required: false, defaultValue: "en" },
      },
    },
    session: {
      modelName: "sessions",
      expiresIn: config.SESSION_IDLE_MINUTES * 60,
      updateAge: SESSION_RENEW_AFTER_SECONDS,
    },
    account: { modelName: "accounts" },
    verification: {
      modelName: "verifications",
      storeIdentifier: {
        default: "plain",
        overrides: { [RESET_IDENTIFIER_PREFIX]: { hash: async (identifier) => storedResetIdentifier(identifier) } },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: RESET_LINK_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        // A new request invalidates every earlier link (better-auth keeps them by default).
        // The older links go and the mail is queued in one transaction (better-auth has committed the new row).
        // Their language (an additional field of the user): the mail's words and the page it opens.
        const reader = await readerOf((user as { language?: unknown }).language);
        await queueAccountMail(
          db,
          {
            to: user.email,
            ...resetPasswordMail(reader, { link: resetLink(token, env().APP_URL, reader.locale) }),
          },
          "account.password-reset",
          (tx) => supersedeOlderResetRows(tx, user.id, storedResetIdentifier(`${RESET_IDENTIFIER_PREFIX}${token}`)),
        );
      },
      onExistingUserSignUp: async ({ user }) => {
        await notifyExistingAccount(db, user.email);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: VERIFICATION_TTL_SECONDS,
      sendVerificationEmail: async ({ user, token }) => {
        // At most one an hour per address: each sign-in of an unconfirmed account asks
        // for one, and 20 tries must not make 20 mails. The links already sent stay valid a day.
        if (!(await mayMailRecipient(db, "verification", user.email))) return;
        const reader = await readerOf((user as { language?: unknown }).language);
        await queueAccountMail(
          db,
          {
            to: user.email,
            ...verificationMail(reader, { link: verificationLink(token, env().APP_URL, reader.locale) }),
          },
          "account.verification",
        );
      },
    },
    // Sign in with a code by SMS: our own code checks, then better-auth's session (docs/decisions/042).
    plugins: [provenSignIn()],
    // Our own DB-backed limits (shared by every server) apply in the route actions instead.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: config.APP_URL.startsWith("https:"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: "uuid" },
    },
    logger: {
      level: "warn",
      log: (level, message, ...args) => {
        // better-auth logs "user not found" and similar at warn: routine for us. Its arguments can
        // hold what was posted (names, addresses, phone numbers): only an error among them is
        // logged, through the serializer that drops a query's parameters (lib/logger.server.ts).
        // A failed insert is answered by the caller (a race for one address is not an error).
        const err = args.find((a) => a instanceof Error);
        logger.debug({ err, level }, `better-auth: ${message}`);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

const instances = new WeakMap<Db, Auth>();

/** The better-auth instance bound to a database (one per database handle). */
export function authFor(db: Db): Auth {
  let auth = instances.get(db);
  if (!auth) {
    auth = createAuth(db);
    instances.set(db, auth);
  }
  return auth;
}

/**
 * Tells the owner of an existing account that someone tried to register their address again: at
 * most once an hour, however many registrations of the address arrive, from however many IPs.
 */
export async function notifyExistingAccount(db: Db, email: string): Promise<void> {
  if (!(await mayMailRecipient(db, "existing-account", email))) return;
  const reader = await readerOf(await languageOfAddress(db, email));
  await queueAccountMail(
    db,
    { to: email, ...existingAccountMail(reader, { appUrl: env().APP_URL }) },
    "account.existing",
  );
}

/** Tells the owner of an account that it has seen many failed sign-ins (a link, no detail). */
export async function notifyFailedSignIns(db: Db, email: string): Promise<void> {
  const reader = await readerOf(await languageOfAddress(db, email));
  await queueAccountMail(
    db,
    { to: email, ...failedSignInsMail(reader, { appUrl: env().APP_URL }) },
    "account.sign-in-alert",
  );
}

/** Deletes the user's other reset rows that are not newer than the one kept (newest wins). */
async function supersedeOlderResetRows(
  db: Pick<Db, "select" | "delete">,
  userId: string,
  keepIdentifier: string,
): Promise<void> {
  const [kept] = await db
    .select({ id: verifications.id, createdAt: verifications.createdAt })
    .from(verifications)
    .where(eq(verifications.identifier, keepIdentifier))
    .limit(1);
  const others = and(
    eq(verifications.value, userId),
    like(verifications.identifier, `${RESET_IDENTIFIER_PREFIX}%`),
    ne(verifications.identifier, keepIdentifier),
  );
  await db
    .delete(verifications)
    .where(
      kept
        ? and(
            others,
            or(
              lt(verifications.createdAt, kept.createdAt),
              and(eq(verifications.createdAt, kept.createdAt), lt(verifications.id, kept.id)),
            ),
          )
        : others,
    );
}

/** Headers for a better-auth server call: the caller's cookie and agent, and the client IP we trust. */
export function authHeaders(request: Request | undefined, ip: string): Headers {
  const headers = new Headers();
  const cookie = request?.headers.get("cookie");
  const agent = request?.headers.get("user-agent");
  if (cookie) headers.set("cookie", cookie);
  if (agent) headers.set("user-agent", agent.slice(0, 512));
  headers.set(CLIENT_IP_HEADER, ip);
  return headers;
}
