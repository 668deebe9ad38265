import * as z from "zod/mini";
import { SMS_LANGUAGES } from "~/i18n/message-language";

/**
 * The notifications page's language form (decision 048): the language of their emails (English or
 * French), and of their SMS and WhatsApp texts: the same, or another one (Twi has texts only).
 */
export const MESSAGE_LANGUAGE_MESSAGES = {
  language: "Please choose the language of your emails",
  smsLanguage: "Please choose the language of your SMS",
} as const;

/** "same": the texts follow the emails' language (stored as no SMS language of its own). */
export const SAME_AS_EMAIL = "same";

export const messageLanguageSchema = z.object({
  intent: z.literal("language"),
  language: z.enum(["en", "fr"], { error: MESSAGE_LANGUAGE_MESSAGES.language }),
  sms_language: z.enum([SAME_AS_EMAIL, ...SMS_LANGUAGES], { error: MESSAGE_LANGUAGE_MESSAGES.smsLanguage }),
});
