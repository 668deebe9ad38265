// `npm run bench` (issue 8): the production build measured four ways, each written to bench/results/.
//   http        autocannon on /, /hubs, /hub/cervical-cancer, /facilities and a signed-in dashboard,
//               each next to a bare node:http floor server (bench/floor.ts) doing the same work without
//               the framework; on PGlite and on PostgreSQL                          -> http.json
//   lighthouse  every public route, default mobile profile (Slow 4G, 4x CPU)         -> lighthouse.json
//   bundles     gzipped JS and CSS per public route (scripts/bundle-report.ts)      -> bundle-sizes.json
//   durability  SIGKILL rounds in a stream of writes (tests/adversarial/durability.ts), PGlite and
//               PostgreSQL: acknowledged writes lost                                -> durability.json
// Then bench/results/summary.md from every result file present (with referrals-postgres.json, written
// by bench/referrals-seed.ts) and the hand-written analysis in bench/analysis.md.
// Environment: BUILD_DIR (default build), BENCH_ONLY (comma list of the sections above),
// BENCH_SKIP_LIGHTHOUSE=1, BENCH_SECONDS (20), BENCH_ROUNDS (4: the app and the floor take turns in
// this many bursts of BENCH_SECONDS / BENCH_ROUNDS), BENCH_CONNECTIONS (50), BENCH_WARMUP_SECONDS (3),
// BENCH_LIGHTHOUSE_RUNS (1; the median run by LCP is kept), BENCH_DURABILITY_ROUNDS (10),
// BENCH_POSTGRES_URL (default TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres;
// a throwaway database is created and dropped), BENCH_SKIP_POSTGRES=1, BENCH_PATHS (comma list of the
// HTTP and Lighthouse sections' paths to measure, printed only: the JSON is written by a run of every path).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { PUBLIC_PATHS } from "../app/content/public-routes.ts";
import { type DurabilityReport, runDurability, writeStreams } from "../tests/adversarial/durability.ts";
import { freePort, type ServerProcess, startServer, waitHealthy } from "../tests/helpers/server-process.ts";
import {
  AUTH_SECRET,
  appEnv,
  type BenchDb,
  HTTP_DATA,
  type Kind,
  postgresReachable,
  postgresUrl,
  prepareDatabase,
  signIn,
} from "./databases.ts";

const RESULTS = "bench/results";
const buildDir = process.env.BUILD_DIR ?? "build";
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
/** The app and the floor take turns: BENCH_SECONDS each, in this many bursts. */
const rounds = Number(process.env.BENCH_ROUNDS ?? 4);
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1);
const durabilityRounds = Number(process.env.BENCH_DURABILITY_ROUNDS ?? 10);
const onlyPaths = process.env.BENCH_PATHS?.split(",");
const sections = new Set((process.env.BENCH_ONLY ?? "http,lighthouse,bundles,durability").split(","));
if (process.env.BENCH_SKIP_LIGHTHOUSE === "1") sections.delete("lighthouse");
const budgets = JSON.parse(readFileSync("bench/budgets.json", "utf8"));

// The app servers and the floor share one secret (the floor checks the app's session cookie), and
// this process signs in users for the durability streams with it too.
process.env.NODE_ENV = "production";
process.env.AUTH_SECRET = AUTH_SECRET;
process.env.LOG_LEVEL ??= "error";

if (!existsSync(path.join(buildDir, "server/index.js"))) {
  console.error(`No build in ${buildDir}: run \`npm run build\` first (BUILD_DIR=${buildDir}).`);
  process.exit(1);
}
mkdirSync(RESULTS, { recursive: true });
const log = (line: string) => console.log(line);
const load1 = () => Math.round(os.loadavg()[0] * 10) / 10;
const writeResult = (file: string, value: unknown) =>
  writeFileSync(path.join(RESULTS, file), `${JSON.stringify(value, null, 2)}\n`);

/* ---------------------------------------------------------------------------------------------- */
/* Databases and processes                                                                        */
/* ---------------------------------------------------------------------------------------------- */

type Running = { port: number; stop(): Promise<void> };

async function stopProcess(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

/** The production server (the build in BUILD_DIR) on `database`. */
async function startApp(database: BenchDb): Promise<Running> {
  const port = await freePort();
  const server: ServerProcess = startServer({ ...appEnv(database), PORT: String(port), LOG_LEVEL: "warn" });
  await waitHealthy(port, server.child, 60_000);
  return { port, stop: () => stopProcess(server.child, server.exited) };
}

/** The floor server (bench/floor.ts) on `database`, serving `pagesFile`'s static pages. */
async function startFloor(database: BenchDb, pagesFile: string): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "bench/floor.ts"], {
    env: { ...process.env, ...database.env, AUTH_SECRET, FLOOR_PORT: String(port), FLOOR_PAGES: pagesFile },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (d: Buffer) => d.toString().includes("floor listening") && resolve());
    child.on("exit", () => reject(new Error("the floor server exited")));
  });
  return { port, stop: () => stopProcess(child, exited) };
}

/* ---------------------------------------------------------------------------------------------- */
/* HTTP                                                                                           */
/* ---------------------------------------------------------------------------------------------- */

type Target = {
  path: string;
  /** content: the 1,500 req/s + p99 target; signed-in: two thirds of the floor. */
  kind: "content" | "signed-in";
  /** What the floor does for this page. */
  floor: string;
  /** A string the app's and the floor's answers contain (they answer the real thing). */
  expect: [app: string, floor: string];
};

const TARGETS: Target[] = [
  { path: "/", kind: "content", floor: "the same bytes", expect: ["Qurhealth", "Qurhealth"] },
  { path: "/hubs", kind: "content", floor: "the same bytes", expect: ["Specialty Hubs", "Specialty Hubs"] },
  {
    path: "/hub/cervical-cancer",
    kind: "content",
    floor: "the same bytes",
    expect: ["Cervical Cancer", "Cervical Cancer"],
  },
  { path: "/facilities", kind: "content", floor: "listFacilities", expect: ["facilities", "facilities"] },
  {
    path: "/dashboard/system-admin",
    kind: "signed-in",
    floor: "getActor (session) + platformStats + listAllReferrals",
    expect: ["Total Referrals", "referrals"],
  },
];

type Measured = {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  requests: number;
  errors: number;
  non2xx: number;
};

/** One server's share of a page's measurement: every burst's requests and response times. */
type Tally = { requests: number; seconds: number; latencies: number[]; errors: number; non2xx: number };
const newTally = (): Tally => ({ requests: 0, seconds: 0, latencies: [], errors: 0, non2xx: 0 });

/** `duration` seconds of autocannon on `url`, added to `tally` (none: a warm-up). */
function burst(url: string, headers: Record<string, string>, duration: number, tally?: Tally): Promise<void> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, connections, duration, headers: { "accept-encoding": "gzip, deflate, br", ...headers } },
      (error, result) => {
        if (error) return reject(error);
        if (tally) {
          tally.requests += result.requests.total;
          tally.seconds += result.duration;
          tally.errors += result.errors + result.timeouts;
          tally.non2xx += result.non2xx;
        }
        resolve();
      },
    );
    if (tally) instance.on("response", (_client, _status, _bytes, ms) => tally.latencies.push(ms));
  });
}

function measured(tally: Tally): Measured {
  const sorted = Float64Array.from(tally.latencies).sort();
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  return {
    requestsPerSecond: Math.round(tally.requests / tally.seconds),
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: Math.round(sorted.at(-1) ?? 0),
    requests: tally.requests,
    errors: tally.errors,
    non2xx: tally.non2xx,
  };
}

async function expectPage(url: string, headers: Record<string, string>, text: string): Promise<string> {
  const response = await fetch(url, { headers, redirect: "manual" });
  const body = await response.text();
  if (response.status !== 200 || !body.includes(text)) {
    throw new Error(`${url} answered ${response.status} without "${text}"`);
  }
  return body;
}

type HttpRow = {
  path: string;
  kind: Target["kind"];
  floorDoes: string;
  app: Measured;
  floor: Measured;
  ratioToFloor: number;
  loadAverage: number;
};

async function httpBench(kind: Kind): Promise<HttpRow[]> {
  log(`\nHTTP on ${kind}: seeding ${HTTP_DATA.referrals} referrals, ${HTTP_DATA.users} users...`);
  const database = await prepareDatabase(kind, HTTP_DATA);
  const rows: HttpRow[] = [];
  try {
    // Sign in once and keep the static pages' bytes for the floor.
    const first = await startApp(database);
    const base = `http://127.0.0.1:${first.port}`;
    let cookie: string;
    const pages: Record<string, string> = {};
    try {
      cookie = await signIn(base);
      for (const t of TARGETS.filter((t) => t.floor === "the same bytes")) {
        pages[t.path] = await expectPage(`${base}${t.path}`, {}, t.expect[0]);
      }
    } finally {
      await first.stop();
    }
    const pagesFile = path.join(database.env.DATA_DIR, "floor-pages.json");
    writeFileSync(pagesFile, JSON.stringify(pages));

    // Both servers stay up; on PGlite, one process owns a database directory, so the floor gets a
    // copy (the session included).
    const floorDatabase = { ...database, env: { ...database.env } };
    if (kind === "pglite") {
      floorDatabase.env.DATA_DIR = path.join(database.env.DATA_DIR, "floor");
      cpSync(path.join(database.env.DATA_DIR, "pglite"), path.join(floorDatabase.env.DATA_DIR, "pglite"), {
        recursive: true,
      });
    }
    const app = await startApp(database);
    const floor = await startFloor(floorDatabase, pagesFile);
    try {
      // Page by page, the app and the floor take turns (app, floor, floor, app, ...) in bursts that
      // add up to BENCH_SECONDS each, so a change in the machine's load falls on both alike.
      for (const target of TARGETS.filter((t) => !onlyPaths || onlyPaths.includes(t.path))) {
        const headers: Record<string, string> = target.kind === "signed-in" ? { cookie } : {};
        const appUrl = `http://127.0.0.1:${app.port}${target.path}`;
        const floorUrl = `http://127.0.0.1:${floor.port}${target.path}`;
        await expectPage(appUrl, headers, target.expect[0]);
        await expectPage(floorUrl, headers, target.expect[1]);
        const loadAverage = load1();
        await burst(appUrl, headers, warmupSeconds);
        await burst(floorUrl, headers, warmupSeconds);
        const appTally = newTally();
        const floorTally = newTally();
        for (let round = 0; round < rounds; round++) {
          const turns: [string, Tally][] = [
            [appUrl, appTally],
            [floorUrl, floorTally],
          ];
          for (const [url, tally] of round % 2 === 0 ? turns : turns.reverse()) {
            await burst(url, headers, seconds / rounds, tally);
          }
        }
        const appResult = measured(appTally);
        const floorResult = measured(floorTally);
        const row: HttpRow = {
          path: target.path,
          kind: target.kind,
          floorDoes: target.floor,
          app: appResult,
          floor: floorResult,
          ratioToFloor: Math.round((appResult.requestsPerSecond / floorResult.requestsPerSecond) * 100) / 100,
          loadAverage,
        };
        rows.push(row);
        log(
          `  ${target.path}: app ${appResult.requestsPerSecond} req/s (p99 ${appResult.p99Ms} ms), floor ${floorResult.requestsPerSecond} req/s (p99 ${floorResult.p99Ms} ms), ratio ${row.ratioToFloor}`,
        );
      }
    } finally {
      await app.stop();
      await floor.stop();
    }
  } finally {
    await database.drop();
  }
  return rows;
}

/* ---------------------------------------------------------------------------------------------- */
/* Lighthouse                                                                                     */
/* ---------------------------------------------------------------------------------------------- */

type LighthouseRow = {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: number;
};

async function lighthouseBench(): Promise<LighthouseRow[]> {
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const database = await prepareDatabase("pglite", null);
  const app = await startApp(database);
  const base = `http://127.0.0.1:${app.port}`;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  const rows: LighthouseRow[] = [];
  try {
    const facility = (await (await fetch(`${base}/facilities`)).text()).match(/href="(\/facility\/[^"]+)"/)?.[1];
    // Every public route: the indexable pages, one hub and one facility page, and the account pages.
    const paths = [
      ...PUBLIC_PATHS,
      "/hub/cervical-cancer",
      ...(facility ? [facility] : []),
      "/auth",
      "/forgot-password",
      "/reset-password",
    ].filter((p) => !onlyPaths || onlyPaths.includes(p));
    for (const p of paths) {
      const runs: LighthouseRow[] = [];
      for (let i = 0, failures = 0; i < lighthouseRuns; i++) {
        const result = await lighthouse(`${base}${p}`, { port: chrome.port, output: "json", logLevel: "error" });
        const lhr = result?.lhr;
        // A run that failed to load or trace the page (e.g. a protocol timeout on a busy machine) has
        // no scores: it is run again, at most twice, and then the bench stops.
        if (!lhr || lhr.runtimeError || lhr.categories.performance?.score == null) {
          failures += 1;
          log(`  ${p}: Lighthouse run failed (${lhr?.runtimeError?.code ?? "no result"}), again`);
          if (failures > 2) throw new Error(`Lighthouse failed three times on ${p}`);
          i -= 1;
          continue;
        }
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? 0;
        runs.push({
          path: p,
          performance: score("performance"),
          accessibility: score("accessibility"),
          bestPractices: score("best-practices"),
          seo: score("seo"),
          lcpMs: Math.round(audit("largest-contentful-paint")),
          tbtMs: Math.round(audit("total-blocking-time")),
          cls: Math.round(audit("cumulative-layout-shift") * 1000) / 1000,
          bytes: Math.round(audit("total-byte-weight")),
        });
      }
      // The median run by LCP (the metric closest to its limit here), kept whole.
      const row = runs.sort((a, b) => a.lcpMs - b.lcpMs)[Math.floor(runs.length / 2)];
      rows.push(row);
      log(
        `  ${p}: perf ${row.performance}, a11y ${row.accessibility}, best practices ${row.bestPractices}, SEO ${row.seo}, LCP ${row.lcpMs} ms, TBT ${row.tbtMs} ms, CLS ${row.cls}, ${row.bytes} bytes`,
      );
    }
  } finally {
    chrome.kill();
    await app.stop();
    await database.drop();
  }
  return rows;
}

/* ---------------------------------------------------------------------------------------------- */
/* Sections                                                                                       */
/* ---------------------------------------------------------------------------------------------- */

const startedAt = new Date().toISOString();
const postgres = process.env.BENCH_SKIP_POSTGRES !== "1" && (await postgresReachable());
if (!postgres) log(`PostgreSQL not used (BENCH_SKIP_POSTGRES=1, or nothing answers at ${new URL(postgresUrl).host}).`);
const kinds: Kind[] = postgres ? ["pglite", "postgres"] : ["pglite"];
const machine = () => ({
  cores: os.cpus().length,
  cpu: os.cpus()[0]?.model ?? "unknown",
  loadAverage: os.loadavg().map((l) => Math.round(l * 10) / 10),
});

if (sections.has("http")) {
  const before = machine();
  const databases: Partial<Record<Kind, HttpRow[]>> = {};
  for (const kind of kinds) databases[kind] = await httpBench(kind);
  if (onlyPaths) log("BENCH_PATHS is set: http.json is left as it was.");
  else
    writeResult("http.json", {
      measuredAt: startedAt,
      seconds,
      rounds,
      connections,
      warmupSeconds,
      data: HTTP_DATA,
      machine: { ...before, loadAverageAfter: machine().loadAverage },
      databases,
    });
}

if (sections.has("lighthouse")) {
  log("\nLighthouse (mobile profile), PGlite with the site's content:");
  const before = machine();
  const rows = await lighthouseBench();
  if (onlyPaths) {
    log("BENCH_PATHS is set: lighthouse.json is left as it was.");
  } else {
    writeResult("lighthouse.json", {
      measuredAt: new Date().toISOString(),
      runsPerPage: lighthouseRuns,
      machine: { ...before, loadAverageAfter: machine().loadAverage },
      rows,
    });
  }
}

if (sections.has("bundles")) {
  log("\nGzipped JavaScript and CSS per public route (scripts/bundle-report.ts):");
  const report = spawnSync(process.execPath, ["scripts/bundle-report.ts"], {
    env: { ...process.env, BUILD_DIR: buildDir },
    stdio: "inherit",
  });
  if (report.status !== 0) throw new Error("scripts/bundle-report.ts failed");
}

if (sections.has("durability")) {
  log(`\nDurability: ${durabilityRounds} SIGKILL rounds per database in a stream of writes:`);
  process.env.TEST_DATABASE_URL ??= postgresUrl;
  const reports: DurabilityReport[] = [];
  for (const database of kinds) {
    const report = await runDurability({ database, rounds: durabilityRounds });
    reports.push(report);
    log(
      `  ${database}: ${report.sent} sent, ${report.acknowledged} acknowledged, ${report.lost.length} acknowledged lost, ${report.unacknowledgedButStored} stored without an answer; restart ${Math.min(...report.restartMs)}-${Math.max(...report.restartMs)} ms`,
    );
  }
  writeResult("durability.json", { measuredAt: new Date().toISOString(), machine: machine(), reports });
}

/* ---------------------------------------------------------------------------------------------- */
/* Summary                                                                                        */
/* ---------------------------------------------------------------------------------------------- */

const readResult = (file: string) => {
  const full = path.join(RESULTS, file);
  return existsSync(full) ? JSON.parse(readFileSync(full, "utf8")) : null;
};
const pct = (value: number, target: number) => `${Math.round((value / target) * 100)}%`;
const day = (iso: string) => iso.replace("T", " ").slice(0, 16);

function httpVerdict(row: HttpRow): string {
  const { contentPageRps, contentPageP99Ms, signedInReadRatioOfFloor } = budgets.http;
  if (row.app.errors > 0 || row.app.non2xx > 0) return `INVALID (${row.app.errors} errors, ${row.app.non2xx} non-2xx)`;
  if (row.kind === "signed-in") {
    return row.ratioToFloor >= signedInReadRatioOfFloor
      ? "yes"
      : `no: ${row.ratioToFloor} of the floor (target ${signedInReadRatioOfFloor})`;
  }
  const misses = [];
  if (row.app.requestsPerSecond < contentPageRps)
    misses.push(
      `${pct(row.app.requestsPerSecond, contentPageRps)} of ${contentPageRps} req/s (${contentPageRps - row.app.requestsPerSecond} short)`,
    );
  if (row.app.p99Ms > contentPageP99Ms) misses.push(`p99 ${row.app.p99Ms} ms > ${contentPageP99Ms} ms`);
  return misses.length ? `no: ${misses.join("; ")}` : "yes";
}

const lines: string[] = [`# Benchmark summary`, ""];
const http = readResult("http.json");
if (http) {
  const { contentPageRps, contentPageP99Ms, signedInReadRatioOfFloor } = budgets.http;
  lines.push(
    `## HTTP (${day(http.measuredAt)} UTC)`,
    "",
    `autocannon, ${http.connections} connections, ${http.seconds} s per server and page after a ${http.warmupSeconds} s warm-up each; the app (production build, request log off) and the floor (bench/floor.ts: bare node:http doing the same database work) take turns in ${http.rounds ?? 1} bursts each (app, floor, floor, app, ...), so a change in the machine's load falls on both; requests per second over all bursts, percentiles over every response. Data: ${http.data.referrals} referrals, ${http.data.users} users and ${http.data.facilities} extra facilities (on PGlite the floor reads a copy of the same database). The signed-in page is /dashboard/system-admin as the bootstrap administrator (session cookie from the real sign-in form).`,
    `Machine: ${http.machine.cores} cores (${http.machine.cpu}), shared with other agents running tests: load average ${http.machine.loadAverage[0]} at the start, ${http.machine.loadAverageAfter[0]} at the end, so every number here is noisy and low.`,
    `Targets: a content page >= ${contentPageRps} req/s with p99 <= ${contentPageP99Ms} ms; the signed-in data read >= ${signedInReadRatioOfFloor} of its floor.`,
    "",
  );
  for (const [kind, rows] of Object.entries(http.databases as Record<Kind, HttpRow[]>)) {
    lines.push(
      `### ${kind === "pglite" ? "PGlite (embedded default)" : "PostgreSQL 127.0.0.1:5432"}`,
      "",
      "| page | app req/s | app p99 ms | floor req/s | floor p99 ms | ratio | floor does | load avg | meets target |",
      "|---|---|---|---|---|---|---|---|---|",
      ...rows.map(
        (r) =>
          `| ${r.path} | ${r.app.requestsPerSecond} | ${r.app.p99Ms} | ${r.floor.requestsPerSecond} | ${r.floor.p99Ms} | ${r.ratioToFloor} | ${r.floorDoes} | ${r.loadAverage} | ${httpVerdict(r)} |`,
      ),
      "",
    );
  }
}

const lighthouseResult = readResult("lighthouse.json");
if (lighthouseResult) {
  const t = budgets.lighthouse;
  const misses = (r: LighthouseRow) =>
    [
      r.performance < t.performance && `perf ${r.performance} < ${t.performance}`,
      r.accessibility < t.accessibility && `a11y ${r.accessibility} < ${t.accessibility}`,
      r.lcpMs > t.lcpMs && `LCP ${r.lcpMs} ms > ${t.lcpMs} ms (+${r.lcpMs - t.lcpMs})`,
      r.tbtMs > t.tbtMs && `TBT ${r.tbtMs} ms > ${t.tbtMs} ms`,
      r.cls > t.cls && `CLS ${r.cls} > ${t.cls}`,
    ].filter(Boolean);
  lines.push(
    `## Lighthouse (${day(lighthouseResult.measuredAt)} UTC)`,
    "",
    `Lighthouse ${JSON.parse(readFileSync("node_modules/lighthouse/package.json", "utf8")).version}, default mobile profile (simulated Slow 4G, 4x CPU slowdown), Chromium headless, median of ${lighthouseResult.runsPerPage} run(s) per page, load average ${lighthouseResult.machine.loadAverage[0]}.`,
    `Targets: performance >= ${t.performance}, accessibility ${t.accessibility}, LCP <= ${t.lcpMs} ms, TBT <= ${t.tbtMs} ms, CLS <= ${t.cls}. The first ${PUBLIC_PATHS.length} rows are app/content/public-routes.ts; then a hub page, a facility page and the account pages (public too, not indexed).`,
    "",
    "| page | perf | a11y | best practices | SEO | LCP ms | TBT ms | CLS | bytes | meets targets |",
    "|---|---|---|---|---|---|---|---|---|---|",
    ...(lighthouseResult.rows as LighthouseRow[]).map((r) => {
      const missed = misses(r);
      return `| ${r.path} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} | ${r.bytes} | ${missed.length ? `no: ${missed.join("; ")}` : "yes"} |`;
    }),
    "",
  );
}

const bundles = readResult("bundle-sizes.json");
if (bundles) {
  type BundleRow = { path: string; jsKb: number; cssKb: number; files: number; budgetKb: number; ok: boolean };
  lines.push(
    `## JavaScript and CSS per public route (${day(bundles.measuredAt)} UTC)`,
    "",
    `Gzipped bytes each route loads, from the built server's HTML (scripts/bundle-report.ts). Budgets (bench/budgets.json): ${budgets.javascriptGzipKb.interactivePage} KB of JavaScript on a page with a page script, ${budgets.javascriptGzipKb.staticPage} KB on a page with nothing interactive, ${budgets.cssGzipKb} KB of CSS.`,
    "",
    "| page | JS KB | files | CSS KB | JS budget KB | within budget |",
    "|---|---|---|---|---|---|",
    ...(bundles.rows as BundleRow[]).map(
      (r) => `| ${r.path} | ${r.jsKb} | ${r.files} | ${r.cssKb} | ${r.budgetKb} | ${r.ok ? "yes" : "no"} |`,
    ),
    "",
  );
}

const durability = readResult("durability.json");
if (durability) {
  lines.push(
    `## Durability under SIGKILL (${day(durability.measuredAt)} UTC)`,
    "",
    `tests/adversarial/durability.ts: the production server takes a stream of writes (8 in flight: ${writeStreams.map((w) => w.name).join(", ")}), is killed with SIGKILL at a random moment after at least 40 acknowledged writes, restarted on the same data; at the end every acknowledged write (2xx/3xx received) must be in the database.`,
    "",
    "| database | SIGKILL rounds | writes sent | acknowledged | acknowledged per stream | acknowledged but lost | stored without an answer | restart ms (min-max) |",
    "|---|---|---|---|---|---|---|---|",
    ...(durability.reports as DurabilityReport[]).map(
      (r) =>
        `| ${r.database} | ${r.rounds} | ${r.sent} | ${r.acknowledged} | ${Object.entries(r.streams ?? {})
          .map(([name, n]) => `${name}: ${n.acknowledged}/${n.sent}`)
          .join(
            "; ",
          )} | **${r.lost.length}** | ${r.unacknowledgedButStored} | ${Math.min(...r.restartMs)}-${Math.max(...r.restartMs)} |`,
    ),
    "",
  );
}

const scale = readResult("referrals-postgres.json");
if (scale) {
  type ScaleRow = { dashboard: string; p50: number; p95: number; p99: number; pass: boolean };
  lines.push(
    "## Dashboards' data loading at scale (bench/referrals-seed.ts)",
    "",
    `PostgreSQL with ${scale.referrals.toLocaleString("en")} referrals and ${scale.users.toLocaleString("en")} users, ${scale.runs} runs per query, domain functions called as the loaders call them. Target: p95 <= ${scale.budgetMs} ms. Written by an earlier \`npx tsx bench/referrals-seed.ts\` (minutes of seeding that load the machine; \`npm run bench\` only reports it).`,
    "",
    "| dashboard data | p50 ms | p95 ms | p99 ms | meets target |",
    "|---|---|---|---|---|",
    ...(scale.results as ScaleRow[]).map(
      (r) => `| ${r.dashboard} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.pass ? "yes" : "no"} |`,
    ),
    "",
  );
}

if (existsSync("bench/analysis.md")) lines.push(readFileSync("bench/analysis.md", "utf8").trim(), "");
writeFileSync(path.join(RESULTS, "summary.md"), `${lines.join("\n")}\n`);
log(`\nWritten: ${RESULTS}/summary.md`);
