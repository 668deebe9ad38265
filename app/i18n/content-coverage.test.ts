import { readFileSync } from "node:fs";
import { parsePo } from "pofile-ts";
import { describe, expect, test } from "vitest";
import * as about from "~/content/about";
import * as apps from "~/content/apps";
import * as appsPage from "~/content/apps-page";
import * as careers from "~/content/careers";
import * as contact from "~/content/contact";
import * as forFacilities from "~/content/for-facilities";
import * as legal from "~/content/legal";
import * as press from "~/content/press";

/**
 * The translated pages' copy lives in English in the content modules and is looked up in the
 * catalogues by its English (docs/decisions/044): a text edited here without its catalogue entry
 * would show in English on the French page. Every text of these modules must be a catalogue key.
 */
const keys = new Set(parsePo(readFileSync("app/i18n/catalogues/en.po", "utf8")).items.map((i) => i.msgctxt ?? i.msgid));
/** Fields that are addresses, identifiers or styles, not text. */
const NOT_TEXT = new Set([
  "id",
  "href",
  "to",
  "icon",
  "color",
  "bgColor",
  "updated",
  "value",
  "googlePlayUrl",
  "appStoreUrl",
  "CONTACT_SUBJECT_VALUES",
  "investHref",
  "name",
]);

function texts(value: unknown, key = "", found: string[] = []): string[] {
  if (typeof value === "string") {
    if (!NOT_TEXT.has(key) && /[A-Za-z]/.test(value) && !/^(\/|#|mailto:|https?:)/.test(value)) found.push(value);
  } else if (Array.isArray(value)) {
    for (const item of value) texts(item, key, found);
  } else if (value && typeof value === "object") {
    for (const [k, item] of Object.entries(value)) texts(item, k, found);
  }
  return found;
}

describe("the translated pages' copy is in the catalogue", () => {
  test.each([
    ["about", about],
    ["apps", apps],
    ["apps-page", appsPage],
    ["careers", careers],
    ["contact", contact],
    ["for-facilities", forFacilities],
    ["legal", legal],
    ["press (assets and header)", { PRESS: press.PRESS, PRESS_ASSETS: press.PRESS_ASSETS }],
  ])("%s", (_name, module) => {
    const all = texts(module);
    expect(all.length).toBeGreaterThan(3);
    expect(all.filter((text) => !keys.has(text))).toEqual([]);
  });

  test("a text missing from the catalogue is found", () => {
    expect(texts({ title: "Not in any catalogue", href: "/x" }).filter((t) => !keys.has(t))).toEqual([
      "Not in any catalogue",
    ]);
  });
});
