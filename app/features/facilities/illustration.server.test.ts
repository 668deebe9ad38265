import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { inlineIllustration } from "./illustration.server";

describe("inlineIllustration", () => {
  it("gives a drawn illustration as a data: address holding the file's own SVG", () => {
    const inline = inlineIllustration("/images/facilities/ashanti-childrens-clinic.svg");
    expect(inline).toMatch(/^data:image\/svg\+xml,/);
    const svg = decodeURIComponent(inline!.slice("data:image/svg+xml,".length));
    expect(svg).toBe(readFileSync("public/images/facilities/ashanti-childrens-clinic.svg", "utf8").trim());
  });

  it("gives nothing for a photo, another folder or an address that is not there", () => {
    expect(inlineIllustration("/facility-photos/0b6c1a7e-0000-4000-8000-000000000000/800.webp")).toBeNull();
    expect(inlineIllustration("/images/og-image.svg")).toBeNull();
    expect(inlineIllustration("/images/facilities/nowhere.svg")).toBeNull();
  });
});
