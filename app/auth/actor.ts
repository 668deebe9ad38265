import { DEFAULT_LOCALE, type Locale } from "../i18n/locales";
import type { Role } from "./roles";

/**
 * Who is asking (client-safe types and pure gate rules). The server builds it once per request
 * in actor.server.ts; pages read it to choose a screen, domain functions to enforce the rules.
 */
export type AnonymousActor = { kind: "anonymous" };
export type UserActor = {
  kind: "user";
  id: string;
  email: string;
  fullName: string;
  /** The effective role: user_roles.role when a row exists, else users.role (spec section 3). */
  role: Role;
  /** Doctors: is_verified. Administrators: their approval status is "approved". */
  approved: boolean;
  facilityId: string | null;
  specialty: string | null;
  /** Set when a system administrator declined the account: the reason the person reads. */
  declineReason?: string | null;
  /** The language of their emails (decision 048; English when unknown). */
  language?: "en" | "fr";
};
export type Actor = AnonymousActor | UserActor;

/**
 * A hospital system calling the FHIR API (decision 034), known by its bearer token: a registered
 * client of one facility (it acts on that facility's referrals as its administrators may) or of
 * the network (`facilityId` null: reads every referral, changes none). Not a person, so not an
 * `Actor`: only the domain functions the API calls take it, and they say so in their types.
 */
export type ClientActor = {
  kind: "client";
  id: string;
  name: string;
  facilityId: string | null;
  /** The SMART scopes its token was granted (e.g. `system/*.rs`, `system/Task.u`). */
  scopes: readonly string[];
};

export const ANONYMOUS: AnonymousActor = Object.freeze({ kind: "anonymous" });

/**
 * The gated screens: the three dashboards, the create-referral page, History (every role), and the
 * facility screens (the profile editor and the reports queue: facility and system administrators).
 */
export type GatedArea =
  | "doctor"
  | "facility-admin"
  | "system-admin"
  | "referrals-create"
  | "history"
  | "facility-editor"
  | "account";

export type Gate =
  | { kind: "allowed"; actor: UserActor }
  | { kind: "anonymous" }
  | { kind: "denied"; message: string }
  | { kind: "pending"; role: Role }
  | { kind: "declined"; role: Role; reason: string };

/** The roles an area is for (null: every role). */
const AREA_ROLES: Record<GatedArea, readonly Role[] | null> = {
  history: null,
  doctor: ["doctor"],
  "referrals-create": ["doctor"],
  "facility-admin": ["facility_admin"],
  "system-admin": ["system_admin"],
  "facility-editor": ["facility_admin", "system_admin"],
  account: null,
};

/**
 * Areas open to a signed-in account whatever its approval: a referral's own page and its review
 * (what a pending or declined account may see there is the referral's own rule), and the
 * registration number an account gives while it awaits approval.
 */
const OPEN_BEFORE_APPROVAL: ReadonlySet<GatedArea> = new Set(["account"]);

/** The wrong-role texts of spec section 6, word for word. */
export const DENIED_MESSAGES: Record<GatedArea, string> = {
  doctor: "This dashboard is only available for doctors.",
  "referrals-create": "Only doctors can create referrals.",
  "facility-admin": "This dashboard is only available for facility administrators.",
  "system-admin": "Access denied",
  history: "Access denied",
  "facility-editor": "This page is only available for facility and system administrators.",
  account: "Access denied",
};

/**
 * Anonymous -> Authentication Required; another role -> Access Denied (with the spec's text);
 * the right role awaiting approval -> Account Pending Approval; else allowed.
 */
export function gateFor(actor: Actor, area: GatedArea): Gate {
  if (actor.kind === "anonymous") return { kind: "anonymous" };
  const roles = AREA_ROLES[area];
  if (roles !== null && !roles.includes(actor.role)) return { kind: "denied", message: DENIED_MESSAGES[area] };
  if (!actor.approved && !OPEN_BEFORE_APPROVAL.has(area)) {
    return actor.declineReason
      ? { kind: "declined", role: actor.role, reason: actor.declineReason }
      : { kind: "pending", role: actor.role };
  }
  return { kind: "allowed", actor };
}

/** What a page may show about the signed-in user (no more than the shell needs). */
export type ActorSummary = { fullName: string; email: string; role: Role; approved: boolean } | null;

export function summarise(actor: Actor): ActorSummary {
  return actor.kind === "user"
    ? { fullName: actor.fullName, email: actor.email, role: actor.role, approved: actor.approved }
    : null;
}

/** The language the person reads the platform in (decision 044): their own, English for a visitor. */
export function localeOfActor(actor: Actor): Locale {
  return actor.kind === "user" ? (actor.language ?? DEFAULT_LOCALE) : DEFAULT_LOCALE;
}

/** A gate that refused: what its screen shows. */
export type RefusedGate = Exclude<Gate, { kind: "allowed" }>;

/** The message of a refused gate, as actions and the matrix read it (spec section 6). */
export function gateMessage(gate: RefusedGate): string {
  switch (gate.kind) {
    case "anonymous":
      return "Authentication Required";
    case "denied":
      return gate.message;
    case "pending":
      return "Account Pending Approval";
    case "declined":
      return "Account Declined";
  }
}
