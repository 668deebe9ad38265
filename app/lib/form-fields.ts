import { formText } from "./form-text";

/*
 * A posted form's named fields, and the spec's joined messages, for the domain functions that
 * check a record of values themselves (client-safe). A form's action answers through
 * formAction (form-action.server.ts); a domain function refuses with parseOrRefuse (refusal.ts).
 */

/** Every field's message, each once, joined by a comma (spec section 8: "Error Creating Referral"). */
export function joinedMessages(fieldErrors: Partial<Record<string, string>>): string {
  return [...new Set(Object.values(fieldErrors))].join(", ");
}

/**
 * Whether a post names its form more than once: two `intent` fields. No page sends that (a form's
 * buttons post only the one pressed), so such a post is no form at all, refused before any
 * dispatcher reads its first `intent` and any schema reads the rest (every form reader calls it:
 * form-action.server.ts `readForm`, which the account pages' `postedForm` reads with, and multipart.server.ts).
 */
export function intentRepeated(fields: Iterable<[string, unknown]>): boolean {
  let seen = 0;
  for (const [name] of fields) if (name === "intent" && ++seen > 1) return true;
  return false;
}

/** The named fields of a posted form, as strings (files and unknown fields are ignored; U+0000 dropped). */
export function readFields<F extends string>(form: FormData, fields: readonly F[]): Record<F, string> {
  const values = {} as Record<F, string>;
  for (const field of fields) {
    const value = form.get(field);
    values[field] = typeof value === "string" ? formText(value) : "";
  }
  return values;
}
