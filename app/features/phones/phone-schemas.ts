import * as z from "zod/mini";

/**
 * The notifications page's phone forms (decision 025), one schema each, used in the browser and in the
 * action. The browser checks the shape only; the server parses the number with libphonenumber-js
 * (app/lib/phone.ts, not shipped to the browser).
 */
/** Codes: valid 5 minutes, 3 tries; at most 3 per number per 15 minutes and 10 a day, 10 a day per account. */
export const PHONE_CODE_RULES = {
  validMinutes: 5,
  maxTries: 3,
  perNumberWindow: { limit: 3, windowMs: 15 * 60_000 },
  perNumberDay: { limit: 10, windowMs: 24 * 60 * 60_000 },
  perUserDay: { limit: 10, windowMs: 24 * 60 * 60_000 },
} as const;

export const PHONE_FORM_MESSAGES = {
  phoneRequired: "Please enter your mobile number",
  phoneInvalid: "Please enter a valid phone number",
  code: "Please enter the 6-digit code from the SMS",
  password: "Please enter your password",
} as const;

/**
 * The account's password, asked for to move or remove a confirmed number (decision 036). Optional in
 * the schema: the server decides when it is needed (a first number is not a change).
 */
const password = z.optional(z.string().check(z.maxLength(128, PHONE_FORM_MESSAGES.password)));

export const sendCodeSchema = z.object({
  intent: z.literal("send-code"),
  phone: z
    .string({ error: PHONE_FORM_MESSAGES.phoneRequired })
    .check(
      z.trim(),
      z.minLength(1, PHONE_FORM_MESSAGES.phoneRequired),
      z.maxLength(40, PHONE_FORM_MESSAGES.phoneInvalid),
      z.regex(/^\+?[\d\s().-]{6,}$/, PHONE_FORM_MESSAGES.phoneInvalid),
    ),
  password,
});

export const removeNumberSchema = z.object({
  intent: z.literal("remove"),
  password: z
    .string({ error: PHONE_FORM_MESSAGES.password })
    .check(z.minLength(1, PHONE_FORM_MESSAGES.password), z.maxLength(128, PHONE_FORM_MESSAGES.password)),
});

export const confirmCodeSchema = z.object({
  intent: z.literal("confirm"),
  code: z
    .string({ error: PHONE_FORM_MESSAGES.code })
    .check(z.trim(), z.regex(/^\d{3}\s?\d{3}$/, PHONE_FORM_MESSAGES.code)),
});
