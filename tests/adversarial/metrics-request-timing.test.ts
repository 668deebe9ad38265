import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, type ServerProcess, startServer, waitHealthy } from "../helpers/server-process";
import { type BuiltApp, loadBuiltApp, uniqueIp } from "./built-app";

/*
 * METRICS_REQUEST_TIMING (docs/operations.md): on by default, every request is timed into
 * the latency histogram, labelled by React Router route id (never the address, whose ids would make
 * a series each); with METRICS_REQUEST_TIMING=false (how bench/operations.ts measures what the
 * timing costs) no request is recorded at all, and the rest of /metrics is unchanged. The same
 * requests go to the production build twice: in this process with the default, and as a server
 * process of its own with the timing off (the configuration is read once per process). That server
 * also admits no address (METRICS_ALLOW=none), only its METRICS_TOKEN: the access rules over a real
 * socket, where the address is the connection's (no proxy, TRUST_PROXY off).
 */
const TOKEN = "metrics-timing-token-0123456789-0123456789";
const bearer = { Authorization: `Bearer ${TOKEN}` };
const REQUESTS = [
  "/referrals/REF-2099-424201",
  "/referrals/REF-2099-424202",
  "/facility/a-facility-that-is-not-there-5521",
  "/hub/cervical-cancer.data",
  "/robots.txt",
  "/healthz",
];

let timed: BuiltApp;
let untimed: ServerProcess;
let untimedBase: string;
const dataDir = mkdtempSync(path.join(tmpdir(), "metrics-timing-off-"));

beforeAll(async () => {
  const port = await freePort();
  untimed = startServer({
    PORT: String(port),
    LOG_LEVEL: "warn",
    DATA_DIR: dataDir,
    METRICS_REQUEST_TIMING: "false",
    METRICS_ALLOW: "none",
    METRICS_TOKEN: TOKEN,
  });
  untimedBase = `http://127.0.0.1:${port}`;
  // The server process starts its own PGlite while this one loads the build.
  [timed] = await Promise.all([loadBuiltApp(), waitHealthy(port, untimed, 280_000)]);
  // Two databases created at once on a busy machine: more than the file's two minutes.
}, 300_000);

afterAll(async () => {
  untimed?.child.kill("SIGTERM");
  await untimed?.exited;
  await timed?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const requestSeries = (text: string) =>
  text.split("\n").filter((line) => /^http_request_duration_seconds_(bucket|count|sum)\{/.test(line));

describe("METRICS_REQUEST_TIMING", () => {
  it("on (the default): each request is recorded under its route id, never its address", async () => {
    for (const pathname of REQUESTS) await timed.request(pathname, { ip: uniqueIp() });
    const text = await (await timed.request("/metrics", { ip: "127.0.0.1" })).text();
    const counts = requestSeries(text).filter((line) => line.startsWith("http_request_duration_seconds_count{"));
    const routes = new Set(counts.map((line) => /route="([^"]*)"/.exec(line)?.[1]));
    for (const route of [
      "routes/referrals/referral",
      "routes/public/facility",
      "routes/public/hub",
      "routes/resources/healthz",
      "routes/resources/robots",
    ]) {
      expect(routes, route).toContain(route);
    }
    const referral = counts.find((line) => line.includes('route="routes/referrals/referral"'));
    expect(Number(referral?.split(" ").at(-1))).toBeGreaterThanOrEqual(2);
    // No address, and none of the ids in them, is a label.
    expect(text).not.toMatch(/REF-2099|a-facility-that-is-not-there|cervical-cancer|robots\.txt/);
  });

  it("false: no request is recorded, and the rest of /metrics is unchanged", async () => {
    for (const pathname of REQUESTS) await fetch(`${untimedBase}${pathname}`, { redirect: "manual" });
    const response = await fetch(`${untimedBase}/metrics`, { headers: bearer });
    expect(response.status).toBe(200);
    const text = await response.text();
    // The histogram is declared (dashboards keep their panels) but holds no request.
    expect(text).toContain("# TYPE http_request_duration_seconds histogram");
    expect(requestSeries(text)).toEqual([]);
    expect(text).toMatch(/^http_requests_in_flight 0$/m);
    expect(text).not.toMatch(/REF-2099|a-facility-that-is-not-there|cervical-cancer/);
    // The rest still answers: the process's own and the database's figures.
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
    expect(text).toMatch(/^qurhealth_job_queue_ready\{queue="send-message"\} \d+$/m);
    expect(text).toMatch(/^qurhealth_database_figures_ok 1$/m);
    // The requests were answered (a server that refused them would record nothing either).
    expect((await fetch(`${untimedBase}/healthz`)).status).toBe(200);
    expect((await fetch(`${untimedBase}/robots.txt`)).status).toBe(200);
  });
});

describe("/metrics over a real socket with METRICS_ALLOW=none", () => {
  it("is the site's 404 page to loopback itself without the token, or with a wrong one; the token reads it", async () => {
    const notFound = await fetch(`${untimedBase}/no-such-page`);
    expect(notFound.status).toBe(404);
    const attempts: Record<string, string>[] = [{}, { Authorization: `Bearer ${TOKEN}x` }, { Authorization: TOKEN }];
    for (const headers of attempts) {
      const response = await fetch(`${untimedBase}/metrics`, { headers });
      expect(response.status, JSON.stringify(headers)).toBe(404);
      expect(response.headers.get("content-type")).toBe(notFound.headers.get("content-type"));
      expect(await response.text()).toContain("Page not found");
    }
    const allowed = await fetch(`${untimedBase}/metrics`, { headers: bearer });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  });
});
