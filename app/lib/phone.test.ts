import { describe, expect, it } from "vitest";
import { formatPhone, isE164, PHONE_MESSAGES, parsePhone, phoneLink } from "./phone";

describe("phone numbers", () => {
  it.each([["020 555 0147"], ["0205550147"], ["+233 20 555 0147"], ["233205550147"], ["(020) 555-0147"]])(
    "reads %s as the Ghanaian mobile +233205550147",
    (input) => {
      expect(parsePhone(input, { mobile: true })).toEqual({
        ok: true,
        e164: "+233205550147",
        display: "+233 20 555 0147",
      });
    },
  );

  it("keeps foreign numbers given with their country code", () => {
    expect(parsePhone("+44 7911 123456")).toMatchObject({ ok: true, e164: "+447911123456" });
  });

  it("refuses what is not a number, and fixed lines where an SMS must arrive", () => {
    for (const bad of ["", "0555", "hello", "+233 12", "1".repeat(41), "020 555 0147 ext 9999999999999999999999"]) {
      expect(parsePhone(bad)).toEqual({ ok: false, message: PHONE_MESSAGES.invalid });
    }
    expect(parsePhone("0302 123456")).toMatchObject({ ok: true, e164: "+233302123456" });
    expect(parsePhone("0302 123456", { mobile: true })).toEqual({ ok: false, message: PHONE_MESSAGES.notMobile });
  });

  it("formats stored numbers in groups and recognises E.164", () => {
    expect(formatPhone("+233205550147")).toBe("+233 20 555 0147");
    expect(formatPhone("0245551234")).toBe("+233 24 555 1234");
    expect(formatPhone("not a number")).toBe("not a number");
    expect(isE164("+233205550147")).toBe(true);
    expect(isE164("0205550147")).toBe(false);
    expect(isE164("+233 20 555 0147")).toBe(false);
  });
});

describe("a number as every page shows it (issue 33)", () => {
  it("is grouped, a tel: link, with WhatsApp only for a mobile", () => {
    expect(phoneLink("+233244123456")).toEqual({
      display: "+233 24 412 3456",
      href: "tel:+233244123456",
      whatsapp: "https://wa.me/233244123456",
    });
    expect(phoneLink("024 412 3456").display).toBe("+233 24 412 3456");
    // A fixed line (Accra): called, not WhatsApp.
    expect(phoneLink("+233302764100")).toEqual({
      display: "+233 30 276 4100",
      href: "tel:+233302764100",
      whatsapp: null,
    });
    // What does not parse is shown as typed, still callable by its digits.
    expect(phoneLink("ext. 12")).toEqual({ display: "ext. 12", href: "tel:12", whatsapp: null });
  });
});
