import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
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

/** The languages of pages and emails, and of SMS texts (decision 048; app/i18n/message-language.ts). */
export const PAGE_LANGUAGES = ["en", "fr"] as const;
export const SMS_LANGUAGES = ["en", "fr", "ak"] as const;

/** Founding-member sign-ups for coming-soon hubs (spec section 3, decisions section 5). */
export const hubWaitlist = pgTable(
  "hub_waitlist",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    hubId: text("hub_id").notNull(),
    /**
     * Null only for a patient who gave a mobile number alone (decision 029, migration 0019): then the
     * phone (E.164) with SMS consent is how they are reached, and it is their identity on the list.
     */
    email: text("email"),
    // No database check on the values (drizzle/0000_init.sql): "patient" needed no migration.
    userType: text("user_type", { enum: ["professional", "facility", "patient"] }).notNull(),
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
    /** When the person agreed to launch and update SMS to `phone` (Ghana's Data Protection Act 2012). */
    smsConsentAt: timestamp("sms_consent_at", { withTimezone: true }),
    /** When they stopped them (the stop link in every SMS); no SMS after this. */
    smsStoppedAt: timestamp("sms_stopped_at", { withTimezone: true }),
    /** The language of the page they signed up on (decision 048): their emails and SMS are in it. */
    language: text("language", { enum: PAGE_LANGUAGES }).notNull().default("en"),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("hub_waitlist_pending_idx").on(t.hubId, t.id).where(sql`not ${t.notified}`),
    uniqueIndex("hub_waitlist_hub_email_key").on(t.hubId, sql`lower(${t.email})`),
    // A phone-only entry is keyed by its number (always E.164 there: SMS consent is required), one per
    // hub. Entries with an email are keyed by the email; their phone is a contact field (docs/decisions/029).
    uniqueIndex("hub_waitlist_hub_phone_only_key").on(t.hubId, t.phone).where(sql`${t.email} is null`),
    // Every entry can be reached: an email, or a patient's mobile number they agreed to get SMS on.
    check(
      "hub_waitlist_contact_check",
      sql`${t.email} is not null or (${t.userType} = 'patient' and ${t.phone} is not null and ${t.smsConsentAt} is not null)`,
    ),
    index("hub_waitlist_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check("hub_waitlist_language_check", sql`${t.language} in ('en', 'fr')`),
  ],
);

export const HUB_STATUSES = ["live", "coming-soon"] as const;
export type HubSalesPitch = { problem: string; agitation: string; solution: string; benefits: string[] };

/**
 * The specialty hubs (decision 021): seeded from app/content/hubs.ts on first start, then owned by the
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
    /** The title and description in French (decision 044); null: the French pages show the English, marked lang="en". */
    titleFr: text("title_fr"),
    descriptionFr: text("description_fr"),
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
 * A message to a hub's waitlist (decision 021): the launch, or an update. Every entry still Pending
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
    /** The address it was emailed to; null for a phone-only entry (migration 0019), told by SMS at `phone`. */
    email: text("email"),
    phone: text("phone"),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.entryId] }),
    check("hub_notification_deliveries_contact_check", sql`${t.email} is not null or ${t.phone} is not null`),
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
 * When a facility is open (decision 021): around the clock, or per weekday from Monday (index 0) to
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
    /**
     * The name as two facilities must not share it while both are active (decision 021): accents
     * dropped (NFKD), letter case folded, and everything but letters and digits removed (spaces,
     * punctuation, invisible characters). Computed by the database, so every writer gets it.
     */
    nameKey: text("name_key")
      .notNull()
      .generatedAlwaysAs(sql`lower(regexp_replace(normalize(name, NFKD), '[^[:alnum:]]+', '', 'g'))`),
    type: text("type", { enum: ["hospital", "clinic", "diagnostic", "specialty"] }).notNull(),
    location: text("location").notNull(),
    country: text("country").notNull(),
    address: text("address").notNull(),
    description: text("description").notNull(),
    /** The description in French (decision 044); null: the French pages show the English, marked lang="en". */
    descriptionFr: text("description_fr"),
    specialties: text("specialties").array().notNull().default(sql`'{}'::text[]`),
    /** Services offered, as shown on the profile. */
    services: text("services").array().notNull().default(sql`'{}'::text[]`),
    /** The directory's services filter codes: emergency, surgery, diagnostics, pharmacy. */
    serviceCategories: text("service_categories").array().notNull().default(sql`'{}'::text[]`),
    languages: text("languages").array().notNull().default(sql`'{}'::text[]`),
    insurance: text("insurance").array().notNull().default(sql`'{}'::text[]`),
    image: text("image").notNull(),
    /**
     * Retired (decision 021, migration 0010): the Verified tick is the HeFRA licence check
     * (`licenceVerifiedOn`); nothing reads this, and it stays false until it is dropped.
     */
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
    /** When a system administrator last checked the licence: the facility's one Verified tick ("HeFRA licence verified"); only they set it. */
    licenceVerifiedOn: date("licence_verified_on", { mode: "string" }),
    /** The current photo (facility_photos); null: the drawn illustration. */
    photoId: uuid("photo_id"),
    /** The number on duty for new and escalated referrals, in E.164: its admins edit it. */
    onCallPhone: text("on_call_phone"),
    /**
     * Where the facility is (WGS84 degrees), when its administrators give it: the FHIR Location's
     * `position` (decision 047). Both or neither.
     */
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("facilities_slug_key").on(t.slug),
    check(
      "facilities_position_check",
      sql`(${t.latitude} is null) = (${t.longitude} is null) and ${t.latitude} between -90 and 90 and ${t.longitude} between -180 and 180`,
    ),
    check(
      "facilities_on_call_phone_check",
      sql`${t.onCallPhone} is null or ${t.onCallPhone} ~ '^\\+[1-9][0-9]{6,14}$'`,
    ),
    // One active facility per name (the domain answers a field error first; this stops two saves at once).
    uniqueIndex("facilities_active_name_key").on(t.nameKey).where(sql`${t.isActive}`),
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
 * Accounts (decision 006). better-auth owns users/sessions/accounts/verifications through its drizzle
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
    /**
     * A system administrator's approval is two people's where two or more system administrators
     * exist (decision 033): the first approver, waiting for a second one to confirm.
     */
    adminApprovalRequestedBy: uuid("admin_approval_requested_by").references((): AnyPgColumn => users.id, {
      onDelete: "set null",
    }),
    adminApprovalRequestedAt: timestamp("admin_approval_requested_at", { withTimezone: true }),
    // The mobile number the person confirmed with a code (E.164): the only number SMS and WhatsApp go to (decision 025).
    confirmedPhone: text("confirmed_phone"),
    phoneConfirmedAt: timestamp("phone_confirmed_at", { withTimezone: true }),
    /**
     * When a confirmed number was last replaced or removed (decision 036): payout details cannot
     * change for 24 hours after it, since their confirmation code goes to the number.
     */
    phoneChangedAt: timestamp("phone_changed_at", { withTimezone: true }),
    /**
     * The professional registration the person gave: a doctor's Medical and Dental
     * Council (MDC) registration number; a facility administrator's facility's HeFRA licence number.
     */
    mdcNumber: text("mdc_number"),
    hefraLicence: text("hefra_licence"),
    /** When a system administrator recorded that they checked that number, and who: "Verified by Qurhealth on {date}". */
    registrationCheckedAt: timestamp("registration_checked_at", { withTimezone: true }),
    registrationCheckedBy: uuid("registration_checked_by").references((): AnyPgColumn => users.id, {
      onDelete: "set null",
    }),
    /**
     * The person's language (decision 048): their emails, and their SMS unless `smsLanguage` says
     * otherwise. The language of the page they registered on, then their choice.
     */
    language: text("language", { enum: PAGE_LANGUAGES }).notNull().default("en"),
    /** Their SMS and WhatsApp texts' language when it is not `language` (Twi has texts, no pages). */
    smsLanguage: text("sms_language", { enum: SMS_LANGUAGES }),
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
    check("users_language_check", sql`${t.language} in ('en', 'fr')`),
    check("users_sms_language_check", sql`${t.smsLanguage} in ('en', 'fr', 'ak')`),
    check(
      "users_declined_check",
      sql`(${t.approvalStatus} = 'declined') = (${t.declinedAt} is not null and ${t.declineReason} is not null)`,
    ),
    check(
      "users_confirmed_phone_check",
      sql`(${t.confirmedPhone} is null) = (${t.phoneConfirmedAt} is null) and (${t.confirmedPhone} is null or ${t.confirmedPhone} ~ '^\\+[1-9][0-9]{6,14}$')`,
    ),
    check("users_mdc_number_check", sql`char_length(${t.mdcNumber}) between 1 and 40`),
    check("users_hefra_licence_check", sql`char_length(${t.hefraLicence}) between 1 and 60`),
    // A check is of a number someone gave: no number, no check.
    check(
      "users_registration_checked_check",
      sql`${t.registrationCheckedAt} is null or ${t.mdcNumber} is not null or ${t.hefraLicence} is not null`,
    ),
  ],
);

/**
 * What each person is told, and how (decision 025): per kind of event the channels they chose (email,
 * sms, whatsapp), and their quiet hours (minutes after midnight, Africa/Accra, which is UTC all
 * year), which hold everything but emergencies. No row: the defaults in
 * app/features/notifications/notification-preferences.ts.
 */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    channels: jsonb("channels").$type<Record<string, string[]>>().notNull(),
    /** Quiet hours from and to (minutes after midnight); both null: none. */
    quietStart: smallint("quiet_start"),
    quietEnd: smallint("quiet_end"),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "notification_preferences_quiet_check",
      sql`(${t.quietStart} is null) = (${t.quietEnd} is null) and (${t.quietStart} is null or (${t.quietStart} between 0 and 1439 and ${t.quietEnd} between 0 and 1439))`,
    ),
  ],
);

export const PHONE_CODE_PURPOSES = ["confirm", "sign-in"] as const;

/**
 * Codes sent to confirm a phone number (decision 025), or to sign in with a confirmed one (decision 042):
 * 6 digits, kept as an HMAC (never the code), valid 5 minutes, 3 tries. Rows stay for a day so
 * that codes are counted per number (3 per 15 minutes, 10 a day), whoever asks for them.
 */
export const phoneConfirmations = pgTable(
  "phone_confirmations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    phone: text("phone").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: smallint("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** When the code was used: the number confirmed, or the person signed in with it. */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /**
     * What the code is for (decision 042): confirming a number, or signing in with the confirmed one.
     * Both count towards the number's and the account's limits; each is used only for its purpose.
     */
    purpose: text("purpose", { enum: PHONE_CODE_PURPOSES }).notNull().default("confirm"),
    createdAt: createdAt(),
  },
  (t) => [
    index("phone_confirmations_phone_idx").on(t.phone, t.createdAt),
    index("phone_confirmations_user_idx").on(t.userId, t.createdAt),
    check("phone_confirmations_attempts_check", sql`${t.attempts} between 0 and 3`),
    check("phone_confirmations_purpose_check", sql`${t.purpose} in ('confirm', 'sign-in')`),
  ],
);

/**
 * How system administrators may sign in (decision 042): at most one row (id SIGN_IN_POLICY_ID; none
 * means the defaults). `admins_password_only`: a system administrator signs in with their email
 * and password only, never with a code by SMS. Changed by a system administrator, audited.
 */
export const SIGN_IN_POLICY_ID = "00000000-0000-4000-8000-000000000042";
export const signInPolicy = pgTable(
  "sign_in_policy",
  {
    id: uuid("id").primaryKey(),
    adminsPasswordOnly: boolean("admins_password_only").notNull().default(false),
    changedBy: uuid("changed_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [check("sign_in_policy_one_row", sql`${t.id} = '00000000-0000-4000-8000-000000000042'::uuid`)],
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

export const ADMIN_INVITATION_STATUSES = ["awaiting_confirmation", "sent", "accepted", "revoked"] as const;
export type AdminInvitationStatus = (typeof ADMIN_INVITATION_STATUSES)[number];

/**
 * A system administrator is invited by another (decision 033; decisions section 2), never registered:
 * an emailed, single-use link that expires. Where two or more system administrators exist, a second
 * one (not the inviter) confirms the invitation before it is sent. Only the token's SHA-256 is kept.
 */
export const adminInvitations = pgTable(
  "admin_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    fullName: text("full_name").notNull(),
    tokenHash: text("token_hash").notNull(),
    status: text("status", { enum: ADMIN_INVITATION_STATUSES }).notNull(),
    invitedBy: uuid("invited_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    confirmedBy: uuid("confirmed_by").references(() => users.id, { onDelete: "set null" }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedUserId: uuid("accepted_user_id").references(() => users.id, { onDelete: "set null" }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    revokedBy: uuid("revoked_by").references(() => users.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("admin_invitations_token_hash_key").on(t.tokenHash),
    // One open invitation per address.
    uniqueIndex("admin_invitations_open_email_key")
      .on(sql`lower(${t.email})`)
      .where(sql`${t.status} in ('awaiting_confirmation', 'sent')`),
    check(
      "admin_invitations_status_check",
      sql`${t.status} in ('awaiting_confirmation', 'sent', 'accepted', 'revoked')`,
    ),
    // The second person is a second person.
    check("admin_invitations_confirmer_check", sql`${t.confirmedBy} is null or ${t.confirmedBy} <> ${t.invitedBy}`),
  ],
);

export const SPONSOR_KINDS = ["invited", "approved"] as const;

/**
 * Who brought a system administrator in (decision 033): the person who invited the account, and each
 * person who approved it (or gave it back its rights). Append-only. The payout rule reads it: an
 * approval counts only from someone outside the preparer's chain, and the preparer outside theirs.
 */
export const accountSponsors = pgTable(
  "account_sponsors",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sponsorId: uuid("sponsor_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: SPONSOR_KINDS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.sponsorId, t.kind] }),
    index("account_sponsors_sponsor_idx").on(t.sponsorId),
    check("account_sponsors_kind_check", sql`${t.kind} in ('invited', 'approved')`),
    check("account_sponsors_not_self_check", sql`${t.userId} <> ${t.sponsorId}`),
  ],
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
 * Referral platform (decision 007): patients, referrals, payouts to doctors and the audit log.
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
    /** What the facility did, found and advises (required when completing). */
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
    /** When a pending emergency (15 minutes) or urgent (4 hours) referral was escalated: once (decision 024). */
    escalatedAt: timestamp("escalated_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("referrals_referral_number_key").on(t.referralNumber),
    index("referrals_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("referrals_status_created_at_idx").on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Referrals waiting per urgency, and the oldest of each (every /metrics scrape), from the index alone.
    index("referrals_pending_urgency_idx").on(t.urgencyLevel, t.createdAt).where(sql`${t.status} = 'pending'`),
    index("referrals_doctor_created_at_idx").on(t.doctorId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The doctor's stat cards: counts per status and the earnings sum, from the index alone.
    index("referrals_doctor_status_idx").on(t.doctorId, t.status, t.doctorShare),
    index("referrals_facility_status_created_at_idx").on(
      t.facilityId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // A facility's referrals newest first, whatever their status (the FHIR API's Task and ServiceRequest
    // searches and their keyset pages, decision 034): a page reads its rows, not the facility's every row.
    index("referrals_facility_created_at_idx").on(
      t.facilityId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // What changed at a facility since a hospital system's last poll (FHIR `_lastUpdated`/`modified`,
    // decision 047): the latest transition, the expression exchange.server.ts's lastChangedAt compares.
    index("referrals_facility_changed_idx").on(
      t.facilityId,
      sql`greatest(${t.createdAt}, ${t.acceptedAt}, ${t.rejectedAt}, ${t.completedAt}, ${t.cancelledAt})`,
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

/**
 * The referring doctor's review of the facility a completed referral went to: one per
 * referral, 1 to 5 stars and an optional comment of at most 500 characters, editable for 30 days
 * after it was first written. The facility's rating is the average and count of these, nothing else.
 */
export const facilityReviews = pgTable(
  "facility_reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    referralId: uuid("referral_id")
      .notNull()
      .references(() => referrals.id, { onDelete: "cascade" }),
    facilityId: uuid("facility_id")
      .notNull()
      .references(() => facilities.id, { onDelete: "cascade" }),
    doctorId: uuid("doctor_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: smallint("rating").notNull(),
    comment: text("comment"),
    /**
     * When the reviewed facility (its administrator) or a system administrator reported the
     * comment: from then on the public profile leaves it out; the rating still counts.
     */
    commentReportedAt: timestamp("comment_reported_at", { withTimezone: true }),
    commentReportedBy: uuid("comment_reported_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("facility_reviews_referral_key").on(t.referralId),
    // The profile's average and count: from the index alone.
    index("facility_reviews_facility_idx").on(t.facilityId, t.rating),
    index("facility_reviews_doctor_idx").on(t.doctorId),
    check("facility_reviews_rating_check", sql`${t.rating} between 1 and 5`),
    check("facility_reviews_comment_check", sql`char_length(${t.comment}) between 1 and 500`),
  ],
);

/** Raw bytes (PostgreSQL bytea): attachments live in the database (decision 019). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

/** Short messages between the referring doctor and the receiving facility. */
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

/**
 * When each person last opened a referral's page: the queue's and History's "new
 * message" badges count the messages since, and a message shows Unread until the other side has
 * opened the page after it.
 */
export const referralReads = pgTable(
  "referral_reads",
  {
    referralId: uuid("referral_id")
      .notNull()
      .references(() => referrals.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.referralId, t.userId] })],
);

export const ATTACHMENT_TYPES = ["application/pdf", "image/jpeg", "image/png", "image/webp"] as const;

/** Files attached to a referral: a letter, a result, a scan (decision 023); at most 10 MB each, 10 per referral. */
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
    /**
     * Where the bytes are kept (docs/decisions/023): the key in the file store (a directory under
     * DATA_DIR, or an S3-compatible bucket). Files attached before the move to a file store had their bytes in
     * `content`; they are moved to the store when a server starts, `content` then emptied.
     */
    storageKey: text("storage_key"),
    content: bytea("content"),
    createdAt: createdAt(),
  },
  (t) => [
    index("referral_attachments_referral_idx").on(t.referralId, t.createdAt),
    // Exactly one home for the bytes: the file store or (before the move) the row itself.
    check("referral_attachments_home_check", sql`num_nonnulls(${t.storageKey}, ${t.content}) = 1`),
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
 * Insight rollups (migration 0004, decision 020): kept in the writer's transaction by
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
    /** The payout transfer that carries this record's money (decision 026); cleared if it fails. */
    payoutTransferId: uuid("payout_transfer_id").references((): AnyPgColumn => payoutTransfers.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("payment_records_referral_id_key").on(t.referralId),
    index("payment_records_payout_transfer_idx").on(t.payoutTransferId).where(sql`${t.payoutTransferId} is not null`),
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
    /** A hospital system that acted through the FHIR API (decision 034), instead of a person. */
    apiClientId: uuid("api_client_id").references(() => apiClients.id, { onDelete: "restrict" }),
    action: text("action").notNull(),
    subjectType: text("subject_type", {
      enum: [
        "referral",
        "user",
        "payment",
        "facility",
        "facility_report",
        "facility_review",
        "hub",
        "message",
        "admin_invitation",
        "appointment",
        "sign_in_policy",
        "api_client",
      ],
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
 * A facility's uploaded photo (decision 021): the upload itself is not kept, only the WebP versions
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

export const MESSAGE_CHANNELS = ["email", "sms", "whatsapp"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const MESSAGE_STATUSES = ["queued", "sent", "delivered", "failed", "undelivered"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/**
 * Every outbound message (decision 024): one row per recipient and channel, written in the same
 * transaction as its cause together with the job that sends it (app/features/messaging). `payload`
 * holds what to send (an email's subject and bodies, an SMS text) until it is sent; the row then
 * keeps only who, what kind, when and how it went. The row's id is the idempotency key handed to
 * providers and the Message-ID of an email, so a message sent again after a crash is the same one.
 */
export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    channel: text("channel", { enum: MESSAGE_CHANNELS }).notNull(),
    /** An email address, or an E.164 number (+233...). Shown masked. */
    recipient: text("recipient").notNull(),
    /** What caused it, e.g. referral.created, account.approved, hub.launch. */
    event: text("event").notNull(),
    status: text("status", { enum: MESSAGE_STATUSES }).notNull().default("queued"),
    payload: jsonb("payload").$type<Record<string, unknown>>(),
    /** Who sent it (smtp, outbox, arkesel, ...) and their id for it (delivery reports name it). */
    provider: text("provider"),
    providerId: text("provider_id"),
    attempts: integer("attempts").notNull().default(0),
    /** Billed SMS parts, and their cost in pesewas where the provider says. */
    segments: integer("segments"),
    costPesewas: integer("cost_pesewas"),
    lastError: text("last_error"),
    referralId: uuid("referral_id").references(() => referrals.id, { onDelete: "set null" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    index("messages_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("messages_status_idx").on(t.status, t.createdAt.desc()),
    index("messages_referral_idx").on(t.referralId).where(sql`${t.referralId} is not null`),
    uniqueIndex("messages_provider_id_key").on(t.provider, t.providerId).where(sql`${t.providerId} is not null`),
    check("messages_channel_check", sql`${t.channel} in ('email', 'sms', 'whatsapp')`),
    check("messages_status_check", sql`${t.status} in ('queued', 'sent', 'delivered', 'failed', 'undelivered')`),
    check("messages_attempts_check", sql`${t.attempts} >= 0`),
  ],
);

/**
 * A provider refusing our configuration (decision 035): an unapproved sender ID or WhatsApp template,
 * wrong keys, no credit. One row per provider and cause: counted while it lasts, the system
 * administrators told once when it starts (`alertedAt`), cleared when that provider next accepts a
 * message. The Messages screen shows the rows not cleared.
 */
export const providerAlerts = pgTable(
  "provider_alerts",
  {
    /** `{provider}:{code}`, e.g. hubtel:configuration. */
    key: text("key").primaryKey(),
    channel: text("channel", { enum: MESSAGE_CHANNELS }).notNull(),
    provider: text("provider").notNull(),
    /** The failure code (configuration, auth, no_credit). */
    code: text("code").notNull(),
    /** The provider's latest words (status, code, description): never a message's text or number. */
    detail: text("detail").notNull(),
    failures: integer("failures").notNull().default(1),
    firstAt: timestamp("first_at", { withTimezone: true }).notNull().defaultNow(),
    lastAt: timestamp("last_at", { withTimezone: true }).notNull().defaultNow(),
    clearedAt: timestamp("cleared_at", { withTimezone: true }),
  },
  (t) => [check("provider_alerts_channel_check", sql`${t.channel} in ('email', 'sms', 'whatsapp')`)],
);

/* ------------------------------------------------------------------------------------------------
 * Money: a double-entry ledger, payout details, payout runs and transfers (decision 026)
 * ---------------------------------------------------------------------------------------------- */

export const LEDGER_ACCOUNT_KINDS = [
  "cash",
  // Referral fees earned and not yet collected from the facilities (a completed referral's fee).
  "fees_receivable",
  "doctor_payable",
  "platform_revenue",
  "provider_clearing",
  "provider_fees",
] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

/**
 * The ledger's accounts: one of each kind for the network, and one "doctor payable" per doctor.
 * Amounts on postings are signed: debits positive, credits negative (a liability's or revenue's
 * balance is the negative of its sum).
 */
export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: LEDGER_ACCOUNT_KINDS }).notNull(),
    doctorId: uuid("doctor_id").references(() => users.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("ledger_accounts_doctor_key").on(t.doctorId).where(sql`${t.doctorId} is not null`),
    uniqueIndex("ledger_accounts_network_kind_key").on(t.kind).where(sql`${t.doctorId} is null`),
    check(
      "ledger_accounts_kind_check",
      sql`${t.kind} in ('cash', 'fees_receivable', 'doctor_payable', 'platform_revenue', 'provider_clearing', 'provider_fees')`,
    ),
    check("ledger_accounts_doctor_check", sql`(${t.kind} = 'doctor_payable') = (${t.doctorId} is not null)`),
  ],
);

export const LEDGER_ENTRY_KINDS = [
  "referral_completed",
  "paid_outside",
  "payout_initiated",
  "payout_settled",
  "payout_failed",
  "payout_reversed",
  "provider_fee",
  // A one-time correcting entry (migration 0030: fees booked as cash moved to fees receivable).
  "reclassification",
] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

/**
 * A journal entry: postings that sum to zero (a deferred constraint trigger checks it at commit,
 * migration 0013), written once under a unique idempotency key. Entries and postings are
 * append-only (triggers refuse UPDATE, DELETE and TRUNCATE).
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    idempotencyKey: text("idempotency_key").notNull(),
    kind: text("kind", { enum: LEDGER_ENTRY_KINDS }).notNull(),
    memo: text("memo").notNull(),
    referralId: uuid("referral_id").references(() => referrals.id, { onDelete: "restrict" }),
    paymentRecordId: uuid("payment_record_id").references(() => paymentRecords.id, { onDelete: "restrict" }),
    payoutTransferId: uuid("payout_transfer_id").references((): AnyPgColumn => payoutTransfers.id, {
      onDelete: "restrict",
    }),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("ledger_entries_idempotency_key").on(t.idempotencyKey),
    index("ledger_entries_created_idx").on(t.createdAt),
    index("ledger_entries_transfer_idx").on(t.payoutTransferId).where(sql`${t.payoutTransferId} is not null`),
    check(
      "ledger_entries_kind_check",
      sql`${t.kind} in ('referral_completed', 'paid_outside', 'payout_initiated', 'payout_settled', 'payout_failed', 'payout_reversed', 'provider_fee', 'reclassification')`,
    ),
  ],
);

/** One line of a journal entry, in pesewas: debit positive, credit negative, never zero. */
export const ledgerPostings = pgTable(
  "ledger_postings",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    entryId: uuid("entry_id")
      .notNull()
      .references(() => ledgerEntries.id, { onDelete: "restrict" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: "restrict" }),
    amount: bigint("amount", { mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // A balance and a statement read one account's postings in order.
    index("ledger_postings_account_idx").on(t.accountId, t.id),
    index("ledger_postings_entry_idx").on(t.entryId),
    check("ledger_postings_amount_check", sql`${t.amount} <> 0`),
  ],
);

export const PAYOUT_METHODS = ["mobile_money", "bank"] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];
export const MOBILE_MONEY_NETWORKS = ["MTN", "TELECEL", "AT"] as const;
export type MobileMoneyNetwork = (typeof MOBILE_MONEY_NETWORKS)[number];

/**
 * Where a doctor is paid (one row per doctor): a mobile-money wallet (E.164 number and network) or
 * a bank account (number and bank code), and the name on it. Changed only through a confirmed
 * payout_detail_changes row; a change holds payouts until `hold_until` (24 hours).
 */
export const payoutDetails = pgTable(
  "payout_details",
  {
    doctorId: uuid("doctor_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "restrict" }),
    method: text("method", { enum: PAYOUT_METHODS }).notNull(),
    network: text("network", { enum: MOBILE_MONEY_NETWORKS }),
    accountNumber: text("account_number").notNull(),
    bankCode: text("bank_code"),
    accountName: text("account_name").notNull(),
    /** The provider's recipient for these details (e.g. Paystack's RCP_...), made at the first transfer. */
    recipientProvider: text("recipient_provider"),
    recipientCode: text("recipient_code"),
    holdUntil: timestamp("hold_until", { withTimezone: true }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("payout_details_method_check", sql`${t.method} in ('mobile_money', 'bank')`),
    check(
      "payout_details_shape_check",
      sql`(${t.method} = 'mobile_money' and ${t.network} in ('MTN', 'TELECEL', 'AT') and ${t.bankCode} is null) or (${t.method} = 'bank' and ${t.network} is null and ${t.bankCode} is not null)`,
    ),
  ],
);

/**
 * A requested change of payout details, applied once both codes are confirmed: one by SMS to the
 * doctor's confirmed phone, one by email (each kept as an HMAC, never the code), valid 15 minutes,
 * 5 tries.
 */
export const payoutDetailChanges = pgTable(
  "payout_detail_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    doctorId: uuid("doctor_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    method: text("method", { enum: PAYOUT_METHODS }).notNull(),
    network: text("network", { enum: MOBILE_MONEY_NETWORKS }),
    accountNumber: text("account_number").notNull(),
    bankCode: text("bank_code"),
    accountName: text("account_name").notNull(),
    smsCodeHash: text("sms_code_hash").notNull(),
    emailCodeHash: text("email_code_hash").notNull(),
    /**
     * The holder's name the payout provider gave for these details (decision 032, point 5: GET
     * /bank/resolve), shown for the doctor to confirm; null when it could not name them.
     */
    resolvedName: text("resolved_name"),
    /**
     * A third code, sent by SMS to the wallet's own number when the provider could not name a
     * mobile-money wallet's holder and the wallet is not the doctor's confirmed phone (HMAC).
     */
    walletCodeHash: text("wallet_code_hash"),
    attempts: smallint("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    appliedAt: timestamp("applied_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("payout_detail_changes_doctor_idx").on(t.doctorId, t.createdAt),
    check("payout_detail_changes_attempts_check", sql`${t.attempts} between 0 and 5`),
  ],
);

export const PAYOUT_RUN_STATUSES = ["prepared", "approved", "cancelled"] as const;
export type PayoutRunStatus = (typeof PAYOUT_RUN_STATUSES)[number];

/** A payout run: prepared by one system administrator, approved by another (never the same). */
export const payoutRuns = pgTable(
  "payout_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    status: text("status", { enum: PAYOUT_RUN_STATUSES }).notNull().default("prepared"),
    minimumPesewas: integer("minimum_pesewas").notNull(),
    totalPesewas: bigint("total_pesewas", { mode: "number" }).notNull(),
    transferCount: integer("transfer_count").notNull(),
    preparedBy: uuid("prepared_by")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    preparedAt: timestamp("prepared_at", { withTimezone: true }).notNull().defaultNow(),
    approvedBy: uuid("approved_by").references(() => users.id, { onDelete: "restrict" }),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    cancelledBy: uuid("cancelled_by").references(() => users.id, { onDelete: "restrict" }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (t) => [
    index("payout_runs_prepared_idx").on(t.preparedAt.desc()),
    // One run waiting for approval at a time: two preparations cannot both hold the same balances.
    uniqueIndex("payout_runs_one_prepared_key").on(t.status).where(sql`${t.status} = 'prepared'`),
    check("payout_runs_status_check", sql`${t.status} in ('prepared', 'approved', 'cancelled')`),
    check("payout_runs_four_eyes_check", sql`${t.approvedBy} is null or ${t.approvedBy} <> ${t.preparedBy}`),
    check(
      "payout_runs_approved_check",
      sql`(${t.status} = 'approved') = (${t.approvedBy} is not null and ${t.approvedAt} is not null)`,
    ),
    check("payout_runs_total_check", sql`${t.totalPesewas} >= 0 and ${t.transferCount} >= 0`),
  ],
);

export const PAYOUT_TRANSFER_STATUSES = [
  "prepared",
  "queued",
  "pending",
  "success",
  "failed",
  "reversed",
  "cancelled",
] as const;
export type PayoutTransferStatus = (typeof PAYOUT_TRANSFER_STATUSES)[number];

/**
 * One doctor's transfer in a run, under our own reference (unique, and one per doctor per run): the
 * provider is always asked with this reference, so a retry never pays twice. Status moves forward
 * only, by conditional updates: prepared -> queued (approved) -> pending (provider took it) ->
 * success | failed | reversed; success -> reversed; prepared -> cancelled.
 */
export const payoutTransfers = pgTable(
  "payout_transfers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    runId: uuid("run_id")
      .notNull()
      .references(() => payoutRuns.id, { onDelete: "restrict" }),
    doctorId: uuid("doctor_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    amountPesewas: bigint("amount_pesewas", { mode: "number" }).notNull(),
    reference: text("reference").notNull(),
    status: text("status", { enum: PAYOUT_TRANSFER_STATUSES }).notNull().default("prepared"),
    provider: text("provider").notNull(),
    /** Where the money goes, as it was when the run was prepared. */
    method: text("method", { enum: PAYOUT_METHODS }).notNull(),
    network: text("network", { enum: MOBILE_MONEY_NETWORKS }),
    accountNumber: text("account_number").notNull(),
    bankCode: text("bank_code"),
    accountName: text("account_name").notNull(),
    providerTransferCode: text("provider_transfer_code"),
    feePesewas: bigint("fee_pesewas", { mode: "number" }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    initiatedAt: timestamp("initiated_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("payout_transfers_reference_key").on(t.reference),
    uniqueIndex("payout_transfers_run_doctor_key").on(t.runId, t.doctorId),
    index("payout_transfers_doctor_idx").on(t.doctorId, t.createdAt.desc()),
    index("payout_transfers_status_idx").on(t.status, t.updatedAt),
    check(
      "payout_transfers_status_check",
      sql`${t.status} in ('prepared', 'queued', 'pending', 'success', 'failed', 'reversed', 'cancelled')`,
    ),
    check("payout_transfers_amount_check", sql`${t.amountPesewas} > 0`),
  ],
);

/**
 * Provider webhooks received (one row per distinct signed body): a replay finds its row and
 * changes nothing.
 */
export const payoutWebhookEvents = pgTable(
  "payout_webhook_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: text("provider").notNull(),
    bodySha256: text("body_sha256").notNull(),
    event: text("event").notNull(),
    reference: text("reference"),
    outcome: text("outcome").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payout_webhook_events_body_key").on(t.provider, t.bodySha256),
    index("payout_webhook_events_reference_idx").on(t.reference),
  ],
);

export type ReconciliationMismatch = {
  reference: string;
  /** feePesewas: the fee posted for it, or reported by the provider (decision 032); absent in older rows. */
  ours: { status: string; amountPesewas: number; feePesewas?: number | null } | null;
  provider: { status: string; amountPesewas: number; feePesewas?: number | null } | null;
  problem: string;
};

/** The daily comparison of our transfers with the provider's list for one day (Africa/Accra). */
export const payoutReconciliations = pgTable(
  "payout_reconciliations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    day: date("day").notNull(),
    provider: text("provider").notNull(),
    checkedTransfers: integer("checked_transfers").notNull(),
    mismatches: jsonb("mismatches").$type<ReconciliationMismatch[]>().notNull(),
    ranAt: timestamp("ran_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payout_reconciliations_day_idx").on(t.day.desc(), t.ranAt.desc())],
);

/* ------------------------------------------------------------------------------------------------
 * One submission, one record (decision 027)
 * ---------------------------------------------------------------------------------------------- */

/**
 * The keys of the forms that create something (lib/idempotency.server.ts): a key is taken in the
 * same transaction as what its post creates (the primary key decides between concurrent posts),
 * with the answer to give a repeat: its status, where it redirected and with which toast, the
 * created record, or the data it answered. `status` 0: claimed, not yet answered (registration's
 * create runs outside the transaction). Kept 8 days (longer than a draft in the browser), then swept.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    /** The user's id, or `anonymous`. */
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    /** Which form the key was posted to (a key sent to another form is refused). */
    form: text("form").notNull(),
    status: smallint("status").notNull(),
    location: text("location"),
    toast: jsonb("toast").$type<{
      title: string;
      description?: string;
      variant?: "default" | "success" | "destructive";
    }>(),
    recordId: text("record_id"),
    body: jsonb("body").$type<unknown>(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "idempotency_keys_pkey", columns: [t.scope, t.key] }),
    index("idempotency_keys_created_at_idx").on(t.createdAt),
    check("idempotency_keys_key_check", sql`length(${t.key}) between 16 and 128`),
  ],
);

/* -------------------------------------------------------------------------------------------------
 * The FHIR API's clients (decision 034): hospital systems registered with their public
 * keys, who get short-lived tokens by SMART Backend Services (client_credentials + private_key_jwt).
 * ------------------------------------------------------------------------------------------- */

/**
 * What a client may be granted (SMART v2 system scopes): read and search everything, update Tasks,
 * post messages (Communication).
 */
export const API_CLIENT_SCOPES = ["system/*.rs", "system/Task.u", "system/Communication.c"] as const;
export type ApiClientScope = (typeof API_CLIENT_SCOPES)[number];

/** A public JSON Web Key Set, as a client registers it (only public keys: the registry refuses private members). */
export type PublicJwks = { keys: Array<Record<string, unknown>> };

/**
 * A registered client: one facility's system (it sees and acts on that facility's referrals only,
 * as its administrators may) or the network's (`facility_id` null: read-only, every referral).
 */
export const apiClients = pgTable(
  "api_clients",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    facilityId: uuid("facility_id").references(() => facilities.id, { onDelete: "restrict" }),
    scopes: text("scopes").array().notNull(),
    /** Its public keys as registered (null when it gave their address instead). */
    jwks: jsonb("jwks").$type<PublicJwks>(),
    /**
     * Where its public keys are published (an https JWKS address, fetched and cached by jose, so
     * the hospital rotates keys without asking); null when the keys themselves were registered.
     */
    jwksUrl: text("jwks_url"),
    /** Who registered it (null: from the shell, `npm run create-api-client`). */
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** Set once: a revoked client gets no token, and its tokens stop working at once. */
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    index("api_clients_facility_idx").on(t.facilityId),
    check("api_clients_name_check", sql`char_length(${t.name}) between 1 and 200`),
    check("api_clients_keys_check", sql`(${t.jwks} is null) <> (${t.jwksUrl} is null)`),
  ],
);

/**
 * The assertions (their `jti`) a client has used to get a token: none is accepted twice. Kept
 * until they expire (an expired assertion is refused anyway), then swept.
 */
export const apiClientAssertions = pgTable(
  "api_client_assertions",
  {
    clientId: uuid("client_id")
      .notNull()
      .references(() => apiClients.id, { onDelete: "cascade" }),
    jti: text("jti").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "api_client_assertions_pkey", columns: [t.clientId, t.jti] }),
    index("api_client_assertions_expires_at_idx").on(t.expiresAt),
  ],
);

/**
 * Every call a client made to the FHIR API (decision 034): who (the client, whose name the admin
 * screen shows), what (method, path and query, the answer's status) and when. The transitions and
 * messages it caused are also in audit_events, as the web page's are.
 */
export const apiClientCalls = pgTable(
  "api_client_calls",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => apiClients.id, { onDelete: "cascade" }),
    method: text("method").notNull(),
    path: text("path").notNull(),
    status: smallint("status").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("api_client_calls_client_idx").on(t.clientId, t.createdAt.desc().nullsFirst())],
);

/* ------------------------------------------------------------------------------------------------
 * Operations: the alerts the scheduled rules raised, and when each cleared
 * ---------------------------------------------------------------------------------------------- */

export const ALERT_RULES = [
  "queue_stuck",
  "provider_failing",
  "emergency_waiting",
  "payout_pending",
  "ledger_imbalance",
  "backup_stale",
] as const;
export type AlertRule = (typeof ALERT_RULES)[number];

/**
 * One row per alert: a rule (and its subject, e.g. the queue) that started firing, until it is
 * cleared. At most one open alert per rule and subject. System administrators are emailed once when
 * it starts and once when it clears; a rule that stops firing is only cleared after it has stayed
 * quiet for ALERT_HOLD_MINUTES, so one that flaps sends nothing more.
 */
export const operationalAlerts = pgTable(
  "operational_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    rule: text("rule", { enum: ALERT_RULES }).notNull(),
    /** What it is about within the rule: a queue's name, a channel, or "" for a rule about the whole network. */
    subject: text("subject").notNull().default(""),
    /** What the rule last saw, in words (the email and the health screen show it). */
    detail: text("detail").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    /** The last check that found it firing. */
    lastFiringAt: timestamp("last_firing_at", { withTimezone: true }).notNull(),
    clearedAt: timestamp("cleared_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("operational_alerts_open_key").on(t.rule, t.subject).where(sql`${t.clearedAt} is null`),
    index("operational_alerts_started_at_idx").on(t.startedAt.desc()),
    check(
      "operational_alerts_rule_check",
      sql`${t.rule} in ('queue_stuck', 'provider_failing', 'emergency_waiting', 'payout_pending', 'ledger_imbalance', 'backup_stale')`,
    ),
  ],
);

export const APPOINTMENT_STATUSES = [
  "unproven",
  "requested",
  "offered",
  "confirmed",
  "attended",
  "no_show",
  "declined",
  "cancelled",
  "expired",
] as const;

/**
 * A patient's appointment request from a facility's profile (docs/decisions/041). No
 * account: a name, a mobile number proven by an SMS link (`unproven` until then, seen by no one),
 * the specialty, a preferred day and half-day, the language of the SMS and the consent. Removed 90
 * days after the appointment (or after its last move when there was none) by the sweep job.
 */
export const appointmentRequests = pgTable(
  "appointment_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    facilityId: uuid("facility_id")
      .notNull()
      .references(() => facilities.id, { onDelete: "cascade" }),
    patientName: text("patient_name").notNull(),
    /** E.164. */
    phone: text("phone").notNull(),
    specialty: text("specialty").notNull(),
    preferredDay: date("preferred_day", { mode: "string" }).notNull(),
    preferredPart: text("preferred_part", { enum: ["morning", "afternoon"] }).notNull(),
    /** The patient's SMS language (decision 048: English, French or Twi). */
    language: text("language", { enum: SMS_LANGUAGES }).notNull(),
    consentAt: timestamp("consent_at", { withTimezone: true }).notNull(),
    status: text("status", { enum: APPOINTMENT_STATUSES }).notNull().default("unproven"),
    createdAt: createdAt(),
    provenAt: timestamp("proven_at", { withTimezone: true }),
    /**
     * How the number was proven: the SMS link, or a click-to-chat WhatsApp message from it (then,
     * with WhatsApp configured, the answers go by WhatsApp too; decision 046).
     */
    provenBy: text("proven_by", { enum: ["link", "whatsapp"] }),
    /** One working day after the proof: a request still `requested` then expires. */
    answerDueAt: timestamp("answer_due_at", { withTimezone: true }),
    /** The facility's first answer (confirm, propose or decline): the median time to answer. */
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    /** The appointment: confirmed by the facility, or the time it proposes. */
    slotAt: timestamp("slot_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** The patient said they will come (the token page's Confirm). */
    patientConfirmedAt: timestamp("patient_confirmed_at", { withTimezone: true }),
    declineReason: text("decline_reason"),
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    /** The last move (for the retention of requests that never had an appointment). */
    movedAt: timestamp("moved_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("appointment_requests_facility_idx").on(t.facilityId, t.status, t.createdAt),
    index("appointment_requests_phone_idx").on(t.phone),
    check("appointment_requests_phone_check", sql`${t.phone} ~ '^\\+[1-9][0-9]{6,14}$'`),
    check(
      "appointment_requests_status_check",
      sql`${t.status} in ('unproven', 'requested', 'offered', 'confirmed', 'attended', 'no_show', 'declined', 'cancelled', 'expired')`,
    ),
    check("appointment_requests_proven_by_check", sql`${t.provenBy} is null or ${t.provenBy} in ('link', 'whatsapp')`),
    check(
      "appointment_requests_slot_check",
      sql`${t.status} not in ('offered', 'confirmed', 'attended', 'no_show') or ${t.slotAt} is not null`,
    ),
  ],
);

export const BACKUP_STATUSES = ["ok", "failed"] as const;

/**
 * What the operator's backup job reported: one row per report, `POST
 * /operations/backup-report` with BACKUP_REPORT_TOKEN. The health screen shows the last one's age
 * and the `backup_stale` rule alerts when the last good one is older than ALERT_BACKUP_MAX_HOURS.
 */
export const backupReports = pgTable(
  "backup_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    status: text("status", { enum: BACKUP_STATUSES }).notNull(),
    /** The backup's size in bytes, where the job says. */
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    /** The job's own words (a file name, an error), at most 200 characters. */
    note: text("note"),
    reportedAt: timestamp("reported_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("backup_reports_reported_at_idx").on(t.reportedAt.desc()),
    check("backup_reports_status_check", sql`${t.status} in ('ok', 'failed')`),
    check("backup_reports_size_check", sql`${t.sizeBytes} is null or ${t.sizeBytes} >= 0`),
    check("backup_reports_note_check", sql`${t.note} is null or char_length(${t.note}) <= 200`),
  ],
);
