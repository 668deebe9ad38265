import { describe, expect, it } from "vitest";
import { isKnownBreachedPassword } from "./breached-passwords.server";

describe("isKnownBreachedPassword", () => {
  it("knows the passwords every attacker tries first, in any letter case", () => {
    for (const p of ["12345678", "password1", "Password1", "qwerty123", "iloveyou"]) {
      expect(isKnownBreachedPassword(p), p).toBe(true);
    }
  });
  it("lets an unusual password through", () => {
    expect(isKnownBreachedPassword("Kenkey&Shito-at-Osu-7")).toBe(false);
  });
});
