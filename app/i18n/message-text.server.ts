import "./server-catalogues.server";
import { type Translate, translator } from "./i18n";
import { type CatalogueLocale, INTL_LOCALE, type Locale } from "./locales";
import type { SmsLanguage } from "./message-language";

/*
 * The texts people receive (decision 048): emails in their language (English or French), SMS and
 * WhatsApp texts in their SMS language (English, French or Twi). Every text lives in the
 * catalogues (`mail.*` and `sms.*` keys, flagged server-only); dates, times and amounts are
 * formatted the recipient's way here. Importing this module loads every catalogue.
 */

/** The translation function of an email's or an SMS's language. */
export function messageT(locale: CatalogueLocale): Translate {
  return translator(locale);
}

/** An email's reader (account-mail.ts `MailReader`): their language's words and pages. */
export function mailReader(language: Locale | null | undefined): { t: Translate; locale: Locale } {
  const locale = language ?? "en";
  return { t: translator(locale), locale };
}

/** Who reads a message: the language of their emails, and of their texts when it differs. */
export type Reader = { language: Locale; smsLanguage?: SmsLanguage | null };

export function smsLanguageOf(reader: Reader): SmsLanguage {
  return reader.smsLanguage ?? reader.language;
}

/**
 * A day and time in Ghana (Africa/Accra), the language's way: "Tue 12 May, 10:30",
 * "mar 12 mai, 10:30" (the abbreviations' dots dropped, for SMS length), Twi as CLDR writes it.
 * French August is "aout", as the 1990 spelling allows: "août"'s û is not GSM-7 and would halve
 * what an SMS holds.
 */
export function messageDateTime(at: Date, locale: CatalogueLocale): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale] === "en-GH" ? "en-GB" : INTL_LOCALE[locale], {
    timeZone: "Africa/Accra",
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  })
    .format(at)
    .replace(/\.(?=\s|,|$)/g, "")
    .replace("août", "aout");
}

/**
 * An amount in cedis from pesewas: "₵2,500.50" in English (decisions section 6), "2 500,50 ₵" in
 * French (its grouping and decimal signs, the sign after the amount with a no-break space).
 */
export function messageCedis(pesewas: number, locale: CatalogueLocale): string {
  const cedis = pesewas / 100;
  const digits = Number.isInteger(cedis) ? 0 : 2;
  const number = new Intl.NumberFormat(INTL_LOCALE[locale], {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(cedis);
  return locale === "fr" ? `${number}\u00a0₵` : `₵${number}`;
}
