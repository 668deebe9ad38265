import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type BuiltApp, loadBuiltApp } from "./built-app";

let app: BuiltApp;
beforeAll(async () => {
  app = await loadBuiltApp();
});
afterAll(() => app?.close());

/** Everything the process writes to stdout and stderr while `run` runs (the log is at error level here). */
async function output(run: () => Promise<void>): Promise<string[]> {
  const lines: string[] = [];
  const capture = (chunk: unknown) => {
    lines.push(...String(chunk).split("\n").filter(Boolean));
    return true;
  };
  const out = vi.spyOn(process.stdout, "write").mockImplementation(capture);
  const err = vi.spyOn(process.stderr, "write").mockImplementation(capture);
  const warn = vi.spyOn(console, "warn").mockImplementation((...args) => capture(args.join(" ")));
  const error = vi.spyOn(console, "error").mockImplementation((...args) => capture(args.join(" ")));
  try {
    await run();
  } finally {
    for (const spy of [out, err, warn, error]) spy.mockRestore();
  }
  return lines;
}

describe("expected refusals are answered without an error in the log", () => {
  it("a malformed path is a 400, before the router sees it", async () => {
    const lines = await output(async () => {
      for (const path of ["/%E0%A4", "/%E0%A4%A", "/hub/%C0", "/facility/%ZZ"]) {
        const response = await app.request(path);
        expect(response.status, path).toBe(400);
      }
    });
    expect(lines).toEqual([]);
  });

  it("a method a page does not take is a 405, at most info in the log", async () => {
    const lines = await output(async () => {
      for (const method of ["PATCH", "PUT", "DELETE", "POST"]) {
        const response = await app.request("/about", { method, headers: { "Content-Type": "text/plain" }, body: "x" });
        expect(response.status, method).toBe(405);
      }
      expect((await app.request("/about.data", { method: "POST", body: "x" })).status).toBe(405);
    });
    expect(lines).toEqual([]);
  });

  it("a post that says same-origin with another site's Origin is a 403 before the router sees it", async () => {
    const lines = await output(async () => {
      for (const origin of ["https://attacker.example", "null", "https://qurhealth.test"]) {
        for (const target of ["/contact", "/contact.data", "/auth/sign-in"]) {
          const response = await app.request(target, {
            method: "POST",
            headers: {
              "Sec-Fetch-Site": "same-origin",
              Origin: origin,
              "Content-Type": "application/x-www-form-urlencoded",
            },
            body: "name=Ama&email=ama%40example.org&message=Hello",
          });
          expect(response.status, `${origin} ${target}`).toBe(403);
        }
      }
    });
    expect(lines).toEqual([]);
  });

  it("an unknown page is a 404 without an error line", async () => {
    const lines = await output(async () => {
      expect((await app.request("/no-such-page")).status).toBe(404);
      expect((await app.request("/no-such-page.data")).status).toBe(404);
    });
    expect(lines).toEqual([]);
  });
});
