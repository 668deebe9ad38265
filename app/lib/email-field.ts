import * as z from "zod/mini";

/*
 * A required email address field (docs/decisions/039): left empty it says what to do,
 * "Enter your email address"; filled in wrongly it keeps the spec's "Invalid email address". One
 * schema piece for every form that asks a person for their own address, so the browser and the
 * server answer alike. Client-safe.
 */

export const EMAIL_REQUIRED = "Enter your email address";
export const EMAIL_INVALID = "Invalid email address";
export const EMAIL_TOO_LONG = "Email must be less than 255 characters";

/** Trimmed; empty (or missing) is EMAIL_REQUIRED, malformed EMAIL_INVALID, over 255 EMAIL_TOO_LONG (unless `maxLength` is false). */
export function requiredEmail({ maxLength = true }: { maxLength?: boolean } = {}) {
  return z.pipe(
    z.string({ error: EMAIL_REQUIRED }).check(z.trim(), z.minLength(1, EMAIL_REQUIRED)),
    maxLength
      ? z.email({ error: EMAIL_INVALID }).check(z.maxLength(255, EMAIL_TOO_LONG))
      : z.email({ error: EMAIL_INVALID }),
  );
}
