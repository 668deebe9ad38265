import { describe, expect, it } from "vitest";
import { HUBS } from "~/content/hubs";
import { catalogueTranslate } from "../../../tests/helpers/catalogue-translate";
import { filterHubs, hubSearchStatus } from "./filter-hubs";

const ids = (q: string) => filterHubs(HUBS, q).map((h) => h.id);

describe("filterHubs", () => {
  it("returns every hub for an empty or blank query", () => {
    expect(filterHubs(HUBS, "")).toHaveLength(10);
    expect(filterHubs(HUBS, "   ")).toHaveLength(10);
  });

  it("matches titles case-insensitively", () => {
    expect(ids("MENTAL")).toEqual(["mental-health"]);
    expect(ids("diabetes")).toEqual(["diabetes-care"]);
  });

  it("matches descriptions", () => {
    expect(ids("hepatitis")).toEqual(["kidney-liver-care"]);
  });

  it("has no minimum length", () => {
    expect(ids("K")).toEqual(["black-skin-acne", "maternal-child-health", "kidney-liver-care"]);
  });

  it("returns nothing when nothing matches", () => {
    expect(ids("xylophone")).toEqual([]);
  });
});

describe("hubSearchStatus", () => {
  it("counts the matches for a query and says 'all' without one", () => {
    const en = catalogueTranslate("en");
    expect(hubSearchStatus(3, 10, " k ", en)).toBe("3 of 10 hubs match “k”");
    expect(hubSearchStatus(10, 10, "  ", en)).toBe("Showing all 10 hubs");
    const fr = catalogueTranslate("fr");
    expect(hubSearchStatus(3, 10, " k ", fr)).toBe("3 pôles sur 10 correspondent à « k »");
    expect(hubSearchStatus(10, 10, "  ", fr)).toBe("Les 10 pôles");
  });
});
