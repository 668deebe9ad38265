import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { authFor } from "~/auth/auth.server";
import type { Role } from "~/auth/roles";
import type { Db } from "~/db/client.server";
import { accounts, userRoles, users } from "~/db/schema";
import { signIn } from "~/features/accounts/accounts.server";

/**
 * Account factories for database tests: users straight into the tables (password hashed by
 * better-auth), and a signed-in session cookie for a request.
 */
export type TestAccount = { id: string; email: string; password: string };

let counter = 0;

export async function createAccount(
  db: Db,
  options: {
    role?: Role;
    /** Doctors: is_verified; administrators: approval status approved. Default false. */
    approved?: boolean;
    email?: string;
    password?: string;
    fullName?: string;
    emailVerified?: boolean;
    facilityId?: string | null;
    specialty?: string | null;
    /** A user_roles row (the effective role). */
    roleOverride?: Role;
    /**
     * The MDC registration number (doctors) or HeFRA licence number (facility
     * administrators). By default one is made up, as registration now asks; null: an account made
     * before numbers were asked, which is sent to give it after signing in.
     */
    registrationNumber?: string | null;
  } = {},
): Promise<TestAccount> {
  counter += 1;
  const role = options.role ?? "doctor";
  const email = (options.email ?? `user${counter}-${Date.now().toString(36)}@example.test`).toLowerCase();
  const password = options.password ?? "Correct-Horse-9";
  const approved = options.approved ?? false;
  const registrationNumber =
    options.registrationNumber === undefined
      ? `${role === "doctor" ? "MDC/RN" : "HEFRA/TEST"}/${String(counter).padStart(5, "0")}`
      : options.registrationNumber;
  const [user] = await db
    .insert(users)
    .values({
      fullName: options.fullName ?? `Test User ${counter}`,
      email,
      emailVerified: options.emailVerified ?? true,
      role,
      isVerified: approved,
      approvalStatus: approved ? "approved" : "pending",
      approvedAt: approved ? new Date() : null,
      facilityId: options.facilityId ?? null,
      specialty: options.specialty ?? null,
      phone: "0241234567",
      mdcNumber: role === "doctor" ? registrationNumber : null,
      hefraLicence: role === "facility_admin" ? registrationNumber : null,
    })
    .returning({ id: users.id });
  const hash = await hashOnce(db, password);
  await db.insert(accounts).values({ userId: user.id, accountId: user.id, providerId: "credential", password: hash });
  if (options.roleOverride) await db.insert(userRoles).values({ userId: user.id, role: options.roleOverride });
  return { id: user.id, email, password };
}

/**
 * Each password is hashed once per test process (scrypt takes 50-100 ms of a core, seconds on a
 * loaded machine, and hundreds of accounts are made): accounts that share a password share its
 * hash, which the real verify still checks on every sign-in. withFastPasswordHashes's hashes are
 * never kept.
 */
const hashes = new Map<string, Promise<string>>();
const fastHashing = new WeakSet<object>();
async function hashOnce(db: Db, password: string): Promise<string> {
  const context = await authFor(db).$context;
  if (fastHashing.has(context.password)) return context.password.hash(password);
  let hash = hashes.get(password);
  if (!hash) {
    hash = context.password.hash(password);
    hashes.set(password, hash);
    hash.catch(() => hashes.delete(password));
  }
  return hash;
}

/** Signs in through the real sign-in and returns the `name=value` session cookie. */
export async function sessionCookie(db: Db, account: Pick<TestAccount, "email" | "password">): Promise<string> {
  const result = await signIn(db, account, { ip: `10.9.${counter % 250}.${Math.floor(Math.random() * 250)}` });
  if (!result.ok) throw new Error(`sign-in failed: ${result.message}`);
  const cookie = result.headers.getSetCookie().find((c) => c.includes(".session_token="));
  if (!cookie) throw new Error("no session cookie");
  return cookie.split(";")[0];
}

/** A request as the browser would send it, with the given cookie. */
export function requestWith(cookie: string | null, url = "http://localhost:3000/dashboard/doctor"): Request {
  return new Request(url, { headers: cookie ? { cookie } : {} });
}

export async function setApproved(db: Db, userId: string, approved: boolean): Promise<void> {
  await db
    .update(users)
    .set({ isVerified: approved, approvalStatus: approved ? "approved" : "pending" })
    .where(eq(users.id, userId));
}

/**
 * For a test whose subject is how often people may try, not how a password is stored (the limits
 * of throttle.server.db.test.ts: hundreds of sign-ins and registrations): better-auth's scrypt
 * hash (about 50 ms of CPU each, several times that on a loaded machine) is replaced, for this
 * database handle only, by a salted SHA-256. Every other path (better-auth's sign-in and sign-up,
 * the hash of an unknown address's guess, our limits) runs as in production. A hash made before
 * the switch is still verified by scrypt. Returns the function that puts scrypt back.
 */
export async function withFastPasswordHashes(db: Db): Promise<() => void> {
  const context = await authFor(db).$context;
  const original = { ...context.password };
  const digest = (salt: string, password: string) => createHash("sha256").update(`${salt}:${password}`).digest("hex");
  context.password.hash = async (password) => {
    const salt = randomBytes(8).toString("hex");
    return `${FAST_HASH}${salt}:${digest(salt, password)}`;
  };
  context.password.verify = async ({ hash, password }) => {
    if (!hash.startsWith(FAST_HASH)) return original.verify({ hash, password });
    const [salt, hex] = hash.slice(FAST_HASH.length).split(":");
    return digest(salt, password) === hex;
  };
  fastHashing.add(context.password);
  return () => {
    Object.assign(context.password, original);
    fastHashing.delete(context.password);
  };
}
const FAST_HASH = "test-sha256:";
