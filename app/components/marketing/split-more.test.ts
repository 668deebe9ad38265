import { describe, expect, it } from "vitest";
import { splitMore } from "./split-more";

describe("splitMore", () => {
  it("shows everything when there are at most 3", () => {
    expect(splitMore([])).toEqual({ shown: [], more: 0 });
    expect(splitMore(["a", "b", "c"])).toEqual({ shown: ["a", "b", "c"], more: 0 });
  });

  it("shows the first 3 and counts the rest", () => {
    expect(splitMore(["a", "b", "c", "d", "e"])).toEqual({ shown: ["a", "b", "c"], more: 2 });
  });

  it("honours another limit (directory cards show 4)", () => {
    expect(splitMore([1, 2, 3, 4, 5, 6], 4)).toEqual({ shown: [1, 2, 3, 4], more: 2 });
  });
});
