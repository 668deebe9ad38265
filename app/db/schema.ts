import { sql } from "drizzle-orm";
import {
  boolean,
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
    services: text("services").array().notNull().default(sql`'{}'::text[]`),
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
    index("facilities_active_name_idx").on(t.isActive, t.name),
    index("facilities_country_type_idx").on(t.country, t.type),
    index("facilities_specialties_idx").using("gin", t.specialties),
    index("facilities_services_idx").using("gin", t.services),
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
