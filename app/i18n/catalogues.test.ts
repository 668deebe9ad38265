import { globSync, readFileSync } from "node:fs";
import { type CompiledMessage, compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { parsePo } from "pofile-ts";
import { describe, expect, test } from "vitest";
import { LOCALES, MESSAGE_ONLY_LOCALES } from "./locales";

/**
 * The catalogues (docs/decisions/044): every key in every language, each message valid ICU with
 * the plural categories of its language (CLDR: French has one, many and other), the same values
 * as its English source, and every key the code asks for present.
 */
type Entry = { source: string; text: string };
function catalogue(locale: string): Map<string, Entry> {
  const items = parsePo(readFileSync(`app/i18n/catalogues/${locale}.po`, "utf8")).items;
  return new Map(
    items.filter((i) => i.msgid).map((i) => [i.msgctxt ?? i.msgid, { source: i.msgid, text: i.msgstr[0] }]),
  );
}
const english = catalogue("en");
const others = [...LOCALES, ...MESSAGE_ONLY_LOCALES].filter((l) => l !== "en");

/** The values a message names, and every plural in it as [its categories]. */
function shape(message: CompiledMessage, values = new Set<string>(), plurals: string[][] = []) {
  for (const token of message) {
    if (typeof token === "string") continue;
    const [name, type, format] = token;
    values.add(name);
    if ((type === "plural" || type === "selectordinal") && format && typeof format === "object") {
      // Exact matches (`=0`) are not categories: compiled, their key is the bare number.
      plurals.push(Object.keys(format).filter((k) => k !== "offset" && !/^=?\d+$/.test(k)));
      for (const [k, choice] of Object.entries(format))
        if (k !== "offset") shape(choice as CompiledMessage, values, plurals);
    } else if (type === "select" && format && typeof format === "object") {
      for (const choice of Object.values(format))
        if (Array.isArray(choice)) shape(choice as CompiledMessage, values, plurals);
    }
  }
  return { values, plurals };
}

function checkPlurals(locale: string, message: string) {
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  for (const found of shape(compileMessageOrThrow(message)).plurals) {
    expect(
      found.filter((c) => !categories.includes(c as Intl.LDMLPluralRule)),
      `${locale}: ${message}`,
    ).toEqual([]);
    expect(
      categories.filter((c) => !found.includes(c)),
      `${locale} needs every category: ${message}`,
    ).toEqual([]);
  }
}

describe("catalogues", () => {
  test("English has keys, each a valid ICU message", () => {
    expect(english.size).toBeGreaterThan(20);
    for (const { source } of english.values()) checkPlurals("en", source);
  });

  test.each(others)("%s has every English key, no other, with the same English source", (locale) => {
    const other = catalogue(locale);
    expect([...english.keys()].filter((k) => !other.has(k))).toEqual([]);
    expect([...other.keys()].filter((k) => !english.has(k))).toEqual([]);
    for (const [key, { source }] of other) expect(source, key).toBe(english.get(key)?.source);
  });

  test.each(LOCALES.filter((l) => l !== "en"))(
    "%s (a page language) translates every key, with its values and plurals",
    (locale) => {
      for (const [key, { source, text }] of catalogue(locale)) {
        expect(text, `untranslated: ${key}`).toBeTruthy();
        checkPlurals(locale, text);
        expect([...shape(compileMessageOrThrow(text)).values].sort(), key).toEqual(
          [...shape(compileMessageOrThrow(source)).values].sort(),
        );
      }
    },
  );

  test("French plurals need many (CLDR): a message with only one and other is refused", () => {
    expect(() => checkPlurals("fr", "{n, plural, one {# orientation} other {# orientations}}")).toThrow();
    expect(() =>
      checkPlurals("fr", "{n, plural, one {# orientation} many {# d’orientations} other {# orientations}}"),
    ).not.toThrow();
  });

  test("every key the code asks for by name is in the catalogue", () => {
    const asked = new Set<string>();
    for (const file of globSync("app/**/*.{ts,tsx}", { exclude: (f) => f.endsWith(".test.ts") })) {
      for (const m of readFileSync(file, "utf8").matchAll(/\bt\("([^"\\]+)"/g)) asked.add(m[1]);
    }
    expect(asked.size).toBeGreaterThan(10);
    expect([...asked].filter((key) => !english.has(key))).toEqual([]);
  });

  test("no public page or shared part asks for a platform text (the site's part of the browser catalogue lacks them)", () => {
    const items = parsePo(readFileSync("app/i18n/catalogues/en.po", "utf8")).items;
    const platform = new Set(items.filter((i) => i.flags.platform).map((i) => i.msgctxt ?? i.msgid));
    const publicFiles = [
      "app/routes/public/**/*.{ts,tsx}",
      "app/routes/auth/**/*.{ts,tsx}",
      "app/shell/**/*.{ts,tsx}",
      "app/components/**/*.{ts,tsx}",
      "app/root.tsx",
    ];
    const asked: string[] = [];
    for (const file of globSync(publicFiles, { exclude: (f) => f.endsWith(".test.ts") || f.endsWith(".test.tsx") })) {
      for (const m of readFileSync(file, "utf8").matchAll(/\bt\("([^"\\]+)"/g))
        if (platform.has(m[1])) asked.push(`${file}: ${m[1]}`);
    }
    expect(asked).toEqual([]);
  });

  test("a platform text is flagged in every catalogue alike", () => {
    const flagged = (locale: string) =>
      parsePo(readFileSync(`app/i18n/catalogues/${locale}.po`, "utf8"))
        .items.filter((i) => i.flags.platform)
        .map((i) => i.msgctxt ?? i.msgid)
        .sort();
    for (const locale of others) expect(flagged(locale), locale).toEqual(flagged("en"));
  });
});
