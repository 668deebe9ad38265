import { describe, expect, it } from "vitest";
import { csvCell } from "./waitlist-admin.server";

describe("csvCell", () => {
  it("quotes commas, quotes and line breaks", () => {
    expect(csvCell('Say "hi", then\nleave')).toBe('"Say ""hi"", then\nleave"');
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell(null)).toBe("");
    expect(csvCell(12)).toBe("12");
  });

  it("defuses spreadsheet formulas", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+233 24")).toBe("'+233 24");
    expect(csvCell("-1")).toBe("'-1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
  });

  it("defuses formulas after a separator a locale splits on, and full-width starters", () => {
    expect(csvCell(";=cmd|' /C calc'!A0")).toBe(`"';=cmd|' /C calc'!A0"`);
    expect(csvCell("\uFF1DHYPERLINK(1)")).toBe("'\uFF1DHYPERLINK(1)");
    expect(csvCell("\uFF0B1")).toBe("'\uFF0B1");
    expect(csvCell("Ama; =1+1")).toBe(`"'Ama; =1+1"`);
    expect(csvCell("a,@SUM(1)")).toBe(`"'a,@SUM(1)"`);
    expect(csvCell(" =1")).toBe("' =1");
    // Ordinary text, hyphenated names and phone numbers inside text are left alone.
    expect(csvCell("Abena Owusu-Ansah")).toBe("Abena Owusu-Ansah");
    expect(csvCell("Ghana; Accra")).toBe('"Ghana; Accra"');
  });
});
