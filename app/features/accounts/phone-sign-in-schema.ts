import * as z from "zod/mini";

/*
 * Sign in with your phone (decision 042): the number's form and the code's form, checked again on the
 * server (the number parsed with libphonenumber-js there: app/lib/phone.ts).
 */

export const PHONE_SIGN_IN_FORM_MESSAGES = {
  phoneRequired: "Please enter your mobile number",
  phoneInvalid: "Please enter a valid phone number",
  code: "Please enter the 6-digit code from the SMS",
} as const;

const phone = z
  .string({ error: PHONE_SIGN_IN_FORM_MESSAGES.phoneRequired })
  .check(
    z.trim(),
    z.minLength(1, PHONE_SIGN_IN_FORM_MESSAGES.phoneRequired),
    z.maxLength(40, PHONE_SIGN_IN_FORM_MESSAGES.phoneInvalid),
    z.regex(/^\+?[\d\s().-]{6,}$/, PHONE_SIGN_IN_FORM_MESSAGES.phoneInvalid),
  );

/** "Send code" (and "Send a new code"). */
export const phoneCodeRequestSchema = z.object({ intent: z.literal("send"), phone });

/** "Sign In" with the code. */
export const phoneCodeSignInSchema = z.object({
  intent: z.literal("verify"),
  phone,
  code: z
    .string({ error: PHONE_SIGN_IN_FORM_MESSAGES.code })
    .check(z.trim(), z.regex(/^\d{3}\s?\d{3}$/, PHONE_SIGN_IN_FORM_MESSAGES.code)),
});

export const PHONE_SIGN_IN_FIELDS = ["intent", "phone", "code"] as const;
