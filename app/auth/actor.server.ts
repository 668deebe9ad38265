import { eq } from "drizzle-orm";
import { refuse } from "~/lib/refusal";
import type { Db } from "../db/client.server.ts";
import { sessions, userRoles, users } from "../db/schema.ts";
import { env } from "../env.server.ts";
import { type Actor, ANONYMOUS, type GatedArea, gateFor, type UserActor } from "./actor.ts";
import { authFor, authHeaders, COOKIE_PREFIX } from "./auth.server.ts";

export type { Actor, ClientActor, GatedArea, UserActor } from "./actor.ts";

/**
 * What reading a request's session gives: the actor; the Set-Cookie headers it produced (the
 * renewed session cookie, or its removal); `ended` when the request carried a session cookie whose
 * session has ended (idle, too old, signed out elsewhere).
 */
export type LoadedActor = { actor: Actor; headers: Headers; ended: boolean };
type Loaded = LoadedActor;
const perRequest = new WeakMap<Request, Promise<Loaded>>();
const SESSION_COOKIE = `${COOKIE_PREFIX}.session_token=`;

/**
 * The actor of a request: anonymous, or the signed-in user with their effective role and
 * approval. Loaded once per request (every loader of a page shares it); a request without a
 * session cookie costs no database round trip.
 */
export async function getActor(db: Db, request: Request): Promise<Actor> {
  return (await load(db, request)).actor;
}

/**
 * Set-Cookie headers produced while loading the actor: the renewed session cookie (sessions are
 * extended while in use) or its removal when the session ended. Loaders return them with their data.
 */
export async function actorHeaders(db: Db, request: Request): Promise<Headers> {
  return (await load(db, request)).headers;
}

/**
 * `loadActor` memoized by request, while routes still call getActor(db, request) beside actorOf
 * (context.server.ts), so that a request mixing both reads its session once.
 */
export function load(db: Db, request: Request): Promise<Loaded> {
  let pending = perRequest.get(request);
  if (!pending) {
    pending = loadActor(db, request);
    perRequest.set(request, pending);
  }
  return pending;
}

/** True when a session is past the longest a session may last after sign-in (SESSION_MAX_HOURS). */
export function pastMaxAge(createdAt: Date, now = new Date()): boolean {
  return now.getTime() - createdAt.getTime() >= env().SESSION_MAX_HOURS * 3_600_000;
}

/** Removes the session cookie (both names: plain, and __Secure- over https). */
function clearSessionCookie(headers: Headers): void {
  const secure = env().APP_URL.startsWith("https:");
  const name = `${secure ? "__Secure-" : ""}${SESSION_COOKIE.slice(0, -1)}`;
  headers.append("Set-Cookie", `${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`);
}

/**
 * Reads the request's session: no database round trip without a session cookie. Not memoized:
 * the actor middleware (context.server.ts) calls it at most once per request.
 */
export async function loadActor(db: Db, request: Request): Promise<LoadedActor> {
  if (!request.headers.get("cookie")?.includes(SESSION_COOKIE)) {
    return { actor: ANONYMOUS, headers: new Headers(), ended: false };
  }
  const { headers, response } = await authFor(db).api.getSession({
    headers: authHeaders(request, "unknown"),
    returnHeaders: true,
  });
  const setCookies = new Headers();
  for (const cookie of headers.getSetCookie()) setCookies.append("Set-Cookie", cookie);
  if (!response) {
    if (setCookies.getSetCookie().length === 0) clearSessionCookie(setCookies);
    return { actor: ANONYMOUS, headers: setCookies, ended: true };
  }
  if (pastMaxAge(new Date(response.session.createdAt))) {
    // Active or not, a session ends SESSION_MAX_HOURS after sign-in (ASVS 3.3.1 level 2).
    await db.delete(sessions).where(eq(sessions.id, response.session.id));
    const cleared = new Headers();
    clearSessionCookie(cleared);
    return { actor: ANONYMOUS, headers: cleared, ended: true };
  }
  return { actor: await actorById(db, response.user.id), headers: setCookies, ended: false };
}

/** True when the request's session cookie named a session that has ended: the sign-in page says why. */
export async function sessionEnded(db: Db, request: Request): Promise<boolean> {
  return (await load(db, request)).ended;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The actor for a user id (anonymous when the user does not exist or the id is malformed). */
export async function actorById(db: Db, userId: string): Promise<Actor> {
  if (!UUID.test(userId)) return ANONYMOUS;
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      role: users.role,
      roleOverride: userRoles.role,
      isVerified: users.isVerified,
      approvalStatus: users.approvalStatus,
      declineReason: users.declineReason,
      facilityId: users.facilityId,
      specialty: users.specialty,
      language: users.language,
    })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return ANONYMOUS;
  const role = row.roleOverride ?? row.role;
  return {
    kind: "user",
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    role,
    approved:
      row.approvalStatus !== "declined" && (role === "doctor" ? row.isVerified : row.approvalStatus === "approved"),
    facilityId: row.facilityId,
    specialty: row.specialty,
    declineReason: row.approvalStatus === "declined" ? row.declineReason : null,
    language: row.language,
  };
}

/** The signed-in user, or a thrown 401 "Authentication Required". */
export async function requireUser(db: Db, request: Request): Promise<UserActor> {
  const actor = await getActor(db, request);
  if (actor.kind === "anonymous") refuse(401, "Authentication Required");
  return actor;
}

/**
 * The server side of the gate screens, for actions and domain functions: the actor when the
 * area allows it; else a thrown 401 (anonymous) or 403 (wrong role, awaiting approval, declined).
 */
export function assertGate(actor: Actor, area: GatedArea): UserActor {
  const gate = gateFor(actor, area);
  switch (gate.kind) {
    case "allowed":
      return gate.actor;
    case "anonymous":
      return refuse(401, "Authentication Required");
    case "denied":
      return refuse(403, gate.message);
    case "pending":
      return refuse(403, "Account Pending Approval");
    case "declined":
      return refuse(403, "Account Declined");
  }
}

/** True for an approved system administrator: the only actor who may approve accounts. */
export function isApprovedSystemAdmin(actor: Actor): actor is UserActor {
  return actor.kind === "user" && actor.role === "system_admin" && actor.approved;
}
