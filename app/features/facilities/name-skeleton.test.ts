import { describe, expect, it } from "vitest";
import { confusableSkeleton, facilityNameKeys, namesLookAlike } from "./name-skeleton";

describe("facility names that look alike (issue 33, UTS #39 skeletons)", () => {
  it("maps look-alike letters of other scripts to their Latin prototypes", () => {
    expect(confusableSkeleton("L\u0430goon")).toBe("Lagoon"); // Cyrillic а
    expect(confusableSkeleton("\u0406nstitute")).toBe("lnstitute"); // Cyrillic І, as a capital I is
  });

  it.each([
    ["Lagoon Heart Institute", "L\u0430goon Heart Institute"],
    ["Lagoon Heart Institute", "Lag\u043e\u043en Heart Institute"],
    ["Lagoon Heart Institute", "Lagoon Heart \u0406nstitute"],
    ["Lagoon Heart Institute", "Lagoon Heart lnstitute"],
    ["Lagoon Heart Institute", "lagoon heart lnstitute"],
    ["Lagoon Heart Institute", "LAGOON HEART LNSTITUTE"],
    ["Lagoon Heart Institute", "  lagoon   HEART institute "],
    ["Lagoon Heart Institute", "Lagoon Heárt Institute"],
    ["Lagoon Heart Institute", "Lagoon-Heart\u200b Institute."],
    ["Lagoon Heart Institute", "Lag00n Heart Institute"],
    ["Lagoon Heart Institute", "\uFF2Cagoon Heart Institute"],
    ["Mile Clinic", "mile clinic"],
    ["Mile Clinic", "rnile Clinic"],
  ])("%s and %s look alike", (a, b) => {
    expect(namesLookAlike(a, b)).toBe(true);
    expect(namesLookAlike(b, a)).toBe(true);
  });

  it.each([
    ["Lagoon Heart Institute", "Lagoon Heart Institute Annex"],
    ["Lagoon Heart Institute", "Lagoon Lung Institute"],
    ["Korle Bu Clinic", "Korle Gonno Clinic"],
  ])("%s and %s do not", (a, b) => {
    expect(namesLookAlike(a, b)).toBe(false);
  });

  it("gives every name a key in letters and digits only", () => {
    expect(facilityNameKeys("St. Mary's Hospital, Ho (Volta) 2")).toContain("stmaryshospitalhovolta2");
  });
});
