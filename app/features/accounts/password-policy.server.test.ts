import { describe, expect, it } from "vitest";
import { BREACHED_PASSWORD_MESSAGE } from "./breached-passwords.server";
import {
  GUESSABLE_PASSWORD_MESSAGE,
  guessScore,
  MIN_GUESS_SCORE,
  newPasswordProblem,
  ownerWords,
} from "./password-policy.server";
import { passwordStrength } from "./password-strength";

const owner = { name: "Ama Mensah", email: "ama.mensah@example.org" };

// Issue 24 (medium 5): the spec's rule counts character classes, so these passed it.
describe("the new-password check on the server", () => {
  it("refuses the passwords the review got accepted, though each passes the spec's strength rule", () => {
    for (const p of ["Admin@123", "Welcome@123", "Password@123", "P@ssw0rd123", "Qurhealth2026", "Ghana@2026"]) {
      expect(passwordStrength(p), p).toBeGreaterThanOrEqual(3);
      expect(newPasswordProblem(p, owner), p).toBe(GUESSABLE_PASSWORD_MESSAGE);
    }
  });

  it("refuses the person's own name or address with a digit or a year", () => {
    for (const p of ["AmaMensah1", "Ama Mensah1", "Mensah2026!", "amamensah7", "Ama.Mensah9"]) {
      expect(guessScore(p, owner), p).toBeLessThan(MIN_GUESS_SCORE);
      expect(newPasswordProblem(p, owner), p).toBe(GUESSABLE_PASSWORD_MESSAGE);
    }
    // The same password is no one's name for someone else: the owner's words are what make it weak.
    expect(newPasswordProblem("AmaMensah7!", { name: "Kwame Asante", email: "k@example.org" })).toBeNull();
    expect(newPasswordProblem("AmaMensah7!", owner)).toBe(GUESSABLE_PASSWORD_MESSAGE);
  });

  it("keeps the breach list's own message for a password known from breaches", () => {
    expect(newPasswordProblem("Password1", owner)).toBe(BREACHED_PASSWORD_MESSAGE);
  });

  it("accepts a password of several unrelated words", () => {
    for (const p of ["Kenkey&Shito-at-Osu-7", "Fresh-Mango-Harbour-5", "Str0ng-Passw0rd!", "Correct-Horse-9"]) {
      expect(newPasswordProblem(p, owner), p).toBeNull();
    }
  });

  it("takes the owner's name and address in the pieces passwords are built from", () => {
    expect(ownerWords({ name: "Ama  Mensah-Boateng", email: "ama.mensah42@Example.org" })).toEqual(
      expect.arrayContaining([
        "ama",
        "mensah",
        "boateng",
        "amamensahboateng",
        "ama.mensah42",
        "amamensah42",
        "example",
      ]),
    );
    expect(ownerWords({})).toEqual([]);
  });
});
