import * as z from "zod/mini";
import { CONTACT_SUBJECT_VALUES } from "~/content/contact";
import type { ContactField, ContactFieldErrors } from "./contact-fields";

/**
 * The contact form (spec sections 3 and 5): one schema, used by the browser before posting
 * and again by the server action. Messages are the spec's, word for word.
 * Written with zod/mini (same rules and parser as zod, a fraction of the browser bundle).
 */
export const contactSchema = z.object({
  name: z
    .string({ error: "Name is required" })
    .check(z.trim(), z.minLength(1, "Name is required"), z.maxLength(100, "Name must be less than 100 characters")),
  email: z.pipe(
    z.string({ error: "Invalid email address" }).check(z.trim()),
    z.email({ error: "Invalid email address" }).check(z.maxLength(255, "Email must be less than 255 characters")),
  ),
  phone: z.optional(
    z.pipe(
      z.string().check(z.trim(), z.maxLength(20, "Phone must be less than 20 characters")),
      z.transform((value: string) => value || undefined),
    ),
  ),
  subject: z.enum(CONTACT_SUBJECT_VALUES, { error: "Subject is required" }),
  message: z
    .string({ error: "Message is required" })
    .check(
      z.trim(),
      z.minLength(1, "Message is required"),
      z.maxLength(2000, "Message must be less than 2000 characters"),
    ),
});

export type ContactInput = z.output<typeof contactSchema>;

export type ContactValidation =
  | { ok: true; data: ContactInput }
  | {
      ok: false;
      fieldErrors: ContactFieldErrors;
      /** The first rule's message, for the "Validation Error" toast. */ message: string;
    };

export function validateContact(input: unknown): ContactValidation {
  const result = contactSchema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const fieldErrors: ContactFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactField;
    fieldErrors[field] ??= issue.message;
  }
  return {
    ok: false,
    fieldErrors,
    message: result.error.issues[0]?.message ?? "Please check your inputs and try again.",
  };
}
