import { describe, expect, it } from "vitest";
import { csvCell, csvStream } from "./csv.server";

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

describe("csvStream", () => {
  const read = async (stream: ReadableStream<Uint8Array>) =>
    new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());

  it("starts with a byte-order mark and the header, then every batch, keyed on the last row", async () => {
    const rows = Array.from({ length: 7 }, (_, i) => ({ n: i + 1, name: i === 2 ? "=cmd" : `Ama ${i + 1}` }));
    const asked: Array<number | null> = [];
    const stream = csvStream<(typeof rows)[number]>(
      [
        ["n", (r) => r.n],
        ["name", (r) => r.name],
      ],
      async (after, size) => {
        asked.push(after?.n ?? null);
        const start = after ? after.n : 0;
        return rows.slice(start, start + size);
      },
      { batchSize: 3 },
    );
    const text = await read(stream);
    expect(text.startsWith("\uFEFFn,name\r\n")).toBe(true);
    expect(text.split("\r\n").slice(1, -1)).toEqual([
      "1,Ama 1",
      "2,Ama 2",
      "3,'=cmd",
      "4,Ama 4",
      "5,Ama 5",
      "6,Ama 6",
      "7,Ama 7",
    ]);
    // 3 + 3 + 1: the short batch ends the file.
    expect(asked).toEqual([null, 3, 6]);
  });

  it("fails the download when a batch fails, rather than ending short", async () => {
    const stream = csvStream<{ n: number }>(
      [["n", (r) => r.n]],
      async (after) => {
        if (after) throw new Error("connection lost");
        return [{ n: 1 }, { n: 2 }];
      },
      { batchSize: 2 },
    );
    await expect(read(stream)).rejects.toThrow("connection lost");
  });
});
