import * as z from "zod/mini";
import { formText, hasVisibleText, nameText, shownText } from "~/lib/form-text";
import { COUNTRY_OPTIONS, SERVICE_OPTIONS, TYPE_OPTIONS } from "./facility-options";
import { WEEKDAYS } from "./opening-hours";

/**
 * The facility editor (decision 021): one schema for the browser and the action, for a system
 * administrator adding or editing any facility and for a facility administrator editing their own.
 * Every field is posted as text (lists one item per line); the directory card's Verified mark and
 * the licence's verified date are read only from a system administrator (facility-edit.server.ts
 * ignores them from anyone else).
 */

/** Text shown on the public profile: without bidirectional overrides (form-text.ts), and visible. */
const text = (label: string, min: number, max: number, clean: (value: string) => string = shownText) =>
  z.pipe(
    z.pipe(z.string({ error: `${label} is required` }), z.transform(clean)),
    z
      .string()
      .check(
        z.trim(),
        z.minLength(1, `${label} is required`),
        z.refine(hasVisibleText, `${label} is required`),
        z.minLength(min, `${label} must be at least ${min} characters`),
        z.maxLength(max, `${label} must be less than ${max} characters`),
      ),
  );

const optionalText = (label: string, max: number) =>
  z.pipe(
    z.pipe(
      z.pipe(
        z.optional(z.string()),
        z.transform((v: string | undefined) => shownText(v ?? "").trim()),
      ),
      z.string().check(z.maxLength(max, `${label} must be less than ${max} characters`)),
    ),
    z.transform((v: string) => v || null),
  );

/** One item per line: blank lines dropped, each item trimmed, at most `maxItems` of at most `maxLength`. */
const lines = (label: string, { min = 0, maxItems = 50, maxLength = 200 } = {}) =>
  z
    .pipe(
      z.optional(z.string()),
      z.transform((v: string | undefined) =>
        shownText(v ?? "")
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(hasVisibleText),
      ),
    )
    .check(
      z.refine(
        (items) => items.length >= min,
        min === 1 ? `Add at least one ${label}` : `Add at least ${min} ${label}s`,
      ),
      z.refine((items) => items.length <= maxItems, `At most ${maxItems} ${label}s`),
      z.refine(
        (items) => items.every((item) => item.length <= maxLength),
        `Each ${label} must be less than ${maxLength} characters`,
      ),
    );

const optionalUrl = (label: string) =>
  z.pipe(
    z.pipe(
      z.pipe(
        z.optional(z.string()),
        z.transform((v: string | undefined) => nameText(v ?? "").trim()),
      ),
      z.string().check(
        z.maxLength(300, `${label} must be less than 300 characters`),
        z.refine((v) => v === "" || isWebAddress(v), `${label} must be a web address starting with https://`),
      ),
    ),
    z.transform((v: string) => v || null),
  );

export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

/** A coordinate in decimal degrees (5.6037, -0.187), at most `max` either way; empty: none. */
const coordinate = (label: string, max: number) =>
  z.pipe(
    z
      .pipe(
        z.optional(z.string()),
        z.transform((v: string | undefined) => formText(v ?? "").trim()),
      )
      .check(
        z.refine(
          (v) => v === "" || (/^-?\d{1,3}(\.\d{1,10})?$/.test(v) && Math.abs(Number(v)) <= max),
          `${label} must be a number of degrees from -${max} to ${max}, like ${max === 90 ? "5.6037" : "-0.1870"}`,
        ),
      ),
    z.transform((v: string) => (v === "" ? null : Number(v))),
  );

const checkbox = z.pipe(
  z.optional(z.string()),
  z.transform((v: string | undefined) => v === "on" || v === "true"),
);

/** "08:00" to "17:30": the 24-hour clock. */
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = z
  .pipe(
    z.optional(z.string()),
    z.transform((v: string | undefined) => (v ?? "").trim()),
  )
  .check(z.refine((v) => v === "" || TIME.test(v), "Enter a time like 08:00"));

/** A phone as people write them: digits, spaces, +, -, parentheses; 7 to 20 characters. */
const PHONE = /^\+?[0-9 ()-]{7,20}$/;

/** "Cardiology: Heart checks and ECG" per line; the name alone is allowed. */
function parseSpecialty(line: string): { name: string; description: string } {
  const at = line.indexOf(":");
  return at === -1
    ? { name: line.trim(), description: "" }
    : { name: line.slice(0, at).trim(), description: line.slice(at + 1).trim() };
}

const hoursFields = Object.fromEntries(
  WEEKDAYS.flatMap((day) => [
    [`hours_${day.key}_opens`, time],
    [`hours_${day.key}_closes`, time],
  ]),
) as Record<`hours_${(typeof WEEKDAYS)[number]["key"]}_${"opens" | "closes"}`, typeof time>;

const typeValues = TYPE_OPTIONS.map((o) => o.value) as [string, ...string[]];
const countryValues = COUNTRY_OPTIONS.map((o) => o.value) as [string, ...string[]];
const serviceValues = SERVICE_OPTIONS.map((o) => o.value) as [string, ...string[]];

export const facilitySchema = z
  .object({
    // A name is one line; two active facilities cannot share it (facility-names.server.ts).
    name: text("Name", 2, 200, nameText).check(
      z.refine((v) => /[\p{L}\p{N}]/u.test(v), "Name must contain letters or digits"),
    ),
    type: z.enum(typeValues as [(typeof TYPE_OPTIONS)[number]["value"]], { error: "Please select a facility type" }),
    location: text("Location", 2, 200, nameText),
    country: z.enum(countryValues as [(typeof COUNTRY_OPTIONS)[number]["value"]], {
      error: "Please select a country",
    }),
    address: text("Address", 5, 300),
    description: text("Short description", 10, 500),
    // Decision 044: the French pages show it; empty, they show the English one (marked lang="en").
    description_fr: optionalText("Short description in French", 500),
    about: text("About", 20, 5000),
    mission: optionalText("Mission", 1000),
    vision: optionalText("Vision", 1000),
    partnerships: lines("partnership", { maxItems: 20 }),
    services: lines("service", { min: 1, maxItems: 50 }),
    service_categories: z
      .pipe(
        z.optional(z.union([z.string(), z.array(z.string())])),
        z.transform((v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
      )
      .check(z.refine((v) => v.every((c) => serviceValues.includes(c)), "Please choose from the listed services")),
    specialties: z
      .pipe(
        lines("specialty", { min: 1, maxItems: 30, maxLength: 500 }),
        z.transform((items: string[]) => items.map(parseSpecialty)),
      )
      .check(
        z.refine((items) => items.every((s) => s.name.length >= 2 && s.name.length <= 100), {
          message: "Each specialty needs a name of 2 to 100 characters before the colon",
        }),
        z.refine((items) => new Set(items.map((s) => s.name.toLowerCase())).size === items.length, {
          message: "Each specialty may be listed once",
        }),
      ),
    professionals: lines("health professional", { maxItems: 100 }),
    languages: lines("language", { min: 1, maxItems: 20, maxLength: 50 }),
    insurance: lines("insurance plan", { maxItems: 20 }),
    phones: lines("phone number", { min: 1, maxItems: 5, maxLength: 20 }).check(
      z.refine((items) => items.every((p) => PHONE.test(p)), "Enter phone numbers like +233 30 000 0000, one per line"),
    ),
    /**
     * The facility's duty phone for new and escalated referrals by SMS: written as people
     * write numbers here; the server reads it as a mobile number in E.164 (facility-columns.server.ts).
     */
    on_call_phone: z.pipe(
      z.pipe(
        z.pipe(
          z.optional(z.string()),
          z.transform((v: string | undefined) => formText(v ?? "").trim()),
        ),
        z.string().check(z.refine((v) => v === "" || PHONE.test(v), "Enter a mobile number like 020 555 0147")),
      ),
      z.transform((v: string) => v || null),
    ),
    email: z.pipe(
      z.pipe(
        z.string({ error: "Email is required" }),
        z.transform((v: string) => formText(v).trim()),
      ),
      z.pipe(
        z
          .string()
          .check(z.minLength(1, "Email is required"), z.maxLength(255, "Email must be less than 255 characters")),
        z.email({ error: "Invalid email address" }),
      ),
    ),
    website: optionalUrl("Website"),
    facebook: optionalUrl("Facebook page"),
    instagram: optionalUrl("Instagram page"),
    emergency: checkbox,
    nhis_accepted: checkbox,
    /** The directory card's "Verified" mark (spec section 3): system administrators only. */
    verified: checkbox,
    hefra_licence: z.pipe(
      z.pipe(
        z.pipe(
          z.optional(z.string()),
          z.transform((v: string | undefined) => formText(v ?? "").trim()),
        ),
        z.string().check(
          z.maxLength(40, "Licence number must be less than 40 characters"),
          z.refine((v) => v === "" || /^[A-Za-z0-9/ -]+$/.test(v), "Use letters, digits, spaces, / and - only"),
        ),
      ),
      z.transform((v: string) => v || null),
    ),
    licence_verified_on: z.pipe(
      z
        .pipe(
          z.optional(z.string()),
          z.transform((v: string | undefined) => (v ?? "").trim()),
        )
        .check(z.refine((v) => v === "" || isPastOrToday(v), "Enter a date that is not in the future")),
      z.transform((v: string) => v || null),
    ),
    latitude: coordinate("Latitude", 90),
    longitude: coordinate("Longitude", 180),
    hours_mode: z.enum(["unknown", "all-day", "weekly"], { error: "Choose how the opening hours are given" }),
    ...hoursFields,
  })
  .check(
    z.superRefine((value, ctx) => {
      if ((value.latitude === null) !== (value.longitude === null)) {
        ctx.addIssue({
          code: "custom",
          path: [value.latitude === null ? "latitude" : "longitude"],
          message: "Give both the latitude and the longitude, or neither",
        });
      }
    }),
    z.superRefine((value, ctx) => {
      if (value.hours_mode !== "weekly") return;
      let openDays = 0;
      for (const day of WEEKDAYS) {
        const opens = value[`hours_${day.key}_opens`];
        const closes = value[`hours_${day.key}_closes`];
        if (!opens && !closes) continue;
        if (!opens || !closes) {
          ctx.addIssue({
            code: "custom",
            path: [`hours_${day.key}_${opens ? "closes" : "opens"}`],
            message: `Give both times for ${day.label}, or leave both empty if closed`,
          });
        } else if (closes <= opens) {
          ctx.addIssue({
            code: "custom",
            path: [`hours_${day.key}_closes`],
            message: `${day.label} must close after it opens`,
          });
        }
        openDays += 1;
      }
      if (openDays === 0) {
        ctx.addIssue({ code: "custom", path: ["hours_mode"], message: "Give the hours of at least one day" });
      }
    }),
  );

export type FacilityInput = z.output<typeof facilitySchema>;

/** The posted date is a calendar date on or before today (UTC+0, Ghana's time). */
function isPastOrToday(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && value <= todayInGhana();
}

export function todayInGhana(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The editor's fields in the form's order (the error summary lists them so). */
export const FACILITY_FIELDS = [
  "name",
  "type",
  "location",
  "country",
  "address",
  "description",
  "description_fr",
  "about",
  "mission",
  "vision",
  "partnerships",
  "services",
  "service_categories",
  "specialties",
  "professionals",
  "languages",
  "insurance",
  "phones",
  "on_call_phone",
  "email",
  "website",
  "facebook",
  "instagram",
  "emergency",
  "nhis_accepted",
  "verified",
  "hefra_licence",
  "licence_verified_on",
  "latitude",
  "longitude",
  "hours_mode",
  ...WEEKDAYS.flatMap((day) => [`hours_${day.key}_opens`, `hours_${day.key}_closes`]),
] as const;

/** "Report wrong information" (public): what is wrong, and an optional address for a reply. */
export const facilityReportSchema = z.object({
  details: z.pipe(
    z.pipe(
      z.string({ error: "Please tell us what is wrong" }),
      z.transform((v: string) => shownText(v).trim()),
    ),
    z
      .string()
      .check(
        z.minLength(1, "Please tell us what is wrong"),
        z.refine(hasVisibleText, "Please tell us what is wrong"),
        z.minLength(10, "Please describe what is wrong in at least 10 characters"),
        z.maxLength(1000, "Please keep it under 1000 characters"),
      ),
  ),
  email: z.pipe(
    z.pipe(
      z.pipe(
        z.optional(z.string()),
        z.transform((v: string | undefined) => formText(v ?? "").trim()),
      ),
      z.pipe(
        z.string().check(z.maxLength(255, "Email must be less than 255 characters")),
        z.union([z.literal(""), z.email({ error: "Invalid email address" })]),
      ),
    ),
    z.transform((v: string) => v || null),
  ),
});

export type FacilityReportInput = z.output<typeof facilityReportSchema>;

/** The editor's posted fields as the schema reads them (the service checkboxes as a list; files ignored). */
export function readFacilityForm(form: FormData): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const key of new Set(form.keys())) {
    const values = form.getAll(key).filter((v): v is string => typeof v === "string");
    if (values.length === 0) continue;
    fields[key] = key === "service_categories" ? values : values[0]!;
  }
  return fields;
}
