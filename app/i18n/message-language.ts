import type { Locale } from "./locales";

/**
 * The languages a person receives messages in (decision 048): emails in a page language, SMS and
 * WhatsApp texts also in Twi (Akan), which has texts but no pages. Hausa has a catalogue but its
 * texts are not checked yet, so no one can choose it.
 */
export const SMS_LANGUAGES = ["en", "fr", "ak"] as const;
export type SmsLanguage = (typeof SMS_LANGUAGES)[number];

/** The choices on the notifications page, each in its own language. */
export const LANGUAGE_CHOICES: ReadonlyArray<{ value: Locale; label: string }> = [
  { value: "en", label: "English" },
  { value: "fr", label: "Français" },
];
export const SMS_LANGUAGE_CHOICES: ReadonlyArray<{ value: SmsLanguage; label: string }> = [
  ...LANGUAGE_CHOICES,
  { value: "ak", label: "Twi (Akan)" },
];
