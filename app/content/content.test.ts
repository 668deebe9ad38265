import { describe, expect, it } from "vitest";
import { isIconName } from "../components/marketing/icon";
import { APPS } from "./apps";
import { FREE_PREMIUM_LISTING_PERK, getHub, HUBS } from "./hubs";

const LIVE = ["breast-cancer-care", "black-skin-acne"];
const LAUNCHES: Record<string, string> = {
  "cervical-cancer": "Q1 2025",
  "prostate-cancer": "Q1 2025",
  "diabetes-care": "Q2 2025",
  "mens-sexual-health": "Q2 2025",
  "hypertension-heart": "Q2 2025",
  "maternal-child-health": "Q2 2025",
  "mental-health": "Q3 2025",
  "kidney-liver-care": "Q3 2025",
};

const filled = (s: string | undefined) => typeof s === "string" && s.trim().length > 0;
const PLACEHOLDER = /lorem|ipsum|todo|tbd|coming soon/i;

describe("hubs (spec section 3)", () => {
  it("has the 10 hubs, in the spec's order, with unique ids", () => {
    expect(HUBS.map((h) => h.id)).toEqual([...LIVE, ...Object.keys(LAUNCHES)]);
    expect(new Set(HUBS.map((h) => h.id)).size).toBe(10);
  });

  it("has 2 live hubs with no launch date, and no address that does not resolve (issue 28)", () => {
    const live = HUBS.filter((h) => h.status === "live");
    expect(live.map((h) => h.id)).toEqual(LIVE);
    for (const hub of live) {
      // Their page is /hub/{id}; a placeholder address (*.example never resolves) is not seeded.
      expect(hub.externalUrl).toBeUndefined();
      expect(hub.launchDate).toBeUndefined();
    }
  });

  it("has 8 coming-soon hubs with their launch quarters and no external address", () => {
    const soon = HUBS.filter((h) => h.status === "coming-soon");
    expect(soon).toHaveLength(8);
    for (const hub of soon) {
      expect(hub.launchDate).toBe(LAUNCHES[hub.id]);
      expect(hub.externalUrl).toBeUndefined();
    }
  });

  it("has founding-member capacity and taken 0 everywhere", () => {
    for (const hub of HUBS) {
      expect(hub.foundingMemberCapacity).toBe(0);
      expect(hub.foundingMembersTaken).toBe(0);
    }
  });

  it("fills every field with real copy", () => {
    for (const hub of HUBS) {
      for (const s of [hub.title, hub.description, hub.color, hub.bgColor, ...Object.values(hub.salesPitch).flat()]) {
        expect(filled(s), `${hub.id}: ${s}`).toBe(true);
        expect(s).not.toMatch(PLACEHOLDER);
      }
      expect(isIconName(hub.icon), hub.icon).toBe(true);
      expect(hub.countries.length).toBeGreaterThan(0);
      expect(hub.countries[0]).toBe("Ghana");
      expect(hub.specialties.length).toBeGreaterThanOrEqual(3);
      expect(hub.salesPitch.benefits.length).toBeGreaterThanOrEqual(3);
      expect(hub.targetAudience.length).toBeGreaterThan(0);
      expect(hub.foundingMemberPerks).toContain(FREE_PREMIUM_LISTING_PERK);
      expect(FREE_PREMIUM_LISTING_PERK).toBe("Free premium listing for the first 6 months after launch");
    }
  });

  it("finds hubs by id", () => {
    expect(getHub("mental-health")?.title).toBe("Mental Health");
    expect(getHub("nope")).toBeUndefined();
  });
});

describe("apps (spec section 3)", () => {
  it("has qurbook and qurpro with every field", () => {
    expect(APPS.map((a) => a.id)).toEqual(["qurbook", "qurpro"]);
    for (const app of APPS) {
      for (const s of [app.name, app.tagline, app.description, app.targetAudience]) expect(filled(s)).toBe(true);
      expect(app.features.length).toBeGreaterThanOrEqual(3);
      for (const f of app.features) expect(filled(f.icon) && filled(f.title) && filled(f.description)).toBe(true);
      expect(app.stats).toHaveLength(3);
      for (const s of app.stats) expect(filled(s.value) && filled(s.label)).toBe(true);
      expect(new URL(app.googlePlayUrl).hostname).toBe("play.google.com");
      expect(new URL(app.appStoreUrl).hostname).toBe("apps.apple.com");
      expect(app.countries).toEqual(["Ghana", "Nigeria", "Kenya", "South Africa"]);
      expect(app.primaryCountry).toBe("Ghana");
      expect(app.isFree).toBe(true);
    }
  });
});
