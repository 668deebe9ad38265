import { describe, expect, it } from "vitest";
import { hydrates } from "./root";

describe("hydrates", () => {
  it("is true unless the deepest route that says so is a content page", () => {
    expect(hydrates([undefined, {}, { static: true }])).toBe(true);
    expect(hydrates([undefined, {}, { hydrate: false, static: true }])).toBe(false);
    // A layout that says nothing does not override its page.
    expect(hydrates([undefined, { hydrate: false }, {}])).toBe(false);
  });
});
