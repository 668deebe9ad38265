import { describe, expect, it } from "vitest";
import { messageT } from "~/i18n/message-text.server";
import { confirmationCodeSms, countSegments, isGsm7, plainLetters, referralSms, shapeSms, toGsm7 } from "./sms-text";

const en = messageT("en");

describe("GSM-7 detection", () => {
  it("knows the default alphabet and its extension table", () => {
    expect(isGsm7("Hello @ £5 é Ø Δ _ {}[]~|^€\\")).toBe(true);
    expect(isGsm7("₵100")).toBe(false);
    expect(isGsm7("Curly ’quote’")).toBe(false);
    expect(isGsm7("Akwaaba 👋")).toBe(false);
    expect(isGsm7("ɛ ɔ")).toBe(false); // Twi letters need UCS-2
  });

  it("replaces typographic characters with GSM-7 ones", () => {
    expect(toGsm7("It’s “ready” – now…")).toBe('It\'s "ready" - now...');
    expect(toGsm7("₵100")).toBe("GHS 100");
    expect(isGsm7(toGsm7("It’s “ready” – now…\u00A0₵5"))).toBe(true);
  });
});

describe("segment counting", () => {
  it("GSM-7: 160 in one, 153 a part beyond", () => {
    expect(countSegments("")).toMatchObject({ segments: 0 });
    expect(countSegments("a".repeat(160))).toEqual({ encoding: "GSM-7", units: 160, segments: 1, perSegment: 160 });
    expect(countSegments("a".repeat(161))).toMatchObject({ segments: 2, perSegment: 153 });
    expect(countSegments("a".repeat(306))).toMatchObject({ segments: 2 });
    expect(countSegments("a".repeat(307))).toMatchObject({ segments: 3 });
  });

  it("extension characters cost two septets and are never split across parts", () => {
    expect(countSegments("€".repeat(80))).toMatchObject({ units: 160, segments: 1 });
    expect(countSegments("€".repeat(81))).toMatchObject({ units: 162, segments: 2 });
    // 152 plain + one € (2 septets) does not fit in 153: the € starts the second part.
    expect(countSegments(`${"a".repeat(152)}€${"a".repeat(152)}`)).toMatchObject({ segments: 3 });
  });

  it("UCS-2: 70 in one, 67 a part beyond; surrogate pairs stay whole", () => {
    expect(countSegments("ɛ".repeat(70))).toEqual({ encoding: "UCS-2", units: 70, segments: 1, perSegment: 70 });
    expect(countSegments("ɛ".repeat(71))).toMatchObject({ segments: 2, perSegment: 67 });
    expect(countSegments("ɛ".repeat(134))).toMatchObject({ segments: 2 });
    expect(countSegments("ɛ".repeat(135))).toMatchObject({ segments: 3 });
    // 66 + a pair (2 units) does not fit in 67: the pair starts the second part, and 134 units need three.
    expect(countSegments(`${"ɛ".repeat(66)}👋${"ɛ".repeat(66)}`)).toMatchObject({ units: 134, segments: 3 });
  });
});

describe("shaping to at most two parts", () => {
  const link = "https://qurhealth.example/referrals/REF-2026-000123";

  it("keeps a short text as it is", () => {
    expect(shapeSms("Qurhealth: New referral REF-2026-000123.", link)).toBe(
      `Qurhealth: New referral REF-2026-000123. ${link}`,
    );
  });

  it("shortens the words, never the link", () => {
    const text = shapeSms("word ".repeat(200), link);
    expect(countSegments(text).segments).toBeLessThanOrEqual(2);
    expect(text.endsWith(`... ${link}`)).toBe(true);
    // Text that must stay UCS-2 (an emoji has no plain form) is shortened in UCS-2.
    const ucs = shapeSms("👋ɛ".repeat(200), link);
    expect(countSegments(ucs)).toMatchObject({ encoding: "UCS-2", segments: 2 });
    expect(ucs.endsWith(link)).toBe(true);
    expect(countSegments(shapeSms("€".repeat(400), link)).segments).toBe(2);
    expect(countSegments(shapeSms("a".repeat(400), "", 1))).toMatchObject({ segments: 1, units: 160 });
  });

  it("writes Twi and Hausa letters plainly (ɛ e, ɔ o, ƙ k) only when the text would not fit in UCS-2", () => {
    const short = "Qurhealth: wɔagye referral REF-2026-000123.";
    expect(shapeSms(short, link)).toBe(`${short} ${link}`);
    expect(countSegments(shapeSms(short, link)).encoding).toBe("UCS-2");
    const long = `Qurhealth: frɛ ayaresabea no: yɛntumi nka referral REF-2026-000123 ho asɛm nkyerɛ obiara wɔ hɔ.`;
    expect(shapeSms(long, link)).toBe(
      `Qurhealth: fre ayaresabea no: yentumi nka referral REF-2026-000123 ho asem nkyere obiara wo ho. ${link}`,
    );
    expect(plainLetters("Ƙwararrun Lafiyar Zuciya, Ɔkɔm, être, reçu")).toBe(
      "Kwararrun Lafiyar Zuciya, Okom, etre, recu",
    );
    expect(plainLetters("é è à Ç 👋")).toBe("é è à Ç 👋");
  });

  it("refuses a link that cannot fit", () => {
    expect(() => shapeSms("x", `https://x.example/${"a".repeat(400)}`)).toThrow(/does not fit/);
  });
});

describe("referral and code texts", () => {
  it("carry the referral number and the link only, in one GSM-7 part", () => {
    const text = referralSms(
      en,
      "Qurhealth",
      "referral_new_emergency",
      "REF-2026-000123",
      "https://qurhealth.example/referrals/REF-2026-000123",
    );
    expect(text).toBe(
      "Qurhealth: New EMERGENCY referral REF-2026-000123. https://qurhealth.example/referrals/REF-2026-000123",
    );
    expect(countSegments(text)).toMatchObject({ encoding: "GSM-7", segments: 1 });
  });

  it("refuses anything that is not a referral number or a link", () => {
    expect(() =>
      referralSms(en, "Qurhealth", "referral_new", "Ama Mensah, 34, chest pain", "https://x.example/r"),
    ).toThrow();
    expect(() => referralSms(en, "Qurhealth", "referral_new", "REF-2026-000123", "javascript:alert(1)")).toThrow();
  });

  it("the confirmation code text", () => {
    const text = confirmationCodeSms(en, "Qurhealth", "048213", 5);
    expect(text).toBe("Qurhealth: your phone confirmation code is 048213. It expires in 5 minutes. Do not share it.");
    expect(countSegments(text).segments).toBe(1);
    expect(() => confirmationCodeSms(en, "Qurhealth", "12345", 5)).toThrow();
  });
});
