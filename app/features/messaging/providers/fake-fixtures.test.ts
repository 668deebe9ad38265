import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * Fakes tell the truth (decision 035, architecture habit 13): every answer a provider's fake serves is
 * a fixture of that provider's documented examples, and each names where it was taken from.
 */
const root = path.resolve(import.meta.dirname, "../../../../tests/helpers/fake-providers/fixtures");

describe("the fakes' fixtures", () => {
  const files = readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));

  it("cover every provider", () => {
    const providers = new Set(files.map((f) => f.split(path.sep)[0]));
    expect([...providers].sort()).toEqual(["africastalking", "arkesel", "hubtel", "paystack", "whatsapp"]);
  });

  it.each(files)("%s names its source and holds an answer", (file) => {
    const fixture = JSON.parse(readFileSync(path.join(root, file), "utf8")) as Record<string, unknown>;
    expect(typeof fixture.source).toBe("string");
    expect((fixture.source as string).length).toBeGreaterThan(20);
    // An answer has its HTTP status; a webhook (a request the provider sends) says so in a note instead.
    if (typeof fixture.status !== "number")
      expect(typeof fixture.note, "a fixture without a status says why").toBe("string");
    expect(fixture.body).toBeDefined();
  });
});
