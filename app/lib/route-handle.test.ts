import { describe, expect, it } from "vitest";
import { hydrates, inlinesStylesheet } from "./route-handle";

describe("hydrates", () => {
  it("is true unless the deepest route that says so is a content page", () => {
    expect(hydrates([undefined, {}, { static: true }])).toBe(true);
    expect(hydrates([undefined, {}, { hydrate: false, static: true }])).toBe(false);
    // A layout that says nothing does not override its page.
    expect(hydrates([undefined, { hydrate: false }, {}])).toBe(false);
  });
});

describe("inlinesStylesheet", () => {
  it("puts the stylesheet in every public page's HTML, content pages too (issue 29), and links it in the signed-in app", () => {
    // A hydrated public page, and a content page (the page people land on from search).
    expect(inlinesStylesheet([undefined, {}, { versionedBy: "hubs" }])).toBe(true);
    expect(inlinesStylesheet([undefined, {}, { hydrate: false, static: true }])).toBe(true);
    // The signed-in app's layout links the file, whatever its page says.
    expect(inlinesStylesheet([undefined, { stylesheet: "linked" }, {}])).toBe(false);
  });
});
