import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assignUniqueSlugs, slugify, uniqueSlug } from "./slug";

describe("slugify", () => {
  it("lowercases, turns whitespace into hyphens and drops non-word characters", () => {
    expect(slugify("Ridge View Specialist Hospital")).toBe("ridge-view-specialist-hospital");
    expect(slugify("St. Martin's Clinic")).toBe("st-martins-clinic");
    expect(slugify("  Kumasi   Heart\tCentre ")).toBe("kumasi-heart-centre");
    expect(slugify("Lab_One (Takoradi)")).toBe("lab_one-takoradi");
  });

  it("folds accents and collapses repeated hyphens", () => {
    expect(slugify("Clínica São Lucas")).toBe("clinica-sao-lucas");
    expect(slugify("Heart & Vascular -- Centre")).toBe("heart-vascular-centre");
  });

  it("never returns an empty slug", () => {
    expect(slugify("!!!")).toBe("facility");
    expect(slugify("")).toBe("facility");
  });

  it("always yields an address-safe slug", () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        expect(slugify(name)).toMatch(/^[a-z0-9_]+(?:-[a-z0-9_]+)*$/);
      }),
    );
  });
});

describe("unique slugs", () => {
  it("adds the lowest free suffix on a collision", () => {
    const taken = new Set(["city-clinic", "city-clinic-2"]);
    expect(uniqueSlug("City Clinic", (s) => taken.has(s))).toBe("city-clinic-3");
    expect(uniqueSlug("Other Clinic", (s) => taken.has(s))).toBe("other-clinic");
  });

  it("keeps a list unique in order", () => {
    expect(assignUniqueSlugs(["City Clinic", "City  Clinic", "city clinic!", "Lab"], ["lab"])).toEqual([
      "city-clinic",
      "city-clinic-2",
      "city-clinic-3",
      "lab-2",
    ]);
  });
});
