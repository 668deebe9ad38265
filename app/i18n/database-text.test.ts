import { describe, expect, test } from "vitest";
import { databaseText } from "./database-text";

describe("a database text in the page's language", () => {
  test("English pages show the English, unmarked, whatever French there is", () => {
    expect(databaseText("en", "Cervical Cancer Prevention", "Prévention du cancer du col")).toEqual({
      text: "Cervical Cancer Prevention",
      lang: undefined,
    });
  });

  test("French pages show the French when it was written", () => {
    expect(databaseText("fr", "Cervical Cancer Prevention", "Prévention du cancer du col")).toEqual({
      text: "Prévention du cancer du col",
      lang: undefined,
    });
  });

  test("French pages show the English marked lang=en when the French is missing or blank", () => {
    for (const missing of [null, undefined, "", "   "]) {
      expect(databaseText("fr", "Cervical Cancer Prevention", missing)).toEqual({
        text: "Cervical Cancer Prevention",
        lang: "en",
      });
    }
  });
});
