import { describe, expect, it } from "vitest";
import {
  expansionLabel,
  expansionWhen,
  facilitiesCount,
  hubStatuses,
  type NetworkFigures,
  partnerFacilitiesInGhana,
  specialistHubs,
} from "./network-figures";

const figures: NetworkFigures = { facilities: 8, ghanaFacilities: 3, hubs: 10, liveHubs: 2 };

describe("the network's figures as the pages state them (issue 28)", () => {
  it("words the database's counts", () => {
    expect(partnerFacilitiesInGhana(figures)).toBe("3 partner facilities in Ghana");
    expect(partnerFacilitiesInGhana({ ...figures, ghanaFacilities: 1 })).toBe("1 partner facility in Ghana");
    expect(facilitiesCount(8)).toBe("8 facilities");
    expect(facilitiesCount(1)).toBe("1 facility");
    expect(hubStatuses(figures)).toBe("2 live, 8 in development");
    expect(specialistHubs(figures)).toBe("10 specialist hubs");
  });

  it("promises the next countries for a year only while that year has not passed", () => {
    expect(expansionLabel(new Date("2025-06-01T00:00:00Z"))).toBe("Coming in 2025");
    expect(expansionWhen(new Date("2024-06-01T00:00:00Z"))).toBe("from 2025");
    expect(expansionLabel(new Date("2026-11-25T00:00:00Z"))).toBe("Coming next");
    expect(expansionWhen(new Date("2026-01-01T00:00:00Z"))).toBe("next");
  });
});
