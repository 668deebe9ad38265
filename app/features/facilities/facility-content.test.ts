import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FACILITY_IMAGE_SIZE, FACILITY_SEED } from "~/content/facilities";
import { facilitySeedRows } from "~/db/seed.server";
import { slugify } from "~/lib/slug";
import { COUNTRY_OPTIONS, SERVICE_OPTIONS, SPECIALTY_OPTIONS, TYPE_OPTIONS } from "./facility-filters";

describe("seed facilities (content)", () => {
  it("are the spec's 8, with unique slugs from their names", () => {
    expect(FACILITY_SEED).toHaveLength(8);
    const slugs = facilitySeedRows().map((r) => r.slug);
    expect(new Set(slugs).size).toBe(8);
    expect(slugs).toEqual(FACILITY_SEED.map((f) => slugify(f.name)));
  });

  it("cover every filter option, and Accra, Kumasi and Takoradi", () => {
    for (const { value } of COUNTRY_OPTIONS)
      expect(
        FACILITY_SEED.some((f) => f.country === value),
        value,
      ).toBe(true);
    for (const { value } of TYPE_OPTIONS)
      expect(
        FACILITY_SEED.some((f) => f.type === value),
        value,
      ).toBe(true);
    for (const { label } of SPECIALTY_OPTIONS) {
      expect(
        FACILITY_SEED.some((f) => f.specialties?.includes(label)),
        label,
      ).toBe(true);
    }
    for (const { value } of SERVICE_OPTIONS) {
      expect(
        FACILITY_SEED.some((f) => f.serviceCategories?.includes(value)),
        value,
      ).toBe(true);
    }
    const ghana = FACILITY_SEED.filter((f) => f.country === "ghana").map((f) => f.location);
    expect(ghana).toEqual(expect.arrayContaining(["Accra, Ghana", "Kumasi, Ghana", "Takoradi, Ghana"]));
  });

  it("have consistent directory and profile fields", () => {
    const allowedCategories = new Set<string>(SERVICE_OPTIONS.map((o) => o.value));
    for (const f of FACILITY_SEED) {
      expect(f.location.endsWith(COUNTRY_OPTIONS.find((o) => o.value === f.country)!.label), f.name).toBe(true);
      expect(
        f.specialtyDetails?.map((s) => s.name),
        f.name,
      ).toEqual(f.specialties);
      expect(
        f.serviceCategories?.every((c) => allowedCategories.has(c)),
        f.name,
      ).toBe(true);
      if (f.emergency) expect(f.serviceCategories, f.name).toContain("emergency");
      expect(f.contact.phones.length, f.name).toBeGreaterThan(0);
      for (const url of [f.contact.website, f.contact.facebook, f.contact.instagram]) {
        if (url) expect(url).toMatch(/^https:\/\//);
      }
      expect(JSON.stringify(f)).not.toMatch(/lorem|ipsum|todo|coming soon/i);
    }
  });

  it("have local, small SVG images with explicit dimensions", () => {
    for (const f of FACILITY_SEED) {
      expect(f.image).toMatch(/^\/images\/facilities\/[a-z0-9-]+\.svg$/);
      const file = path.join("public", f.image);
      expect(existsSync(file), file).toBe(true);
      const svg = readFileSync(file, "utf8");
      expect(svg.length).toBeLessThan(4096);
      expect(svg).toContain(`width="${FACILITY_IMAGE_SIZE.width}" height="${FACILITY_IMAGE_SIZE.height}"`);
      expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    }
  });
});
