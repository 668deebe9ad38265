import { describe, expect, it } from "vitest";
import { isRecoveryAddress, readRecoveryTokens } from "./recovery-link";

describe("reset links", () => {
  it("reads the tokens from the fragment, or else the query", () => {
    expect(readRecoveryTokens({ hash: "#type=recovery&access_token=a&refresh_token=b", search: "" })).toEqual({
      accessToken: "a",
      refreshToken: "b",
    });
    expect(readRecoveryTokens({ hash: "", search: "?type=recovery&access_token=c&refresh_token=d" })).toEqual({
      accessToken: "c",
      refreshToken: "d",
    });
  });

  it("needs type=recovery and both tokens", () => {
    expect(readRecoveryTokens({ hash: "#access_token=a&refresh_token=b", search: "" })).toBeNull();
    expect(readRecoveryTokens({ hash: "#type=recovery&access_token=a", search: "" })).toBeNull();
    expect(readRecoveryTokens({ hash: "", search: "" })).toBeNull();
  });

  it("recognises recovery mode even without tokens", () => {
    expect(isRecoveryAddress({ hash: "#type=recovery", search: "" })).toBe(true);
    expect(isRecoveryAddress({ hash: "", search: "?type=recovery" })).toBe(true);
    expect(isRecoveryAddress({ hash: "#tab=register", search: "?tab=signin" })).toBe(false);
  });
});
