import { describe, expect, test } from "vitest";
import { tooManyAttemptsMessage } from "~/lib/rate-limit.server";
import "./server-catalogues.server";
import { builtTextOf, TOO_MANY_ATTEMPTS, tooManyAttemptsText } from "./built-texts";
import { i18nFor } from "./i18n";

/*
 * Texts the server builds in English with a value: English where they are built (code
 * reads them), translated where the page shows them, by the page's own `t`.
 */
describe("texts the server builds in English", () => {
  test("the catalogue's English is the text the server builds", () => {
    for (const minutes of [1, 2, 9, 15, 30, 59]) {
      expect(i18nFor("en")._(TOO_MANY_ATTEMPTS, { minutes })).toBe(tooManyAttemptsText(minutes));
    }
    expect(tooManyAttemptsMessage(30)).toBe("Too many attempts. Try again in 1 minute.");
    expect(tooManyAttemptsMessage(125)).toBe("Too many attempts. Try again in 3 minutes.");
  });

  test("a page shows one in its language", () => {
    expect(i18nFor("fr")._("Too many attempts. Try again in 3 minutes.")).toBe(
      "Trop de tentatives. Réessayez dans 3 minutes.",
    );
    expect(i18nFor("fr")._(tooManyAttemptsMessage(60))).toBe("Trop de tentatives. Réessayez dans 1 minute.");
    expect(i18nFor("en")._("Too many attempts. Try again in 15 minutes.")).toBe(
      "Too many attempts. Try again in 15 minutes.",
    );
  });

  test("other texts are not taken for one", () => {
    expect(builtTextOf("Too many attempts. Try again later.")).toBeNull();
    expect(builtTextOf("Too many attempts: you can attach 30 files an hour. Try again in 12 minutes.")).toBeNull();
    expect(builtTextOf("Too many attempts. Try again in 4 minutes.")).toEqual({
      key: TOO_MANY_ATTEMPTS,
      values: { minutes: 4 },
    });
  });
});
