import { describe, expect, test } from "vitest";
import { compileCatalogue } from "../../scripts/vite-po-catalogue";
import { PLATFORM_LAYOUT_ID, pageLocale } from "./page-locale";

describe("the language a page is drawn in (issue 38)", () => {
  test("a public page's is in its path", () => {
    expect(pageLocale("/fr/hubs", [{ id: "root", loaderData: {} }])).toBe("fr");
    expect(pageLocale("/hubs", [{ id: "root", loaderData: {} }])).toBe("en");
  });

  test("the platform's is the person's, whatever the path", () => {
    const frame = (locale: string) => [
      { id: "root", loaderData: {} },
      { id: PLATFORM_LAYOUT_ID, loaderData: { locale } },
    ];
    expect(pageLocale("/dashboard/doctor", frame("fr"))).toBe("fr");
    expect(pageLocale("/dashboard/doctor", frame("en"))).toBe("en");
    // Its frame not loaded (a refusal before it): the path decides.
    expect(pageLocale("/dashboard/doctor", [undefined, { id: PLATFORM_LAYOUT_ID }])).toBe("en");
  });
});

describe("the browser's catalogue parts (scripts/vite-po-catalogue.ts)", () => {
  const po = [
    'msgid ""',
    'msgstr ""',
    "",
    'msgid "Contact us"',
    'msgstr "Contactez-nous"',
    "",
    "#, platform",
    'msgid "Accept referral"',
    'msgstr "Accepter l’orientation"',
    "",
    "#, server-only",
    'msgid "About Qurhealth"',
    'msgstr "À propos de Qurhealth"',
    "",
  ].join("\n");

  test("the site's part has no platform text, the platform's only those; the server has all", () => {
    expect(Object.keys(compileCatalogue(po, { browser: true, part: "site" }))).toEqual(["Contact us"]);
    expect(Object.keys(compileCatalogue(po, { browser: true, part: "platform" }))).toEqual(["Accept referral"]);
    expect(Object.keys(compileCatalogue(po)).sort()).toEqual(["About Qurhealth", "Accept referral", "Contact us"]);
  });
});
