import { describe, expect, it } from "vitest";
import { initials } from "./account-menu";

describe("the account menu's initials (UX 9)", () => {
  it("leaves a title out: a doctor's badge is their own initials", () => {
    expect(initials("Dr Ama Mensah")).toBe("AM");
    expect(initials("Dr. Kojo Asante")).toBe("KA");
    expect(initials("Prof Esi Owusu Boateng")).toBe("EB");
    expect(initials("Dr Ama")).toBe("A");
  });

  it("keeps plain names as before", () => {
    expect(initials("Ama Mensah")).toBe("AM");
    expect(initials("Kofi")).toBe("K");
    expect(initials("Dr")).toBe("D");
    expect(initials("  ")).toBe("?");
  });
});
