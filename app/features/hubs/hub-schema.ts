import * as z from "zod/mini";
import { hasVisibleText, shownText } from "~/lib/form-text";
import { isLaunchDate } from "./launch-date";

/** A system administrator's hub editor (decision 021): one schema for the browser and the action. */

const text = (label: string, min: number, max: number) =>
  z.pipe(
    z.pipe(
      z.string({ error: `${label} is required` }),
      z.transform((v: string) => shownText(v).trim()),
    ),
    z
      .string()
      .check(
        z.minLength(1, `${label} is required`),
        z.refine(hasVisibleText, `${label} is required`),
        z.minLength(min, `${label} must be at least ${min} characters`),
        z.maxLength(max, `${label} must be less than ${max} characters`),
      ),
  );

/** An optional text (the French title and description, decision 044): empty is null, else as `text`. */
const optionalText = (label: string, min: number, max: number) =>
  z.pipe(
    z.pipe(
      z.pipe(
        z.optional(z.string()),
        z.transform((v: string | undefined) => shownText(v ?? "").trim()),
      ),
      z.string().check(
        z.refine((v) => v === "" || hasVisibleText(v), `${label} must have visible text, or be left empty`),
        z.refine((v) => v === "" || v.length >= min, `${label} must be at least ${min} characters`),
        z.maxLength(max, `${label} must be less than ${max} characters`),
      ),
    ),
    z.transform((v: string) => v || null),
  );

const lines = (label: string, max: number) =>
  z
    .pipe(
      z.optional(z.string()),
      z.transform((v: string | undefined) =>
        shownText(v ?? "")
          .split(/\r?\n/)
          .map((l) => l.trim())
          .filter(hasVisibleText),
      ),
    )
    .check(
      z.refine((items) => items.length >= 1, `Add at least one ${label}`),
      z.refine((items) => items.length <= max, `At most ${max} ${label}s`),
      z.refine((items) => items.every((i) => i.length <= 300), `Each ${label} must be less than 300 characters`),
    );

/** A live hub's address: https, with a host. Empty is null (the refinements below say when it is needed). */
const externalUrl = z.pipe(
  z
    .pipe(
      z.optional(z.string()),
      z.transform((v: string | undefined) => shownText(v ?? "").trim()),
    )
    .check(
      z.refine(
        (v) => v === "" || /^https:\/\/[^\s/]+\.[^\s]+$/.test(v),
        "Enter the hub's address, starting with https://",
      ),
    ),
  z.transform((v: string) => v || null),
);

export const hubSchema = z
  .object({
    title: text("Title", 2, 100),
    description: text("Description", 10, 300),
    title_fr: optionalText("French title", 2, 100),
    description_fr: optionalText("French description", 10, 300),
    status: z.enum(["coming-soon", "live"], { error: "Choose coming soon or live" }),
    launch_date: z.pipe(
      z
        .pipe(
          z.optional(z.string()),
          z.transform((v: string | undefined) => (v ?? "").trim().toUpperCase()),
        )
        .check(z.refine((v) => v === "" || isLaunchDate(v), "Enter a quarter like 2026-Q1 or a month like 2026-03")),
      z.transform((v: string) => v || null),
    ),
    external_url: externalUrl,
    capacity: z.pipe(
      z
        .pipe(
          z.optional(z.string()),
          z.transform((v: string | undefined) => (v ?? "").trim() || "0"),
        )
        .check(
          z.refine(
            (v) => /^\d{1,6}$/.test(v) && Number(v) <= 100_000,
            "Capacity must be a whole number from 0 to 100000",
          ),
        ),
      z.transform(Number),
    ),
    problem: text("The problem", 10, 1000),
    agitation: text("Why it matters", 10, 1000),
    solution: text("The solution", 10, 1000),
    benefits: lines("benefit", 10),
    target_audience: lines("audience", 15),
    perks: lines("perk", 10),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.status === "coming-soon" && !v.launch_date) {
        ctx.addIssue({
          code: "custom",
          path: ["launch_date"],
          message: "A coming-soon hub needs a planned launch date",
        });
      }
      if (v.status === "live" && !v.external_url) {
        ctx.addIssue({ code: "custom", path: ["external_url"], message: "A live hub needs its address" });
      }
    }),
  );

export type HubInput = z.output<typeof hubSchema>;

export const HUB_FIELDS = [
  "title",
  "description",
  "title_fr",
  "description_fr",
  "status",
  "launch_date",
  "external_url",
  "capacity",
  "problem",
  "agitation",
  "solution",
  "benefits",
  "target_audience",
  "perks",
] as const;

/** "Send an update to the waitlist": a subject and a message (the system administrator's words). */
export const hubUpdateSchema = z.object({
  subject: text("Subject", 3, 150),
  message: text("Message", 10, 3000),
});

/** "Launch hub": a coming-soon hub goes live at its address (and its waitlist is emailed). */
export const hubLaunchSchema = z.object({
  external_url: externalUrl.check(z.refine((v) => v !== null, "A live hub needs its address")),
});
