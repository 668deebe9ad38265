import { formText } from "~/lib/form-text";

/**
 * The contact form's fields, without the validation library, so the form can render and read
 * its values before the schema (contact-schema.ts) is loaded.
 */
export const CONTACT_FIELDS = ["name", "email", "phone", "subject", "message"] as const;

export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Partial<Record<ContactField, string>>;

/** The form's fields as strings (anything else posted is ignored), to validate and to echo back. */
export function readContactForm(form: FormData): ContactValues {
  const values: ContactValues = {};
  for (const field of CONTACT_FIELDS) {
    const value = form.get(field);
    if (typeof value === "string") values[field] = formText(value);
  }
  return values;
}
