import * as z from "zod/mini";
import type { Role } from "~/auth/roles";
import { formText } from "~/lib/form-text";

/*
 * The professional registration a person gives: a doctor's Medical and Dental Council
 * (MDC) registration number; a facility administrator's facility's HeFRA (Health Facilities
 * Regulatory Agency) licence number. Checked loosely (the registers' formats vary: "MDC/RN/12345",
 * "HeFRA/GAR/2024/0123"): 3 to 40 letters, digits, spaces, dots, / and -, with at least one digit.
 * A system administrator checks the number against the register by hand. Client-safe.
 */

export const REGISTRATION_MESSAGES = {
  mdcRequired: "Please enter your MDC registration number",
  hefraRequired: "Please enter your facility's HeFRA licence number",
  format: "Use 3 to 40 letters, digits, spaces, dots, / and - only, with at least one digit",
} as const;

const PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ./-]{2,39}$/;

/** The number as it is stored: trimmed, inner spaces collapsed, NUL dropped. */
export function cleanRegistrationNumber(value: string): string {
  return formText(value).trim().replace(/\s+/g, " ");
}

export function isRegistrationNumber(value: string): boolean {
  return PATTERN.test(value) && /\d/.test(value);
}

/** Which number a role gives (system administrators give none). */
export type RegistrationKind = "mdc" | "hefra";
export function registrationKindOf(role: Role): RegistrationKind | null {
  return role === "doctor" ? "mdc" : role === "facility_admin" ? "hefra" : null;
}

export const REGISTRATION_LABELS: Record<RegistrationKind, string> = {
  mdc: "MDC registration number",
  hefra: "Facility's HeFRA licence number",
};

export const REGISTRATION_HINTS: Record<RegistrationKind, string> = {
  mdc: "As on your Medical and Dental Council certificate, e.g. MDC/RN/12345. A system administrator checks it.",
  hefra: "As on the facility's Health Facilities Regulatory Agency licence. A system administrator checks it.",
};

/** A required number field's checks, with its own message when blank. */
export function registrationNumberField(required: string) {
  return z
    .string({ error: required })
    .check(
      z.overwrite(cleanRegistrationNumber),
      z.minLength(1, required),
      z.refine(isRegistrationNumber, REGISTRATION_MESSAGES.format),
    );
}

/** The page asking an existing account for its number: its one field, with the role's message when blank. */
export const REGISTRATION_NUMBER_SCHEMAS = {
  mdc: z.object({ number: registrationNumberField(REGISTRATION_MESSAGES.mdcRequired) }),
  hefra: z.object({ number: registrationNumberField(REGISTRATION_MESSAGES.hefraRequired) }),
} as const;
