import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** Founding-member sign-ups for coming-soon hubs (spec section 3, decisions section 5). */
export const hubWaitlist = pgTable(
  "hub_waitlist",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    hubId: text("hub_id").notNull(),
    email: text("email").notNull(),
    userType: text("user_type", { enum: ["professional", "facility"] }).notNull(),
    fullName: text("full_name"),
    specialty: text("specialty"),
    professionalTitle: text("professional_title"),
    yearsOfExperience: integer("years_of_experience"),
    facilityName: text("facility_name"),
    facilityType: text("facility_type"),
    country: text("country"),
    phone: text("phone"),
    message: text("message"),
    notified: boolean("notified").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("hub_waitlist_hub_email_key").on(t.hubId, sql`lower(${t.email})`),
    index("hub_waitlist_created_at_idx").on(t.createdAt.desc()),
  ],
);

/** Messages sent through the contact form; each is also emailed to CONTACT_INBOX. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_created_at_idx").on(t.createdAt.desc())],
);

export type FacilityContact = {
  phones: string[];
  email: string;
  website?: string;
  address: string;
  facebook?: string;
  instagram?: string;
};
export type FacilitySpecialty = { name: string; description: string };

/**
 * What the directory's search box looks in: name, location and description, one per line
 * (a search cannot span two fields). The same expression is trigram-indexed below.
 */
export function facilitySearchDocument(t: { name: AnyPgColumn; location: AnyPgColumn; description: AnyPgColumn }) {
  return sql`(${t.name} || chr(10) || ${t.location} || chr(10) || ${t.description})`;
}

/**
 * One table for the public directory, the profile pages and the referral form's select
 * (decisions section 3). Array columns carry GIN indexes for the directory filters.
 */
export const facilities = pgTable(
  "facilities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    type: text("type", { enum: ["hospital", "clinic", "diagnostic", "specialty"] }).notNull(),
    location: text("location").notNull(),
    country: text("country").notNull(),
    address: text("address").notNull(),
    description: text("description").notNull(),
    rating: numeric("rating", { precision: 2, scale: 1, mode: "number" }).notNull().default(0),
    reviews: integer("reviews").notNull().default(0),
    specialties: text("specialties").array().notNull().default(sql`'{}'::text[]`),
    /** Services offered, as shown on the profile. */
    services: text("services").array().notNull().default(sql`'{}'::text[]`),
    /** The directory's services filter codes: emergency, surgery, diagnostics, pharmacy. */
    serviceCategories: text("service_categories").array().notNull().default(sql`'{}'::text[]`),
    languages: text("languages").array().notNull().default(sql`'{}'::text[]`),
    insurance: text("insurance").array().notNull().default(sql`'{}'::text[]`),
    image: text("image").notNull(),
    verified: boolean("verified").notNull().default(false),
    emergency: boolean("emergency").notNull().default(false),
    about: text("about").notNull().default(""),
    mission: text("mission"),
    vision: text("vision"),
    partnerships: text("partnerships").array(),
    specialtyDetails: jsonb("specialty_details").$type<FacilitySpecialty[]>().notNull().default([]),
    professionals: text("professionals").array().notNull().default(sql`'{}'::text[]`),
    contact: jsonb("contact").$type<FacilityContact>().notNull(),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("facilities_slug_key").on(t.slug),
    index("facilities_active_name_idx").on(t.isActive, sql`lower(${t.name})`),
    // Covers the directory's count: filtered counts read this narrow index, not the wide rows.
    index("facilities_directory_idx").on(t.isActive, t.country, t.type, t.specialties, t.serviceCategories),
    index("facilities_specialties_idx").using("gin", t.specialties),
    index("facilities_service_categories_idx").using("gin", t.serviceCategories),
    // Case-insensitive substring search (ILIKE '%q%') without reading every row.
    index("facilities_search_idx").using("gin", sql`${facilitySearchDocument(t)} gin_trgm_ops`),
  ],
);

/**
 * Fixed-window counters for rate limits, shared by every app server
 * (in-memory limits would multiply with the number of servers).
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});

/* ---------------------------------------------------------------------------------------------
 * Accounts (issue 6). better-auth owns users/sessions/accounts/verifications through its drizzle
 * adapter (see app/auth/auth.server.ts for the field mapping); the profile columns are the spec's
 * (section 3). Ids are UUIDs like every other table.
 * ------------------------------------------------------------------------------------------- */

export const ROLES = ["doctor", "facility_admin", "system_admin"] as const;
export type Role = (typeof ROLES)[number];
export const APPROVAL_STATUSES = ["pending", "approved"] as const;

const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * One row per person: the auth identity and the profile. `is_verified` is the spec's doctor
 * approval; `approval_status` is the approval of every account (administrators included);
 * approving sets both. `email_verified` is the confirmed address (the emailed link).
 */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    phone: text("phone"),
    role: text("role", { enum: ROLES }).notNull().default("doctor"),
    specialty: text("specialty"),
    isVerified: boolean("is_verified").notNull().default(false),
    facilityId: uuid("facility_id").references(() => facilities.id, { onDelete: "set null" }),
    approvalStatus: text("approval_status", { enum: APPROVAL_STATUSES }).notNull().default("pending"),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    approvedBy: uuid("approved_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    index("users_created_at_idx").on(t.createdAt.desc()),
    index("users_role_verified_idx").on(t.role, t.isVerified),
    index("users_approval_status_idx").on(t.approvalStatus),
    index("users_facility_id_idx").on(t.facilityId),
    check("users_role_check", sql`${t.role} in ('doctor', 'facility_admin', 'system_admin')`),
    check("users_approval_status_check", sql`${t.approvalStatus} in ('pending', 'approved')`),
  ],
);

/** The role override of spec section 3: when a row exists, its role is the user's role. */
export const userRoles = pgTable(
  "user_roles",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [check("user_roles_role_check", sql`${t.role} in ('doctor', 'facility_admin', 'system_admin')`)],
);

/** Database sessions (better-auth); the cookie carries the signed token. */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    token: text("token").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("sessions_token_key").on(t.token), index("sessions_user_id_idx").on(t.userId)],
);

/** Credentials (better-auth): the scrypt password hash lives in the "credential" account. */
export const accounts = pgTable(
  "accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

/** One-time tokens (better-auth): password-reset links ("reset-password:<token>" -> user id). */
export const verifications = pgTable(
  "verifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier), index("verifications_value_idx").on(t.value)],
);

/**
 * Per-account sign-in throttle: failures counted in a 15-minute window; each lockout lasts
 * twice as long as the one before (a growing delay). Keyed by the normalised address whether
 * or not an account exists, so it reveals nothing.
 */
export const signInThrottles = pgTable("sign_in_throttles", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  lockouts: integer("lockouts").notNull().default(0),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});
