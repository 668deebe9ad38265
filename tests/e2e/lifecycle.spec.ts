import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort, startServer, waitHealthy } from "../helpers/server-process";

// Each test starts its own production server (a free port, its own data directory) from the same build.
// A first start on an empty PGlite directory creates the database: on a busy machine that takes a while.
// Independent tests (decision 038): they spread over both workers.
test.describe.configure({ timeout: 180_000 });

test("a bad configuration value stops the server with a message naming it", async () => {
  const server = startServer({ PORT: "not-a-port", DATA_DIR: mkdtempSync(path.join(tmpdir(), "cfg-")) });
  expect(await server.exited).toBe(1);
  expect(server.output()).toContain("PORT: expected");
});

test("production refuses to start without AUTH_SECRET", async () => {
  const server = startServer({ PORT: "4391", AUTH_SECRET: "", DATA_DIR: mkdtempSync(path.join(tmpdir(), "cfg-")) });
  expect(await server.exited).toBe(1);
  expect(server.output()).toContain("AUTH_SECRET");
});

test("SIGTERM finishes in-flight requests, closes the database and exits 0; a restart keeps the data", async () => {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "life-"));
  const first = startServer({ PORT: String(port), DATA_DIR: dataDir });
  await waitHealthy(port, first);
  const sitemapBefore = await (await fetch(`http://127.0.0.1:${port}/sitemap.xml`)).text();
  const inFlight = fetch(`http://127.0.0.1:${port}/`);
  await new Promise((r) => setTimeout(r, 5));
  first.child.kill("SIGTERM");
  expect((await inFlight).status).toBe(200);
  expect(await first.exited).toBe(0);
  expect(first.output()).toContain("stopped");

  // Start again on the same data: migrations and the content seed run again without duplicating anything.
  const second = startServer({ PORT: String(port), DATA_DIR: dataDir });
  await waitHealthy(port, second);
  const sitemapAfter = await (await fetch(`http://127.0.0.1:${port}/sitemap.xml`)).text();
  expect(sitemapAfter).toBe(sitemapBefore);
  second.child.kill("SIGTERM");
  expect(await second.exited).toBe(0);
});

test("every line the server logs is JSON", async () => {
  const port = await freePort();
  const server = startServer({ PORT: String(port), DATA_DIR: mkdtempSync(path.join(tmpdir(), "log-")) });
  await waitHealthy(port, server);
  await fetch(`http://127.0.0.1:${port}/about`);
  server.child.kill("SIGTERM");
  await server.exited;
  const lines = server.output().trim().split("\n");
  const parsed = lines.map((l) => JSON.parse(l));
  expect(parsed.some((l) => l.msg === "request" && l.path === "/about" && typeof l.ms === "number")).toBe(true);
});
