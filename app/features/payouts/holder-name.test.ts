import { describe, expect, it } from "vitest";
import { sameHolder } from "./holder-name";

describe("sameHolder: the name a doctor typed against the name Paystack resolved", () => {
  it("matches the same person whatever the order, case, accents, titles and extra names", () => {
    expect(sameHolder("Dr Ama Mensah", "AMA MENSAH")).toBe(true);
    expect(sameHolder("Ama Mensah", "MENSAH AMA SERWAA")).toBe(true);
    expect(sameHolder("Dr. Kwabena Ofori-Atta", "OFORI ATTA KWABENA")).toBe(true);
    expect(sameHolder("Prof Éfua Sey", "efua sey")).toBe(true);
  });

  it("does not match another person, or a single shared name", () => {
    expect(sameHolder("Dr Ama Mensah", "WES GIBBONS")).toBe(false);
    expect(sameHolder("Ama Mensah", "KOFI MENSAH")).toBe(false);
    expect(sameHolder("Dr", "DR")).toBe(false);
    expect(sameHolder("", "AMA MENSAH")).toBe(false);
  });
});
