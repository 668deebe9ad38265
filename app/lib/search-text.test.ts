import { describe, expect, it } from "vitest";
import { searchText, withoutControlCharacters } from "./search-text";

describe("searchText", () => {
  it("removes control characters, trims and caps", () => {
    expect(searchText("\u0000 Ama\u0007 \u007f")).toBe("Ama");
    expect(searchText(null)).toBe("");
    expect(searchText("x".repeat(500), 100)).toHaveLength(100);
    expect(searchText("Kɔfi Bɔatɛng 💉")).toBe("Kɔfi Bɔatɛng 💉");
  });
});

describe("withoutControlCharacters", () => {
  it("leaves a clean query string alone", () => {
    expect(withoutControlCharacters("")).toBeNull();
    expect(withoutControlCharacters("?tab=users&q=Ama%20M")).toBeNull();
  });
  it("rewrites one with control characters in a name or a value", () => {
    expect(withoutControlCharacters("?tab=users&q=%00Ama")).toBe("?tab=users&q=Ama");
    expect(withoutControlCharacters("?q%01=1")).toBe("?q=1");
  });
});
