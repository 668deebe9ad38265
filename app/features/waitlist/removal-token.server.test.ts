import { describe, expect, it } from "vitest";
import { signRemovalToken, verifyRemovalToken } from "./removal-token.server";

const secret = "test-secret-test-secret-test-secret-0123";
const id = "0b8e6f5e-4a51-4c6d-9a0e-2f1d3c4b5a69";

describe("removal tokens", () => {
  it("round-trips the entry id", () => {
    const token = signRemovalToken(id, secret);
    expect(token.startsWith(`${id}.`)).toBe(true);
    expect(verifyRemovalToken(token, secret)).toBe(id);
  });

  it("refuses tampered, foreign and malformed tokens without throwing", () => {
    const token = signRemovalToken(id, secret);
    const other = "1b8e6f5e-4a51-4c6d-9a0e-2f1d3c4b5a69";
    const mac = token.split(".")[1];
    const flipped = `${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}`;
    for (const bad of [
      `${other}.${mac}`,
      `${id}.${flipped}`,
      `${token}x`,
      `${token}=`,
      signRemovalToken(id, `${secret}-other`),
      id,
      "",
      ".",
      `not-a-uuid.${mac}`,
      "x".repeat(10_000),
      null,
      undefined,
      42,
      ["a"],
    ]) {
      expect(verifyRemovalToken(bad, secret)).toBeNull();
    }
  });
});
