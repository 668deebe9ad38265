import type { Translate } from "~/i18n/i18n";

/**
 * SMS text (decision 025): GSM-7 where possible (160 characters a message, 153 a part when split)
 * rather than UCS-2 (70, 67 a part), and at most two parts. An SMS carries the referral number
 * and a link, never patient or clinical text: the texts are built here from fixed words.
 */

// GSM 03.38 default alphabet (one septet each; ESC itself is not text) and its extension table
// (two septets each: ESC + the character).
const GSM7_BASIC = new Set(
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà",
);
const GSM7_EXTENDED = new Set("\f^{}\\[~]|€");

export type Encoding = "GSM-7" | "UCS-2";
export type SegmentCount = { encoding: Encoding; units: number; segments: number; perSegment: number };

export const MAX_SEGMENTS = 2;

export function isGsm7(text: string): boolean {
  for (const ch of text) if (!GSM7_BASIC.has(ch) && !GSM7_EXTENDED.has(ch)) return false;
  return true;
}

/** Septets (GSM-7) or UTF-16 code units (UCS-2) of one character. */
function width(ch: string, encoding: Encoding): number {
  if (encoding === "UCS-2") return ch.length;
  return GSM7_EXTENDED.has(ch) ? 2 : 1;
}

/**
 * How many parts a text costs. Split messages carry a 6-byte header (153 septets or 67 UCS-2
 * units a part), and a part never splits an escape sequence or a surrogate pair.
 */
export function countSegments(text: string): SegmentCount {
  const encoding: Encoding = isGsm7(text) ? "GSM-7" : "UCS-2";
  const single = encoding === "GSM-7" ? 160 : 70;
  const part = encoding === "GSM-7" ? 153 : 67;
  let units = 0;
  for (const ch of text) units += width(ch, encoding);
  if (units <= single) return { encoding, units, segments: units === 0 ? 0 : 1, perSegment: single };
  let segments = 1;
  let used = 0;
  for (const ch of text) {
    const w = width(ch, encoding);
    if (used + w > part) {
      segments += 1;
      used = 0;
    }
    used += w;
  }
  return { encoding, units, segments, perSegment: part };
}

/** Typographic characters that have a plain GSM-7 equivalent (so one curly quote does not halve the length). */
const GSM7_REPLACEMENTS: Array<[RegExp, string]> = [
  [/[\u2018\u2019\u201A\u201B\u2032`´]/g, "'"],
  [/[\u201C\u201D\u201E\u201F\u2033]/g, '"'],
  [/[\u2010-\u2015\u2212]/g, "-"],
  [/\u2026/g, "..."],
  [/[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g, " "],
  [/[\u200B-\u200D\u2060\uFEFF]/g, ""],
  [/\u20B5/g, "GHS "],
  [/\t/g, " "],
];

/** Replaces typographic characters with GSM-7 ones; text that still needs UCS-2 keeps its other characters. */
export function toGsm7(text: string): string {
  let out = text.normalize("NFC");
  for (const [pattern, replacement] of GSM7_REPLACEMENTS) out = out.replace(pattern, replacement);
  return out;
}

/**
 * Letters of Ghana's and its neighbours' languages that GSM-7 lacks, as people type them on a
 * phone keyboard without them: Twi ɛ and ɔ as e and o, Hausa's hooked letters as plain ones.
 */
const PLAIN_LETTERS: Record<string, string> = {
  ɛ: "e",
  Ɛ: "E",
  ɔ: "o",
  Ɔ: "O",
  ŋ: "ng",
  Ŋ: "Ng",
  ƙ: "k",
  Ƙ: "K",
  ɓ: "b",
  Ɓ: "B",
  ɗ: "d",
  Ɗ: "D",
  ƴ: "y",
  Ƴ: "Y",
};

/**
 * The text in GSM-7 letters where it can be (docs/decisions/048): each letter GSM-7 lacks becomes
 * its plain form (PLAIN_LETTERS, or the letter without its accents: ê is e, ç is c). Characters
 * with no plain form (an emoji) are kept.
 */
export function plainLetters(text: string): string {
  let out = "";
  for (const ch of text) {
    if (GSM7_BASIC.has(ch) || GSM7_EXTENDED.has(ch)) out += ch;
    else if (PLAIN_LETTERS[ch]) out += PLAIN_LETTERS[ch];
    else {
      const bare = ch.normalize("NFD").replace(/\p{M}+/gu, "");
      out += bare && isGsm7(bare) ? bare : ch;
    }
  }
  return out;
}

/** The longest prefix of `text` (whole characters) whose cost in `encoding` stays within `units`. */
function fitUnits(text: string, units: number, encoding: Encoding): string {
  let used = 0;
  let out = "";
  for (const ch of text) {
    const w = width(ch, encoding);
    if (used + w > units) break;
    used += w;
    out += ch;
  }
  return out;
}

/**
 * A text shaped to at most `maxSegments` parts: GSM-7 replacements first; a text that needs UCS-2
 * (Twi's ɛ and ɔ, 67 characters a part) and does not fit in it is written in plain letters instead
 * (`plainLetters`, GSM-7: 153 a part), so that it goes out whole (docs/decisions/048); only then
 * are the words shortened (with "...") so that `tail` (the link) is always sent whole.
 */
export function shapeSms(words: string, tail = "", maxSegments = MAX_SEGMENTS): string {
  let head = toGsm7(words).replace(/\s+/g, " ").trim();
  let end = tail ? ` ${toGsm7(tail).trim()}` : "";
  if (countSegments(`${head}${end}`).segments <= maxSegments) return `${head}${end}`;
  if (isGsm7(plainLetters(`${head}${end}`))) {
    head = plainLetters(head);
    end = plainLetters(end);
  }
  const whole = `${head}${end}`;
  if (countSegments(whole).segments <= maxSegments) return whole;
  const encoding: Encoding = isGsm7(whole) ? "GSM-7" : "UCS-2";
  const capacity =
    maxSegments <= 1 ? (encoding === "GSM-7" ? 160 : 70) : (encoding === "GSM-7" ? 153 : 67) * maxSegments;
  let endUnits = 0;
  for (const ch of end) endUnits += width(ch, encoding);
  const room = capacity - endUnits - 3;
  if (room <= 0) throw new Error("the link alone does not fit in an SMS");
  // Part boundaries never split a character, so leave a little slack for an escape pair at a boundary.
  let budget = room;
  for (;;) {
    const shortened = `${fitUnits(head, budget, encoding).trimEnd()}...${end}`;
    if (countSegments(shortened).segments <= maxSegments || budget <= 0) return shortened;
    budget -= 1;
  }
}

/**
 * The events an SMS tells about, each a fixed text of the catalogues (`sms.event.*`, every
 * language: decision 048), never patient or clinical text.
 */
export const SMS_EVENTS = [
  "referral_new",
  "referral_new_urgent",
  "referral_new_emergency",
  "referral_escalated",
  "referral_escalated_urgent",
  "referral_unreachable",
  "referral_accepted",
  "referral_rejected",
  "referral_completed",
  "referral_cancelled",
  "referral_message",
  "payout_made",
] as const;
export type SmsEvent = (typeof SMS_EVENTS)[number];

/** The catalogue's text for an event, with the referral number: "New referral REF-2026-000123". */
export function eventWords(t: Translate, event: SmsEvent, referralNumber: string): string {
  return t(`sms.event.${event}`, { number: referralNumber });
}

const REFERRAL_NUMBER = /^REF-\d{4}-\d{6}$/;

/**
 * A referral SMS in the reader's language (`t`): the sender's name, the event's fixed words, the
 * referral number and its link. Anything that is not a referral number is refused (so no other text
 * can slip in).
 */
export function referralSms(
  t: Translate,
  brand: string,
  event: SmsEvent,
  referralNumber: string,
  link: string,
): string {
  if (!REFERRAL_NUMBER.test(referralNumber)) throw new Error("not a referral number");
  if (!/^https?:\/\/\S+$/.test(link)) throw new Error("not a link");
  return shapeSms(t("sms.referral", { brand, words: eventWords(t, event, referralNumber) }), link);
}

/** The code that signs a person in with their confirmed number (decision 042). */
export function signInCodeSms(t: Translate, brand: string, code: string, minutes: number): string {
  if (!/^\d{6}$/.test(code)) throw new Error("not a 6-digit code");
  return shapeSms(t("sms.sign-in-code", { brand, code, minutes }));
}

/** The phone-confirmation text: the code, how long it lasts, and not to share it. */
export function confirmationCodeSms(t: Translate, brand: string, code: string, minutes: number): string {
  if (!/^\d{6}$/.test(code)) throw new Error("not a 6-digit code");
  return shapeSms(t("sms.confirmation-code", { brand, code, minutes }));
}
