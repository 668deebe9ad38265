import { readFileSync } from "node:fs";
import { parsePo } from "pofile-ts";
import { describe, expect, test } from "vitest";
import { APPOINTMENT_SMS, appointmentSms } from "~/features/appointments/appointment-sms";
import { signSmsStopToken } from "~/features/waitlist/removal-token.server";
import { waitlistSms } from "~/features/waitlist/waitlist-sms";
import {
  confirmationCodeSms,
  countSegments,
  MAX_SEGMENTS,
  plainLetters,
  referralSms,
  SMS_EVENTS,
  signInCodeSms,
} from "~/lib/sms-text";
import { localePath } from "./locales";
import { SMS_LANGUAGES } from "./message-language";
import { messageCedis, messageDateTime, messageT } from "./message-text.server";

/*
 * Every SMS text in every SMS language (decision 048) fits in 2 parts, whole: with realistic long
 * values (the longest referral number, an appointment's longest date in the language, a long
 * address, a hub named in French, Twi or Hausa) the words are not cut short and the link is sent
 * whole. Twi's ɛ and ɔ force UCS-2 (67 characters a part), so its texts are counted as such.
 */

const BRAND = "Qurhealth";
// Longer than the addresses the product runs at: the texts must fit with it.
const APP_URL = "https://referrals.qurhealth.com.gh";
const REF = "REF-2026-999999";
const UUID = "8f14e45f-ceea-4e6b-9c5d-3b1f2a4e6c7d";

/** Whether the text went out whole: its words not shortened with "...", at most 2 parts. */
function whole(text: string, words: string) {
  expect(countSegments(text).segments, text).toBeLessThanOrEqual(MAX_SEGMENTS);
  expect(text.startsWith(words.replace(/\s+/g, " ").trim()), `shortened: ${text}`).toBe(true);
}

/** The time of day and date that is longest in a language's words (every month, every weekday). */
function longestTime(language: (typeof SMS_LANGUAGES)[number]): string {
  let longest = "";
  for (let day = 0; day < 366; day += 1) {
    const text = messageDateTime(new Date(Date.UTC(2026, 0, 1 + day, 23, 59)), language);
    if (countSegments(text).units > countSegments(longest).units || text.length > longest.length) longest = text;
  }
  return longest;
}

const catalogue = (locale: string) =>
  new Map(
    parsePo(readFileSync(`app/i18n/catalogues/${locale}.po`, "utf8")).items.map((i) => [
      i.msgctxt ?? i.msgid,
      i.msgstr[0],
    ]),
  );

describe.each(SMS_LANGUAGES)("SMS in %s", (language) => {
  const t = messageT(language);
  const page = (path: string) => `${APP_URL}${localePath(language === "fr" ? "fr" : "en", path)}`;

  test("every SMS text of the language is translated (Twi: every text but the waitlist's, which has no Twi page)", () => {
    if (language === "en") return;
    const entries = catalogue(language);
    const keys = [...entries.keys()].filter(
      (k) => k.startsWith("sms.") && !(language === "ak" && k.startsWith("sms.waitlist.")),
    );
    expect(keys.length).toBeGreaterThan(20);
    expect(keys.filter((k) => !entries.get(k))).toEqual([]);
  });

  test.each(SMS_EVENTS)("the referral SMS %s fits in 2 parts, whole", (event) => {
    const link = `${APP_URL}/referrals/${REF}`;
    const text = referralSms(t, BRAND, event, REF, link);
    whole(text, text.slice(0, text.length - link.length));
    expect(text).toContain(REF);
    expect(text.endsWith(` ${link}`)).toBe(true);
    expect(text).not.toContain("...");
  });

  test("the codes fit in one part when GSM-7, two when UCS-2, whole", () => {
    for (const make of [signInCodeSms, confirmationCodeSms]) {
      const text = make(t, BRAND, "048213", 10);
      expect(text).toContain("048213");
      expect(text).not.toContain("...");
      const { encoding, segments } = countSegments(text);
      expect(segments).toBeLessThanOrEqual(encoding === "GSM-7" ? 1 : 2);
    }
  });

  test.each(APPOINTMENT_SMS)("the appointment SMS %s fits in 2 parts with its longest date, whole", (kind) => {
    const link = page(`/appointment/${UUID}.${"b".repeat(43)}`);
    const time = longestTime(language);
    const text = appointmentSms(t, BRAND, kind, link, time);
    expect(text.endsWith(` ${link}`)).toBe(true);
    expect(text).not.toContain("...");
    expect(countSegments(text).segments).toBeLessThanOrEqual(MAX_SEGMENTS);
    if (kind === "confirmed" || kind === "proposed" || kind === "reminder") {
      expect(text.includes(time) || text.includes(plainLetters(time)), text).toBe(true);
    }
  });
});

describe("Twi keeps its own letters when they fit", () => {
  test("a short Twi text is UCS-2 (ɛ, ɔ) within 2 parts; a longer one is written plainly, whole, never cut", () => {
    const t = messageT("ak");
    const link = `${APP_URL}/referrals/${REF}`;
    const accepted = referralSms(t, BRAND, "referral_accepted", REF, link);
    expect(accepted).toBe(`Qurhealth: wɔagye referral ${REF}. ${link}`);
    expect(countSegments(accepted)).toMatchObject({ encoding: "UCS-2", segments: 2 });
    const code = signInCodeSms(t, BRAND, "048213", 10);
    expect(code).toContain("048213");
    expect(countSegments(code).segments).toBeLessThanOrEqual(2);
  });
});

describe.each(["en", "fr"] as const)("the waitlist SMS in %s", (language) => {
  const t = messageT(language);
  const page = (path: string) => `${APP_URL}${localePath(language, path)}`;
  const stop = page(`/hub-sms/stop/${signSmsStopToken(UUID, "x".repeat(40))}`);
  test.each([
    "Kidney Care",
    "Santé maternelle et néonatale",
    "Ɔkɔm ne Nnuane Pa (Nutrition)",
    "Ƙwararrun Lafiyar Zuciya",
  ])("with the hub %s: at most 2 parts, its links whole", (hub) => {
    const hubLink = page("/hub/maternal-and-newborn-health");
    for (const kind of ["launch", "update"] as const) {
      const text = waitlistSms(t, BRAND, hub, kind, hubLink, stop);
      expect(countSegments(text).segments, text).toBeLessThanOrEqual(MAX_SEGMENTS);
      expect(text.endsWith(`${hubLink} ${t("sms.waitlist.stop", { link: stop })}`)).toBe(true);
      // A GSM-7 hub name leaves room for the whole text; a name in Twi or Hausa letters makes it
      // UCS-2, and the words may then be shortened, never the links.
      if (countSegments(hub).encoding === "GSM-7") expect(text).not.toContain("...");
    }
  });
});

describe("formats of the messages (issue 38)", () => {
  test("dates and times: English as in Ghana, French the fr-FR way, without the abbreviations' dots", () => {
    const at = new Date("2026-06-05T10:30:00Z");
    expect(messageDateTime(at, "en")).toBe("Fri 5 Jun, 10:30");
    expect(messageDateTime(at, "fr")).toBe("ven 5 juin, 10:30");
    expect(messageDateTime(at, "ak")).toMatch(/10:30/);
  });

  test("August in French is written aout (1990 spelling): û would force UCS-2 on an SMS", () => {
    const text = messageDateTime(new Date("2026-08-07T09:00:00Z"), "fr");
    expect(text).toBe("ven 7 aout, 09:00");
    expect(countSegments(text).encoding).toBe("GSM-7");
  });

  test("cedi amounts: ₵2,500.50 in English, 2 500,50 ₵ in French", () => {
    expect(messageCedis(250_050, "en")).toBe("₵2,500.50");
    expect(messageCedis(7_000, "en")).toBe("₵70");
    expect(messageCedis(250_050, "fr")).toBe("2\u202f500,50\u00a0₵");
    expect(messageCedis(100_000_000, "fr")).toBe("1\u202f000\u202f000\u00a0₵");
  });
});
