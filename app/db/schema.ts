import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

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
    /** When the hub's notification reached this entry (the one that made it Notified). */
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    /**
     * The hub notification whose runner is emailing this Pending entry now, and since when (the
     * database's clock). A runner claims an entry before sending to it, only if it is unclaimed or
     * the claim is older than the lease; marking the entry Notified clears the claim.
     */
    notifyClaimedBy: uuid("notify_claimed_by"),
    notifyClaimedAt: timestamp("notify_claimed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("hub_waitlist_pending_idx").on(t.hubId, t.id).where(sql`not ${t.notified}`),
    uniqueIndex("hub_waitlist_hub_email_key").on(t.hubId, sql`lower(${t.email})`),
    index("hub_waitlist_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export const HUB_STATUSES = ["live", "coming-soon"] as const;
export type HubSalesPitch = { problem: string; agitation: string; solution: string; benefits: string[] };

/**
 * The specialty hubs (issue 17): seeded from app/content/hubs.ts on first start, then owned by the
 * database and edited by system administrators. `slug` is the public id (/hub/{slug}, the
 * waitlist's hub_id) and never changes.
 */
export const hubs = pgTable(
  "hubs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    /** Listing order (the home page shows the first six). */
    position: integer("position").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    icon: text("icon").notNull(),
    countries: text("countries").array().notNull().default(sql`'{}'::text[]`),
    color: text("color").notNull(),
    bgColor: text("bg_color").notNull(),
    specialties: text("specialties").array().notNull().default(sql`'{}'::text[]`),
    status: text("status", { enum: HUB_STATUSES }).notNull(),
    externalUrl: text("external_url"),
    /** The planned launch, a quarter ("2026-Q1") or a month ("2026-03"); coming-soon hubs. */
    launchDate: text("launch_date"),
    salesPitch: jsonb("sales_pitch").$type<HubSalesPitch>().notNull(),
    targetAudience: text("target_audience").array().notNull().default(sql`'{}'::text[]`),
    foundingMemberPerks: text("founding_member_perks").array().notNull().default(sql`'{}'::text[]`),
    foundingMemberCapacity: integer("founding_member_capacity").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("hubs_slug_key").on(t.slug),
    check("hubs_status_check", sql`${t.status} in ('live', 'coming-soon')`),
    check("hubs_capacity_check", sql`${t.foundingMemberCapacity} >= 0`),
  ],
);

/**
 * A message to a hub's waitlist (issue 17): the launch, or an update. Every entry still Pending
 * when it runs gets it once; `sent` counts progress, `finishedAt` is set when none is left.
 */
export const hubNotifications = pgTable(
  "hub_notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    hubId: uuid("hub_id")
      .notNull()
      .references(() => hubs.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["launch", "update"] }).notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** Entries Pending when it started. */
    total: integer("total").notNull(),
    sent: integer("sent").notNull().default(0),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("hub_notifications_hub_idx").on(t.hubId, t.createdAt)],
);

/** Who a notification reached: written with the entry's Notified mark, so a resumed run skips them. */
export const hubNotificationDeliveries = pgTable(
  "hub_notification_deliveries",
  {
    notificationId: uuid("notification_id")
      .notNull()
      .references(() => hubNotifications.id, { onDelete: "cascade" }),
    entryId: uuid("entry_id").notNull(),
    email: text("email").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.entryId] })],
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
  (t) => [index("contact_messages_created_at_idx").on(t.createdAt.desc().nullsFirst())],
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

/** A day's hours, "HH:MM" on the 24-hour clock, Ghana time; `closes` after `opens`. */
export type DayHours = { opens: string; closes: string };
/**
 * When a facility is open (issue 17): around the clock, or per weekday from Monday (index 0) to
 * Sunday (index 6), null for a closed day. The column is null while the hours are not known.
 */
export type OpeningHours = { allDay: true } | { allDay: false; week: (DayHours | null)[] };

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
    openingHours: jsonb("opening_hours").$type<OpeningHours>(),
    /** Accepts Ghana's National Health Insurance (NHIS): a directory filter. */
    nhisAccepted: boolean("nhis_accepted").notNull().default(false),
    /** The Health Facilities Regulatory Agency's licence number, as the facility gives it. */
    hefraLicence: text("hefra_licence"),
    /** When a system administrator last checked the licence (the "Licence verified" badge); only they set it. */
    licenceVerifiedOn: date("licence_verified_on", { mode: "string" }),
    /** The current photo (facility_photos); null: the drawn illustration. */
    photoId: uuid("photo_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("facilities_slug_key").on(t.slug),
    index("facilities_active_name_idx").on(t.isActive, sql`lower(${t.name})`),
    // Covers the directory's count: filtered counts read this narrow index, not the wide rows.
    index("facilities_directory_idx").on(t.isActive, t.country, t.type, t.specialties, t.serviceCategories),
    index("facilities_nhis_idx").on(t.isActive, t.nhisAccepted),
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
/** "declined": a system administrator refused the account, with a reason the person reads when they sign in. */
export const APPROVAL_STATUSES = ["pending", "approved", "declined"] as const;

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
    declinedAt: timestamp("declined_at", { withTimezone: true }),
    declinedBy: uuid("declined_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    declineReason: text("decline_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    index("users_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("users_role_verified_idx").on(t.role, t.isVerified),
    index("users_approval_status_idx").on(t.approvalStatus),
    // Growth over time: accounts approved per month.
    index("users_approved_at_idx").on(t.approvedAt),
    index("users_facility_id_idx").on(t.facilityId),
    // The administrator's account search (name or email, ILIKE '%q%'), trigram-indexed.
    index("users_search_idx").using("gin", sql`${userSearchDocument(t)} gin_trgm_ops`),
    check("users_role_check", sql`${t.role} in ('doctor', 'facility_admin', 'system_admin')`),
    check("users_approval_status_check", sql`${t.approvalStatus} in ('pending', 'approved', 'declined')`),
    check(
      "users_declined_check",
      sql`(${t.approvalStatus} = 'declined') = (${t.declinedAt} is not null and ${t.declineReason} is not null)`,
    ),
  ],
);

/** What the administrator's account search looks in: the name and the email, one per line. */
export function userSearchDocument(t: { fullName: AnyPgColumn; email: AnyPgColumn }) {
  return sql`(${t.fullName} || chr(10) || ${t.email})`;
}

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

/* ---------------------------------------------------------------------------------------------
 * Referral platform (issue 7): patients, referrals, payouts to doctors and the audit log.
 * Money is integer pesewas (decisions section 6); the server sets the fee (decisions section 4).
 * ------------------------------------------------------------------------------------------- */

export const REFERRAL_STATUSES = ["pending", "accepted", "rejected", "completed", "cancelled"] as const;
export const URGENCY_LEVELS = ["routine", "urgent", "emergency"] as const;
export const PAYMENT_STATUSES = ["pending", "paid"] as const;

/**
 * A patient, identified by their normalised phone number (the spec reuses a patient by phone).
 * The first referral's details are kept here; each referral keeps the details its doctor typed.
 */
export const patients = pgTable(
  "patients",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    fullName: text("full_name").notNull(),
    phone: text("phone").notNull(),
    email: text("email"),
    dateOfBirth: date("date_of_birth"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("patients_phone_key").on(t.phone)],
);

/**
 * A referral from a doctor to a facility. The patient's details as the referring doctor entered
 * them are kept on the referral, so a doctor who reuses a patient (same phone) neither sees nor
 * changes what another doctor entered (decisions section 4).
 */
export const referrals = pgTable(
  "referrals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    referralNumber: text("referral_number").notNull().default(sql`next_referral_number()`),
    doctorId: uuid("doctor_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    facilityId: uuid("facility_id")
      .notNull()
      .references(() => facilities.id, { onDelete: "restrict" }),
    patientId: uuid("patient_id")
      .notNull()
      .references(() => patients.id, { onDelete: "restrict" }),
    patientName: text("patient_name").notNull(),
    patientPhone: text("patient_phone").notNull(),
    patientEmail: text("patient_email"),
    patientDateOfBirth: date("patient_date_of_birth"),
    chiefComplaint: text("chief_complaint").notNull(),
    clinicalNotes: text("clinical_notes"),
    urgencyLevel: text("urgency_level", { enum: URGENCY_LEVELS }).notNull().default("routine"),
    status: text("status", { enum: REFERRAL_STATUSES }).notNull().default("pending"),
    createdAt: createdAt(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    rejectedAt: timestamp("rejected_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    rejectionReason: text("rejection_reason"),
    /** What the facility did, found and advises (required when completing: issue 19). */
    outcomeNote: text("outcome_note"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancellationReason: text("cancellation_reason"),
    /** The queue's order: emergency 0, urgent 1, routine 2 (kept by the database). */
    urgencyRank: smallint("urgency_rank")
      .notNull()
      .generatedAlwaysAs(sql`case urgency_level when 'emergency' then 0 when 'urgent' then 1 else 2 end`),
    referralFee: integer("referral_fee").notNull(),
    doctorShare: integer("doctor_share").notNull(),
    platformShare: integer("platform_share").notNull(),
  },
  (t) => [
    uniqueIndex("referrals_referral_number_key").on(t.referralNumber),
    index("referrals_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("referrals_status_created_at_idx").on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("referrals_doctor_created_at_idx").on(t.doctorId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The doctor's stat cards: counts per status and the earnings sum, from the index alone.
    index("referrals_doctor_status_idx").on(t.doctorId, t.status, t.doctorShare),
    index("referrals_facility_status_created_at_idx").on(
      t.facilityId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("referrals_facility_accepted_at_idx").on(t.facilityId, t.acceptedAt),
    index("referrals_facility_completed_at_idx").on(t.facilityId, t.completedAt),
    index("referrals_patient_id_idx").on(t.patientId),
    // The facility's queue: most urgent first, then oldest first.
    index("referrals_facility_queue_idx").on(t.facilityId, t.status, t.urgencyRank, t.createdAt, t.id),
    // History search by referral number or patient name (ILIKE '%q%'), trigram-indexed.
    index("referrals_search_idx").using("gin", sql`${referralSearchDocument(t)} gin_trgm_ops`),
    check("referrals_status_check", sql`${t.status} in ('pending', 'accepted', 'rejected', 'completed', 'cancelled')`),
    check("referrals_urgency_level_check", sql`${t.urgencyLevel} in ('routine', 'urgent', 'emergency')`),
    check(
      "referrals_fee_check",
      sql`${t.referralFee} >= 0 and ${t.doctorShare} >= 0 and ${t.platformShare} >= 0 and ${t.referralFee} = ${t.doctorShare} + ${t.platformShare}`,
    ),
    check("referrals_chief_complaint_check", sql`char_length(${t.chiefComplaint}) between 1 and 500`),
    check("referrals_clinical_notes_check", sql`char_length(${t.clinicalNotes}) <= 5000`),
    check(
      "referrals_rejection_check",
      sql`(${t.status} = 'rejected') = (${t.rejectedAt} is not null and ${t.rejectionReason} is not null)`,
    ),
    check(
      "referrals_cancellation_check",
      sql`(${t.status} = 'cancelled') = (${t.cancelledAt} is not null and ${t.cancellationReason} is not null)`,
    ),
    check("referrals_outcome_note_check", sql`char_length(${t.outcomeNote}) between 1 and 5000`),
  ],
);

/** What History's search looks in: the referral number and the patient's name, one per line. */
export function referralSearchDocument(t: { referralNumber: AnyPgColumn; patientName: AnyPgColumn }) {
  return sql`(${t.referralNumber} || chr(10) || ${t.patientName})`;
}

/** Raw bytes (PostgreSQL bytea): attachments live in the database (decision 019). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

/** Short messages between the referring doctor and the receiving facility (issue 19). */
export const referralMessages = pgTable(
  "referral_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    referralId: uuid("referral_id")
      .notNull()
      .references(() => referrals.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("referral_messages_referral_idx").on(t.referralId, t.createdAt),
    check("referral_messages_body_check", sql`char_length(${t.body}) between 1 and 2000`),
  ],
);

export const ATTACHMENT_TYPES = ["application/pdf", "image/jpeg", "image/png", "image/webp"] as const;

/** Files attached to a referral: a letter, a result, a scan (issue 19); at most 10 MB each, 10 per referral. */
export const referralAttachments = pgTable(
  "referral_attachments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    referralId: uuid("referral_id")
      .notNull()
      .references(() => referrals.id, { onDelete: "cascade" }),
    uploaderId: uuid("uploader_id").references(() => users.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    /** Decided from the file's first bytes, never from its name or the browser's word. */
    contentType: text("content_type", { enum: ATTACHMENT_TYPES }).notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    sha256: text("sha256").notNull(),
    content: bytea("content").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("referral_attachments_referral_idx").on(t.referralId, t.createdAt),
    check("referral_attachments_size_check", sql`${t.sizeBytes} between 1 and 10485760`),
    check(
      "referral_attachments_type_check",
      sql`${t.contentType} in ('application/pdf', 'image/jpeg', 'image/png', 'image/webp')`,
    ),
    check("referral_attachments_name_check", sql`char_length(${t.fileName}) between 1 and 255`),
  ],
);

/**
 * Running totals per referral status, kept by a statement-level trigger on referrals (see the
 * migration), so the system administrator's cards do not count a million rows on every visit.
 */
export const referralTotals = pgTable("referral_totals", {
  status: text("status", { enum: REFERRAL_STATUSES }).primaryKey(),
  referrals: bigint("referrals", { mode: "number" }).notNull().default(0),
  doctorShare: bigint("doctor_share", { mode: "number" }).notNull().default(0),
  platformShare: bigint("platform_share", { mode: "number" }).notNull().default(0),
});

/*
 * Insight rollups (issue 18, migration 0004, decision 020): kept in the writer's transaction by
 * statement triggers on referrals, like referral_totals. The network's figures are per day and
 * urgency (a few thousand rows however many facilities); a facility's are per week and per month
 * (the charts' two units). Response times are histograms: bucket = floor(10 * ln(1 + minutes)),
 * so a median read from them is within about 5%.
 */

/** Referrals per day of creation in Ghana, urgency and current status, with their shares. */
export const referralDaily = pgTable(
  "referral_daily",
  {
    day: date("day").notNull(),
    urgencyLevel: text("urgency_level", { enum: URGENCY_LEVELS }).notNull(),
    status: text("status", { enum: REFERRAL_STATUSES }).notNull(),
    referrals: integer("referrals").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.urgencyLevel, t.status] })],
);

const facilityCounts = (period: "week" | "month") => ({
  [period]: date(period).notNull(),
  facilityId: uuid("facility_id").notNull(),
  status: text("status", { enum: REFERRAL_STATUSES }).notNull(),
  referrals: integer("referrals").notNull().default(0),
});

/** Referrals per facility, week of creation (Monday, in Ghana) and current status. */
export const referralFacilityWeekly = pgTable("referral_facility_weekly", facilityCounts("week"), (t) => [
  primaryKey({ columns: [t.week, t.facilityId, t.status] }),
]);

/** Referrals per facility, month of creation (in Ghana) and current status. */
export const referralFacilityMonthly = pgTable("referral_facility_monthly", facilityCounts("month"), (t) => [
  primaryKey({ columns: [t.month, t.facilityId, t.status] }),
]);

const RESPONSE_KINDS = ["accept", "complete"] as const;

/**
 * Times to accept (since creation) and to complete (since acceptance) per day of the event in
 * Ghana and urgency, as a histogram; the completion rows carry the money earned that day.
 */
export const referralResponseDaily = pgTable(
  "referral_response_daily",
  {
    day: date("day").notNull(),
    urgencyLevel: text("urgency_level", { enum: URGENCY_LEVELS }).notNull(),
    kind: text("kind", { enum: RESPONSE_KINDS }).notNull(),
    bucket: smallint("bucket").notNull(),
    referrals: integer("referrals").notNull().default(0),
    doctorShare: bigint("doctor_share", { mode: "number" }).notNull().default(0),
    platformShare: bigint("platform_share", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.urgencyLevel, t.kind, t.bucket] })],
);

const facilityResponses = (period: "week" | "month") => ({
  [period]: date(period).notNull(),
  facilityId: uuid("facility_id").notNull(),
  kind: text("kind", { enum: RESPONSE_KINDS }).notNull(),
  bucket: smallint("bucket").notNull(),
  referrals: integer("referrals").notNull().default(0),
});

/** A facility's response-time histogram per week of the event (Monday, in Ghana). */
export const referralResponseFacilityWeekly = pgTable(
  "referral_response_facility_weekly",
  facilityResponses("week"),
  (t) => [primaryKey({ columns: [t.week, t.facilityId, t.kind, t.bucket] })],
);

/** A facility's response-time histogram per month of the event (in Ghana). */
export const referralResponseFacilityMonthly = pgTable(
  "referral_response_facility_monthly",
  facilityResponses("month"),
  (t) => [primaryKey({ columns: [t.month, t.facilityId, t.kind, t.bucket] })],
);

/**
 * Payouts per status and method (method "" while pending), kept by statement triggers on
 * payment_records (migration 0004): the overview's payout figures without counting every record.
 */
export const paymentTotals = pgTable(
  "payment_totals",
  {
    status: text("status", { enum: PAYMENT_STATUSES }).notNull(),
    method: text("method").notNull(),
    payouts: bigint("payouts", { mode: "number" }).notNull().default(0),
    amount: bigint("amount", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.method] })],
);

/** A payout owed to a doctor for a completed referral (one per referral). */
export const paymentRecords = pgTable(
  "payment_records",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    referralId: uuid("referral_id")
      .notNull()
      .references(() => referrals.id, { onDelete: "restrict" }),
    doctorId: uuid("doctor_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    amountDue: integer("amount_due").notNull(),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("pending"),
    paymentMethod: text("payment_method"),
    paymentReference: text("payment_reference"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    paidBy: uuid("paid_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("payment_records_referral_id_key").on(t.referralId),
    index("payment_records_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("payment_records_doctor_id_idx").on(t.doctorId),
    check("payment_records_status_check", sql`${t.status} in ('pending', 'paid')`),
    check("payment_records_amount_check", sql`${t.amountDue} >= 0`),
    check(
      "payment_records_paid_check",
      sql`(${t.status} = 'paid') = (${t.paidAt} is not null and ${t.paymentMethod} is not null and ${t.paymentReference} is not null)`,
    ),
  ],
);

/** Who did what, when: every referral transition, account approval and recorded payment. */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    subjectType: text("subject_type", {
      enum: ["referral", "user", "payment", "facility", "facility_report", "hub"],
    }).notNull(),
    subjectId: uuid("subject_id").notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status"),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_events_subject_idx").on(t.subjectType, t.subjectId, t.createdAt),
    index("audit_events_created_at_idx").on(t.createdAt.desc().nullsFirst()),
    // The audit log filtered by who acted.
    index("audit_events_actor_idx").on(t.actorId, t.createdAt.desc().nullsFirst()),
  ],
);

/**
 * A counter per kind of public content, raised by a statement trigger on every change to its
 * table (migration 0002): a rendered page built from that content stays valid while the counter
 * is unchanged (server/page-cache.ts). `facilities` covers the directory and the profiles.
 */
export const contentVersions = pgTable("content_versions", {
  name: text("name").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});

/**
 * A facility's uploaded photo (issue 17): the upload itself is not kept, only the WebP versions
 * sharp made of it (facility_photo_files), each served under the photo's id with a year of caching
 * (a new upload is a new id, so a kept copy never goes stale).
 */
export const facilityPhotos = pgTable(
  "facility_photos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    facilityId: uuid("facility_id")
      .notNull()
      .references(() => facilities.id, { onDelete: "cascade" }),
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("facility_photos_facility_idx").on(t.facilityId)],
);

/** One sized WebP version of a facility photo. */
export const facilityPhotoFiles = pgTable(
  "facility_photo_files",
  {
    photoId: uuid("photo_id")
      .notNull()
      .references(() => facilityPhotos.id, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (t) => [primaryKey({ columns: [t.photoId, t.width] })],
);

/** A facility's earlier addresses: a renamed facility answers at each with a redirect. */
export const facilitySlugHistory = pgTable("facility_slug_history", {
  slug: text("slug").primaryKey(),
  facilityId: uuid("facility_id")
    .notNull()
    .references(() => facilities.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

/** "Report wrong information" from a public profile, until an administrator resolves it. */
export const facilityReports = pgTable(
  "facility_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    facilityId: uuid("facility_id")
      .notNull()
      .references(() => facilities.id, { onDelete: "cascade" }),
    details: text("details").notNull(),
    email: text("email"),
    createdAt: createdAt(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: uuid("resolved_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("facility_reports_open_idx").on(t.facilityId, t.createdAt).where(sql`${t.resolvedAt} is null`)],
);
