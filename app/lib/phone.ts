import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js/max";
import type { PhoneLink } from "./phone-link";

/**
 * Phone numbers (decision 025): parsed with libphonenumber-js (Google's metadata, "max" set so a
 * Ghanaian number is checked against the real number ranges), stored in E.164 (+233205550147),
 * shown in groups (+233 20 555 0147). Without a country code a number is read as Ghanaian.
 */
export const DEFAULT_REGION: CountryCode = "GH";

export const PHONE_MESSAGES = {
  invalid: "Please enter a valid phone number",
  notMobile: "Please enter a mobile number that can receive SMS",
} as const;

export type ParsedPhone = { ok: true; e164: string; display: string } | { ok: false; message: string };

/** Parses what a person typed; `mobile: true` refuses numbers that cannot receive an SMS (fixed lines). */
export function parsePhone(input: string, options: { mobile?: boolean; region?: CountryCode } = {}): ParsedPhone {
  const text = input.trim();
  if (!text || text.length > 40) return { ok: false, message: PHONE_MESSAGES.invalid };
  const parsed = parsePhoneNumberFromString(text, options.region ?? DEFAULT_REGION);
  if (!parsed?.isValid()) return { ok: false, message: PHONE_MESSAGES.invalid };
  if (options.mobile) {
    const type = parsed.getType();
    if (type !== "MOBILE" && type !== "FIXED_LINE_OR_MOBILE") return { ok: false, message: PHONE_MESSAGES.notMobile };
  }
  return { ok: true, e164: parsed.number, display: parsed.formatInternational() };
}

/** E.164 or anything parseable -> "+233 20 555 0147"; what cannot be parsed is shown as it is. */
export function formatPhone(value: string): string {
  const parsed = parsePhoneNumberFromString(value, DEFAULT_REGION);
  return parsed?.isValid() ? parsed.formatInternational() : value;
}

/** True for a stored value: E.164 as libphonenumber writes it. */
export function isE164(value: string): boolean {
  return /^\+[1-9]\d{6,14}$/.test(value) && parsePhoneNumberFromString(value)?.number === value;
}

/**
 * A number as every page shows it: grouped, a tel: link, and WhatsApp for a mobile; a
 * value that does not parse is shown as it is, with a tel: link of its digits.
 */
export function phoneLink(value: string): PhoneLink {
  const any = parsePhone(value);
  if (!any.ok) return { display: value, href: `tel:${value.replace(/[^\d+]/g, "")}`, whatsapp: null };
  const mobile = parsePhone(value, { mobile: true });
  return {
    display: any.display,
    href: `tel:${any.e164}`,
    whatsapp: mobile.ok ? `https://wa.me/${mobile.e164.slice(1)}` : null,
  };
}
