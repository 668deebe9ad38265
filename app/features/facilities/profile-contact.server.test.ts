import { describe, expect, it } from "vitest";
import { directoryAddress, phonesOf } from "./profile-contact.server";

describe("a profile's phones (issue 28)", () => {
  it("are written in groups with their tel: link; WhatsApp only for a mobile number", () => {
    expect(phonesOf(["+233 30 276 4100", "0244102200", "(021) 555"])).toEqual([
      { display: "+233 30 276 4100", href: "tel:+233302764100", whatsapp: null },
      { display: "+233 24 410 2200", href: "tel:+233244102200", whatsapp: "https://wa.me/233244102200" },
      { display: "(021) 555", href: "tel:021555", whatsapp: null },
    ]);
  });
});

describe("the way back to the search results", () => {
  it("is the directory's own address with the filters it knows, never another path or site", () => {
    expect(directoryAddress("q=heart&country=ghana&page=2")).toBe("/facilities?q=heart&country=ghana&page=2");
    expect(directoryAddress("q=heart&evil=1")).toBe("/facilities?q=heart");
    expect(directoryAddress("//evil.example/x")).toBe("/facilities");
    expect(directoryAddress(null)).toBeNull();
    expect(directoryAddress("q=".padEnd(600, "a"))).toBeNull();
  });
});
