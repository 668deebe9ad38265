import * as z from "zod/mini";
import { CONTACT_SUBJECT_VALUES } from "~/content/contact";
import { requiredEmail } from "~/lib/email-field";
import { hasVisibleText, nameText, shownText } from "~/lib/form-text";

/**
 * The contact form (spec sections 3 and 5): one schema, used by the browser before posting
 * and again by the server action. Messages are the spec's, word for word.
 * Written with zod/mini (same rules and parser as zod, a fraction of the browser bundle).
 */
export const contactSchema = z.object({
  name: z
    .string({ error: "Name is required" })
    .check(
      z.overwrite(nameText),
      z.trim(),
      z.minLength(1, "Name is required"),
      z.refine(hasVisibleText, "Name is required"),
      z.maxLength(100, "Name must be less than 100 characters"),
    ),
  email: requiredEmail(),
  phone: z.optional(
    z.pipe(
      z.string().check(z.overwrite(nameText), z.trim(), z.maxLength(20, "Phone must be less than 20 characters")),
      z.transform((value: string) => value || undefined),
    ),
  ),
  subject: z.enum(CONTACT_SUBJECT_VALUES, { error: "Subject is required" }),
  message: z
    .string({ error: "Message is required" })
    .check(
      z.overwrite(shownText),
      z.trim(),
      z.minLength(1, "Message is required"),
      z.refine(hasVisibleText, "Message is required"),
      z.maxLength(2000, "Message must be less than 2000 characters"),
    ),
});

export type ContactInput = z.output<typeof contactSchema>;
