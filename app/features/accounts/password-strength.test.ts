import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EMPTY_BAR_CLASS, MIN_STRENGTH, passwordStrength, strengthBarClass, strengthLabel } from "./password-strength";

describe("passwordStrength", () => {
  it.each([
    ["", 0],
    ["abc", 1],
    ["ABC", 1],
    ["123", 1],
    ["!!!", 1],
    ["abcdefgh", 2],
    ["abcABC", 2],
    ["abcdefgH", 3],
    ["abcABC1", 3],
    ["abcdefG1", 4],
    ["abcABC1!", 5],
    ["Passw0rd!", 5],
    ["aA1!", 4],
    ["        ", 2],
  ])("%j scores %i", (password, score) => {
    expect(passwordStrength(password)).toBe(score);
  });

  it("scores one point per rule, always 0 to 5", () => {
    fc.assert(
      fc.property(fc.string(), (password) => {
        const expected =
          Number(password.length >= 8) +
          Number(/[a-z]/.test(password)) +
          Number(/[A-Z]/.test(password)) +
          Number(/\d/.test(password)) +
          Number(/[^A-Za-z0-9]/.test(password));
        expect(passwordStrength(password)).toBe(expected);
      }),
    );
  });
});

describe("strengthLabel", () => {
  it("labels 0-1 Very Weak, 2 Weak, 3 Fair, 4 Good, 5 Strong", () => {
    expect([0, 1, 2, 3, 4, 5].map(strengthLabel)).toEqual(["Very Weak", "Very Weak", "Weak", "Fair", "Good", "Strong"]);
  });
  it("needs a score of 3", () => {
    expect(MIN_STRENGTH).toBe(3);
  });
});

describe("strengthBarClass", () => {
  it("goes from red to green as the score rises, and differs from an empty bar", () => {
    expect([0, 1, 2, 3, 4, 5].map(strengthBarClass)).toEqual([
      "bg-red-600",
      "bg-red-600",
      "bg-orange-500",
      "bg-yellow-500",
      "bg-brand-600",
      "bg-brand-600",
    ]);
    expect([0, 1, 2, 3, 4, 5].map(strengthBarClass)).not.toContain(EMPTY_BAR_CLASS);
  });
});
