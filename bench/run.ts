// `npm run bench`: the production build measured five ways, each written to BENCH_RESULTS_DIR
// (default bench/results/):
//   http         autocannon on /, /hubs, /hub/cervical-cancer, /facilities and the signed-in system
//                administrator's dashboard: its document request and its client-navigation data
//                request (React Router's single fetch, /dashboard/system-admin.data?tab=...);
//                requests a second and p50/p95/p99 at BENCH_CONNECTIONS, and for the dashboard the
//                server time (p50/p95/p99 with one request at a time); on PGlite and PostgreSQL -> http.json
//   lighthouse   every public route, default mobile profile (Slow 4G, 4x CPU), median of 3 runs, and the
//                LCP of as many runs under devtools throttling (a real throttled load) -> lighthouse.json
//   bundles      gzipped JS and CSS per route, signed-in dashboards too (scripts/bundle-report.ts) -> bundle-sizes.json
//   interaction  a dashboard tab change and a facility administrator's Accept in Chromium at 4x CPU
//                throttling: click to painted result (bench/interaction.ts)     -> interaction.json
//   durability   SIGKILL rounds in a stream of writes (tests/adversarial/durability.ts), PGlite and
//                PostgreSQL: acknowledged writes lost                             -> durability.json
//   uploads      /healthz one request at a time while three 10 MB uploads and three 10 MB downloads
//                run at once (bench/uploads.ts), PGlite and PostgreSQL            -> uploads.json
//   messaging    SMS through one server's job queue into the fake Arkesel: messages a second, and an
//                emergency referral's first SMS behind 10,000 queued waitlist SMS (bench/messaging.ts),
//                PGlite and PostgreSQL                                            -> messaging.json
//   payouts      a payout run for 10,000 doctors on PostgreSQL with 1,000,000 ledger postings: prepared,
//                approved, transfers sent to the fake Paystack (50 ms a call), and the doctor's money
//                page's data (bench/payouts.ts)                                   -> payouts.json
// Then summary.md from every result file present there (with referrals-postgres.json, written by
// bench/referrals-seed.ts) and the hand-written analysis in bench/analysis.md.
// Environment: BUILD_DIR (default build), BENCH_RESULTS_DIR (default bench/results; point it
// elsewhere for trial runs), BENCH_ONLY (comma list of the sections above), BENCH_SKIP_LIGHTHOUSE=1,
// BENCH_SECONDS (20 per target), BENCH_CONNECTIONS (50), BENCH_WARMUP_SECONDS (3),
// BENCH_LATENCY_SECONDS (10: the dashboard's one-request-at-a-time run), BENCH_LIGHTHOUSE_RUNS (3;
// the median run by performance score is kept), BENCH_INTERACTION_REPS (10), BENCH_DURABILITY_ROUNDS
// (10), BENCH_UPLOAD_ROUNDS (5), BENCH_MESSAGING_MESSAGES (10000: the throughput run's SMS),
// BENCH_MESSAGING_SAMPLES (30 emergency referrals), BENCH_MESSAGING_AHEAD (10000 waitlist SMS ahead of
// each), BENCH_PAYOUT_DOCTORS (10000), BENCH_PAYOUT_POSTINGS (1000000), BENCH_PAYOUT_SECONDS (600: how
// long the transfers may run before the rate is reported from what was sent), BENCH_PAYOUT_DIAGNOSE_SECONDS
// (60: when they do not all go in that time, the same workers polling every 0.5 s for this long), BENCH_POSTGRES_URL (default TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres;
// a throwaway database is created and dropped), BENCH_SKIP_POSTGRES=1, BENCH_PATHS (comma list of the
// HTTP and Lighthouse sections' paths to measure, printed only: the JSON is written by a run of every path).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { PUBLIC_PATHS } from "../app/content/public-routes.ts";
import { localePath } from "../app/i18n/locales";
import { type DurabilityReport, runDurability, writeStreams } from "../tests/adversarial/durability.ts";
import {
  AUTH_SECRET,
  HTTP_DATA,
  type Kind,
  postgresReachable,
  postgresUrl,
  prepareDatabase,
  signIn,
  startApp,
} from "./databases.ts";
import { type InteractionReport, type InteractionResult, interactionBench } from "./interaction.ts";
import { type MessagingResult, messagingBench } from "./messaging.ts";
import { type PayoutsResult, payoutsBench } from "./payouts.ts";
import { type UploadsResult, uploadsBench } from "./uploads.ts";

const RESULTS = process.env.BENCH_RESULTS_DIR ?? "bench/results";
const buildDir = process.env.BUILD_DIR ?? "build";
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const latencySeconds = Number(process.env.BENCH_LATENCY_SECONDS ?? 10);
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const interactionReps = Number(process.env.BENCH_INTERACTION_REPS ?? 10);
const durabilityRounds = Number(process.env.BENCH_DURABILITY_ROUNDS ?? 10);
const uploadRounds = Number(process.env.BENCH_UPLOAD_ROUNDS ?? 5);
const messagingMessages = Number(process.env.BENCH_MESSAGING_MESSAGES ?? 10_000);
const messagingSamples = Number(process.env.BENCH_MESSAGING_SAMPLES ?? 30);
const messagingAhead = Number(process.env.BENCH_MESSAGING_AHEAD ?? 10_000);
const payoutDoctors = Number(process.env.BENCH_PAYOUT_DOCTORS ?? 10_000);
const payoutPostings = Number(process.env.BENCH_PAYOUT_POSTINGS ?? 1_000_000);
const payoutSeconds = Number(process.env.BENCH_PAYOUT_SECONDS ?? 600);
const payoutDiagnoseSeconds = Number(process.env.BENCH_PAYOUT_DIAGNOSE_SECONDS ?? 60);
const onlyPaths = process.env.BENCH_PATHS?.split(",");
const webConcurrency = Number(process.env.BENCH_WEB_CONCURRENCY ?? os.cpus().length);
const sections = new Set(
  (process.env.BENCH_ONLY ?? "http,lighthouse,bundles,interaction,durability,uploads,messaging,payouts").split(","),
);
if (process.env.BENCH_SKIP_LIGHTHOUSE === "1") sections.delete("lighthouse");
const budgets = JSON.parse(readFileSync("bench/budgets.json", "utf8"));

// The app servers share one secret, and this process signs in users for the durability streams with it.
process.env.NODE_ENV = "production";
process.env.AUTH_SECRET = AUTH_SECRET;
process.env.LOG_LEVEL ??= "error";
process.env.BUILD_DIR = buildDir;

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
/* HTTP                                                                                           */
/* ---------------------------------------------------------------------------------------------- */

/** The signed-in dashboard, and the data request a client navigation to the same view makes. */
const DASHBOARD = "/dashboard/system-admin";
/**
 * React Router's single fetch: a client navigation to `/p?q` asks for `/p.data?q` (`/_.data` for
 * `/`), every loader of the page in one answer (a `_routes=` list only when some route opts out of
 * revalidating). The same view as DASHBOARD's document: the All Referrals tab.
 */
const DASHBOARD_DATA = "/dashboard/system-admin.data?tab=referrals";

type Target = {
  path: string;
  /** public: the 1,500 req/s + p99 target; dashboard-*: 200 req/s on PostgreSQL and its server time. */
  kind: "public" | "dashboard-document" | "dashboard-data";
  /** A string the answer contains (it answers the real thing). */
  expect: string;
};

const TARGETS: Target[] = [
  { path: "/", kind: "public", expect: "Qurhealth" },
  { path: "/hubs", kind: "public", expect: "Specialty Hubs" },
  { path: "/hub/cervical-cancer", kind: "public", expect: "Cervical Cancer" },
  { path: "/facilities", kind: "public", expect: "facilities" },
  { path: DASHBOARD, kind: "dashboard-document", expect: "Total Referrals" },
  // The turbo-stream answer carries the loader's keys as strings.
  { path: DASHBOARD_DATA, kind: "dashboard-data", expect: "totalReferrals" },
];

type Measured = {
  connections: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  requests: number;
  errors: number;
  non2xx: number;
};

/** `duration` seconds of autocannon on `url` at `conns` connections (measured: false, a warm-up). */
function burst(
  url: string,
  headers: Record<string, string>,
  duration: number,
  conns: number,
  measured = true,
): Promise<Measured | null> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const instance = autocannon(
      { url, connections: conns, duration, headers: { "accept-encoding": "gzip, deflate, br", ...headers } },
      (error, result) => {
        if (error) return reject(error);
        if (!measured) return resolve(null);
        const sorted = Float64Array.from(latencies).sort();
        const at = (q: number) =>
          Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) * 10) / 10;
        resolve({
          connections: conns,
          seconds: result.duration,
          requestsPerSecond: Math.round(result.requests.total / result.duration),
          p50Ms: at(0.5),
          p95Ms: at(0.95),
          p99Ms: at(0.99),
          maxMs: Math.round(sorted.at(-1) ?? 0),
          requests: result.requests.total,
          errors: result.errors + result.timeouts,
          non2xx: result.non2xx,
        });
      },
    );
    if (measured) instance.on("response", (_client, _status, _bytes, ms) => latencies.push(ms));
  });
}

async function expectAnswer(url: string, headers: Record<string, string>, text: string): Promise<number> {
  const response = await fetch(url, { headers, redirect: "manual" });
  const body = await response.text();
  if (response.status !== 200 || !body.includes(text)) {
    throw new Error(`${url} answered ${response.status} without "${text}"`);
  }
  return Buffer.byteLength(body);
}

type HttpRow = {
  path: string;
  kind: Target["kind"];
  /** The answer's size before compression. */
  bytes: number;
  /** BENCH_CONNECTIONS at once: requests a second and latency under load. */
  load: Measured;
  /** Dashboard only: one request at a time, so the latency is the server's time (plus a local round trip). */
  serverTime: Measured | null;
  loadAverage: number;
};

async function httpBench(kind: Kind, processes = 1): Promise<HttpRow[]> {
  log(
    `\nHTTP on ${kind}${processes > 1 ? ` with ${processes} server processes (WEB_CONCURRENCY)` : ""}: seeding ${HTTP_DATA.referrals} referrals, ${HTTP_DATA.users} users...`,
  );
  const database = await prepareDatabase(kind, HTTP_DATA);
  const rows: HttpRow[] = [];
  try {
    const app = await startApp(database, { WEB_CONCURRENCY: String(processes) });
    try {
      const cookie = await signIn(app.base);
      for (const target of TARGETS.filter((t) => !onlyPaths || onlyPaths.includes(t.path))) {
        const headers: Record<string, string> = target.kind === "public" ? {} : { cookie };
        const url = `${app.base}${target.path}`;
        const bytes = await expectAnswer(url, headers, target.expect);
        // A run ends with requests still in the server's queue: one more request, answered after
        // them, lets the next run start on an idle server.
        const drain = () => expectAnswer(url, headers, target.expect);
        const loadAverage = load1();
        await burst(url, headers, warmupSeconds, connections, false);
        await drain();
        const serverTime = target.kind === "public" ? null : await burst(url, headers, latencySeconds, 1);
        const load = (await burst(url, headers, seconds, connections)) as Measured;
        await drain();
        rows.push({ path: target.path, kind: target.kind, bytes, load, serverTime, loadAverage });
        log(
          `  ${target.path}: ${load.requestsPerSecond} req/s, p50 ${load.p50Ms} / p95 ${load.p95Ms} / p99 ${load.p99Ms} ms at ${connections} connections${
            serverTime
              ? `; one at a time p50 ${serverTime.p50Ms} / p95 ${serverTime.p95Ms} / p99 ${serverTime.p99Ms} ms`
              : ""
          }`,
        );
      }
    } finally {
      await app.stop();
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
  /** React hydrates the page (otherwise it is a content page without JavaScript). */
  hydrated: boolean;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: number;
  /** Every run's performance score (the row is the median run's). */
  performanceRuns: number[];
  /**
   * LCP under Lighthouse's devtools throttling (throttlingMethod 'devtools': the page really loaded
   * over Slow 4G, 562.5 ms round trips and 1.4 Mbit/s, at 4x CPU), the median of the runs (decision 027).
   */
  lcpDevtoolsMs: number;
  lcpDevtoolsRuns: number[];
  /** When the page was measured again alone (BENCH_PATHS), after the full run. */
  measuredAt?: string;
};

async function lighthouseBench(): Promise<LighthouseRow[]> {
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const database = await prepareDatabase("pglite", null);
  const app = await startApp(database);
  const base = app.base;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  const rows: LighthouseRow[] = [];
  try {
    const facility = (await (await fetch(`${base}/facilities`)).text()).match(/href="(\/facility\/[^"]+)"/)?.[1];
    // Every public route: the indexable pages, one hub and one facility page, and the account pages,
    // in English and in French (decision 044: the French site is measured as the English one is).
    const english = [
      ...PUBLIC_PATHS,
      "/hub/cervical-cancer",
      ...(facility ? [facility] : []),
      "/auth",
      "/forgot-password",
      "/reset-password",
    ];
    const paths = [...english, ...english.map((p) => localePath("fr", p))].filter(
      (p) => !onlyPaths || onlyPaths.includes(p),
    );
    for (const p of paths) {
      const hydrated = (await (await fetch(`${base}${p}`)).text()).includes("__reactRouterContext");
      const runs: Omit<LighthouseRow, "performanceRuns" | "lcpDevtoolsMs" | "lcpDevtoolsRuns">[] = [];
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
          hydrated,
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
      // The same page loaded for real over throttled devtools networking (the simulation above
      // estimates from an unthrottled load): what a phone on Slow 4G waits for its largest paint.
      const devtoolsLcp: number[] = [];
      for (let i = 0, failures = 0; i < lighthouseRuns; i++) {
        const result = await lighthouse(`${base}${p}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
          throttlingMethod: "devtools",
        });
        const lcp = result?.lhr?.audits["largest-contentful-paint"]?.numericValue;
        if (result?.lhr?.runtimeError || lcp == null) {
          failures += 1;
          if (failures > 2) throw new Error(`Lighthouse (devtools throttling) failed three times on ${p}`);
          i -= 1;
          continue;
        }
        devtoolsLcp.push(Math.round(lcp));
      }
      // The median run by performance score (ties: by LCP), kept whole.
      const sorted = [...runs].sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
      const row = {
        ...sorted[Math.floor(sorted.length / 2)],
        performanceRuns: runs.map((r) => r.performance),
        lcpDevtoolsMs: [...devtoolsLcp].sort((a, b) => a - b)[Math.floor(devtoolsLcp.length / 2)],
        lcpDevtoolsRuns: devtoolsLcp,
      };
      rows.push(row);
      log(
        `  ${p}${hydrated ? " (hydrated)" : ""}: perf ${row.performance} (runs ${row.performanceRuns.join(", ")}), a11y ${row.accessibility}, best practices ${row.bestPractices}, SEO ${row.seo}, LCP ${row.lcpMs} ms (devtools throttling ${row.lcpDevtoolsMs} ms), TBT ${row.tbtMs} ms, CLS ${row.cls}, ${row.bytes} bytes`,
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
  // Keyed by database, and for PostgreSQL also "postgres-processes": one server process per core
  // (WEB_CONCURRENCY, as production runs it on this machine; PGlite is one process's).
  const databases: Record<string, HttpRow[]> = {};
  for (const kind of kinds) databases[kind] = await httpBench(kind);
  if (kinds.includes("postgres") && webConcurrency > 1) {
    databases["postgres-processes"] = await httpBench("postgres", webConcurrency);
  }
  if (onlyPaths) log("BENCH_PATHS is set: http.json is left as it was.");
  else
    writeResult("http.json", {
      measuredAt: startedAt,
      seconds,
      connections,
      warmupSeconds,
      latencySeconds,
      webConcurrency,
      dashboard: { document: DASHBOARD, data: DASHBOARD_DATA },
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
    // A page measured again (after a change to it): its row replaces the one of the last full run,
    // with its own date; the other rows stay as measured then.
    const file = path.join(RESULTS, "lighthouse.json");
    const last = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as { rows: LighthouseRow[] }) : null;
    if (last) {
      const measuredAt = new Date().toISOString();
      for (const row of rows) {
        const at = last.rows.findIndex((r) => r.path === row.path);
        if (at >= 0) last.rows[at] = { ...row, measuredAt };
      }
      writeResult("lighthouse.json", last);
      log(`BENCH_PATHS is set: ${rows.length} row(s) of lighthouse.json replaced, the others kept.`);
    } else {
      log("BENCH_PATHS is set and there is no earlier lighthouse.json: nothing written.");
    }
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
  log("\nGzipped JavaScript and CSS per route (scripts/bundle-report.ts):");
  const report = spawnSync(process.execPath, ["scripts/bundle-report.ts"], {
    env: { ...process.env, BUILD_DIR: buildDir, BENCH_RESULTS_DIR: RESULTS },
    stdio: "inherit",
  });
  if (report.status !== 0) throw new Error("scripts/bundle-report.ts failed");
}

if (sections.has("interaction")) {
  log(`\nInteraction in Chromium at 4x CPU throttling, ${interactionReps} repetitions each:`);
  const before = machine();
  const report = await interactionBench({ repetitions: interactionReps, log });
  writeResult("interaction.json", { ...report, machine: { ...before, loadAverageAfter: machine().loadAverage } });
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

if (sections.has("uploads")) {
  log(`\nUploads: /healthz while three 10 MB uploads and three 10 MB downloads run, ${uploadRounds} rounds:`);
  const before = machine();
  const results: UploadsResult[] = [];
  for (const kind of kinds) results.push(await uploadsBench(kind, { rounds: uploadRounds, fileMb: 10, log }));
  writeResult("uploads.json", {
    measuredAt: new Date().toISOString(),
    budgetMs: budgets.uploads.healthzP95Ms,
    machine: { ...before, loadAverageAfter: machine().loadAverage },
    results,
  });
}

if (sections.has("messaging")) {
  log(
    `\nMessaging: ${messagingMessages} SMS through one server into the fake Arkesel; ${messagingSamples} emergency referrals behind ${messagingAhead} waitlist SMS:`,
  );
  const before = machine();
  const results: MessagingResult[] = [];
  for (const kind of kinds) {
    results.push(
      await messagingBench(kind, {
        messages: messagingMessages,
        samples: messagingSamples,
        ahead: messagingAhead,
        log,
      }),
    );
  }
  writeResult("messaging.json", {
    measuredAt: new Date().toISOString(),
    targets: budgets.messaging,
    machine: { ...before, loadAverageAfter: machine().loadAverage },
    results,
  });
}

if (sections.has("payouts")) {
  if (!postgres) {
    log("\nPayouts: skipped (the part runs on PostgreSQL only).");
  } else {
    log(
      `\nPayouts: ${payoutDoctors} doctors, ${payoutPostings} ledger postings on PostgreSQL; transfers to the fake Paystack for at most ${payoutSeconds} s:`,
    );
    const before = machine();
    const result = await payoutsBench({
      postgresUrl,
      doctors: payoutDoctors,
      postings: payoutPostings,
      transferSeconds: payoutSeconds,
      diagnoseSeconds: payoutDiagnoseSeconds,
      log,
    });
    writeResult("payouts.json", {
      measuredAt: new Date().toISOString(),
      targets: budgets.payouts,
      machine: { ...before, loadAverageAfter: machine().loadAverage },
      ...result,
    });
  }
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
const dbName = (kind: string) =>
  kind === "pglite"
    ? "PGlite (embedded default)"
    : kind === "postgres-processes"
      ? `PostgreSQL 127.0.0.1:5432, ${http?.webConcurrency ?? "several"} server processes`
      : "PostgreSQL 127.0.0.1:5432, one server process";
const verdict = (misses: (string | false)[]) => {
  const missed = misses.filter(Boolean);
  return missed.length ? `no: ${missed.join("; ")}` : "yes";
};

function httpVerdict(row: HttpRow, kind: string): string {
  const { contentPageRps, contentPageP99Ms, dashboardRpsPostgres } = budgets.http;
  const bad = [row.load, row.serverTime].filter(
    (m): m is Measured => !!m && (m.errors > 0 || m.non2xx > 0 || m.requests === 0),
  );
  if (bad.length) return `INVALID (${bad[0].requests} answers, ${bad[0].errors} errors, ${bad[0].non2xx} non-2xx)`;
  const rps = row.load.requestsPerSecond;
  if (row.kind === "public") {
    return verdict([
      rps < contentPageRps && `${pct(rps, contentPageRps)} of ${contentPageRps} req/s (${contentPageRps - rps} short)`,
      row.load.p99Ms > contentPageP99Ms && `p99 ${row.load.p99Ms} ms > ${contentPageP99Ms} ms`,
    ]);
  }
  if (kind === "pglite") return "reported (the target is on PostgreSQL)";
  return verdict([
    rps < dashboardRpsPostgres &&
      `${pct(rps, dashboardRpsPostgres)} of ${dashboardRpsPostgres} req/s (${dashboardRpsPostgres - rps} short)`,
  ]);
}

const lines: string[] = [`# Benchmark summary`, ""];
const http = readResult("http.json");
// A result file from before the floor was dropped (no `load`) is left out rather than misread.
const httpCurrent = (Object.values(http?.databases ?? {}) as HttpRow[][]).every((rows) => rows.every((r) => r.load));
if (http && !httpCurrent) lines.push("(http.json is from an older bench; run `BENCH_ONLY=http npm run bench`.)", "");
if (http && httpCurrent) {
  const { contentPageRps, contentPageP99Ms, dashboardRpsPostgres } = budgets.http;
  const databases = Object.entries(http.databases as Record<Kind, HttpRow[]>);
  lines.push(
    `## HTTP (${day(http.measuredAt)} UTC)`,
    "",
    `autocannon on the production build (request log off), one page at a time: ${http.warmupSeconds} s of warm-up, then ${http.seconds} s at ${http.connections} connections (requests a second, and p50/p95/p99 of every response under that load). Data: ${http.data.referrals} referrals, ${http.data.users} users and ${http.data.facilities} extra facilities (bench/platform-seed.ts). The dashboard is signed in as the bootstrap system administrator (session cookie from the real sign-in form) and measured twice: its document request \`${http.dashboard.document}\` and the data request a client navigation to the same view makes, \`${http.dashboard.data}\` (React Router's single fetch: \`<path>.data?<search>\`, every loader's data in one turbo-stream answer). Its server time comes from a separate ${http.latencySeconds} s run with one connection, after the warm-up and before the load run (each run waits for the server's queue to empty): one request at a time, so a response's time is the server's own plus a local round trip, without queueing behind other requests.${http.webConcurrency > 1 ? ` PostgreSQL is measured twice: with one server process, and with ${http.webConcurrency} (\`WEB_CONCURRENCY\`, one per core, as production runs on this machine: Node runs a process's JavaScript on one core).` : ""}`,
    `Machine: ${http.machine.cores} cores (${http.machine.cpu}); autocannon runs on the same cores, and the machine is shared with other agents' tests: load average ${http.machine.loadAverage[0]} at the start, ${http.machine.loadAverageAfter[0]} at the end, so every number here is noisy and low.`,
    `Targets: a public page >= ${contentPageRps} req/s with p99 <= ${contentPageP99Ms} ms; the dashboard's requests >= ${dashboardRpsPostgres} req/s on PostgreSQL (on PGlite, reported).`,
    "",
    "### Public pages",
    "",
    "| database | page | req/s | p50 ms | p95 ms | p99 ms | KB | load avg | meets target |",
    "|---|---|---|---|---|---|---|---|---|",
    ...databases.flatMap(([kind, rows]) =>
      rows
        .filter((r) => r.kind === "public")
        .map(
          (r) =>
            `| ${kind === "postgres-processes" ? `postgres, ${http.webConcurrency} processes` : kind} | ${r.path} | ${r.load.requestsPerSecond} | ${r.load.p50Ms} | ${r.load.p95Ms} | ${r.load.p99Ms} | ${Math.round(r.bytes / 1024)} | ${r.loadAverage} | ${httpVerdict(r, kind)} |`,
        ),
    ),
    "",
    "### Signed-in system administrator dashboard",
    "",
    `| database | request | req/s (${http.connections} conn.) | p95 ms (${http.connections} conn.) | server time p50 ms | server time p95 ms | server time p99 ms | KB | load avg | meets target |`,
    "|---|---|---|---|---|---|---|---|---|---|",
    ...databases.flatMap(([kind, rows]) =>
      rows
        .filter((r) => r.kind !== "public")
        .map(
          (r) =>
            `| ${dbName(kind)} | ${r.kind === "dashboard-data" ? "data" : "document"} \`${r.path}\` | ${r.load.requestsPerSecond} | ${r.load.p95Ms} | ${r.serverTime?.p50Ms ?? "-"} | **${r.serverTime?.p95Ms ?? "-"}** | ${r.serverTime?.p99Ms ?? "-"} | ${Math.round(r.bytes / 1024)} | ${r.loadAverage} | ${httpVerdict(r, kind)} |`,
        ),
    ),
    "",
  );
}

/**
 * A run on a machine whose load average was above its core count is said to be one: Lighthouse's
 * 4x CPU slowdown multiplies a starved CPU, and a content page (which runs no script at all) then
 * shows a blocking time that only the machine can have caused.
 */
function lighthouseLoadWarning(result: {
  machine: { cores: number; loadAverage: number[]; loadAverageAfter?: number[] };
  rows: LighthouseRow[];
}): string[] {
  const { cores, loadAverage, loadAverageAfter } = result.machine;
  const load = Math.max(loadAverage[0] ?? 0, loadAverageAfter?.[0] ?? 0);
  if (load <= cores) return [];
  const scriptFree = result.rows.filter((r) => !r.hydrated);
  const tbt = Math.max(0, ...scriptFree.map((r) => r.tbtMs));
  return [
    "",
    `**Measured on an overloaded machine** (load average ${loadAverage[0]} at the start and ${loadAverageAfter?.[0] ?? "?"} at the end, on ${cores} cores): the pages without JavaScript, which run no script, show up to ${tbt} ms of blocking time. These numbers are the machine's, not the pages'; they do not show whether a target is met or missed.`,
  ];
}

const lighthouseResult = readResult("lighthouse.json");
if (lighthouseResult) {
  const t = budgets.lighthouse;
  const misses = (r: LighthouseRow) =>
    verdict([
      r.performance < t.performance && `perf ${r.performance} < ${t.performance} (-${t.performance - r.performance})`,
      r.accessibility < t.accessibility && `a11y ${r.accessibility} < ${t.accessibility}`,
      r.cls > t.cls && `CLS ${r.cls} > ${t.cls}`,
      r.lcpDevtoolsMs > t.lcpDevtoolsMs && `LCP (devtools) ${r.lcpDevtoolsMs} > ${t.lcpDevtoolsMs} ms`,
    ]);
  lines.push(
    `## Lighthouse (${day(lighthouseResult.measuredAt)} UTC)`,
    "",
    `Lighthouse ${JSON.parse(readFileSync("node_modules/lighthouse/package.json", "utf8")).version}, default mobile profile (simulated Slow 4G, 4x CPU slowdown), Chromium headless, ${lighthouseResult.runsPerPage} run(s) per page: the row is the median run by performance score; "perf runs" lists every run's. Load average ${lighthouseResult.machine.loadAverage[0]} at the start.`,
    `"LCP devtools" is the same page loaded for real with Lighthouse's devtools throttling (Slow 4G: 562.5 ms round trips, 1.4 Mbit/s, 4x CPU), the median of as many runs (issue 29). A row marked "again" was measured alone after a change to its page (BENCH_PATHS), the others in the full run.`,
    `Targets: performance >= ${t.performance}, accessibility ${t.accessibility}, CLS <= ${t.cls} and LCP under devtools throttling <= ${t.lcpDevtoolsMs} ms on every public route, hydrated or not (the simulated LCP, TBT and bytes for information). The first ${PUBLIC_PATHS.length} rows are app/content/public-routes.ts; then a hub page, a facility page and the account pages (public too, not indexed).`,
    ...lighthouseLoadWarning(lighthouseResult),
    "",
    "| page | React | perf | perf runs | a11y | best practices | SEO | LCP ms | LCP devtools ms | TBT ms | CLS | bytes | meets targets |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...(lighthouseResult.rows as LighthouseRow[]).map(
      (r) =>
        `| ${r.path}${r.measuredAt ? ` (again, ${day(r.measuredAt)})` : ""} | ${r.hydrated ? "yes" : "no"} | ${r.performance} | ${(r.performanceRuns ?? []).join(", ")} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.lcpMs} | ${r.lcpDevtoolsMs ?? "—"} | ${r.tbtMs} | ${r.cls} | ${r.bytes} | ${misses(r)} |`,
    ),
    "",
  );
}

const bundles = readResult("bundle-sizes.json");
if (bundles) {
  type BundleRow = {
    path: string;
    signedInAs: string | null;
    status: number;
    hydrated: boolean;
    jsKb: number;
    ownJsKb: number;
    cssKb: number;
    inlineKb?: number;
    files: number;
    budgetKb: number | null;
  };
  const { contentPage, hydratedPublicPage } = budgets.javascriptGzipKb;
  const within = (r: BundleRow) => {
    if (r.status !== 200) return `INVALID (HTTP ${r.status})`;
    const cssMiss = r.cssKb > budgets.cssGzipKb && `CSS ${r.cssKb} KB > ${budgets.cssGzipKb} KB`;
    if (r.budgetKb === null) return cssMiss ? `no: ${cssMiss}` : "reported";
    const over = Math.round((r.jsKb - r.budgetKb) * 10) / 10;
    return verdict([over > 0 && `${r.jsKb} KB > ${r.budgetKb} KB (+${over} KB)`, cssMiss]);
  };
  const shared = bundles.shared as { jsKb: number; files: { file: string; kb: number }[] } | undefined;
  lines.push(
    `## JavaScript and CSS per route (${day(bundles.measuredAt)} UTC)`,
    "",
    `Gzipped bytes a first visit loads, from the built server's HTML (scripts/bundle-report.ts): the module preloads, scripts and inline imports, and every module they import statically. The inline scripts (hydration data, route manifest) are part of the HTML and not counted in JS KB; "inline KB" is their gzipped size, for information. Budgets (bench/budgets.json): ${contentPage} KB of JavaScript on a content page (no hydration), ${hydratedPublicPage} KB on a hydrated public page, ${budgets.cssGzipKb} KB of CSS; the signed-in pages are reported (signed in through the form as the bootstrap system administrator and as bench/platform-seed.ts's facility administrator and doctor). "Own JS" is what the page loads beyond the shared part.`,
    ...(shared
      ? [
          "",
          `**Shared by every hydrated page** (entry.client, React, React DOM, the router, the root route and what they import): **${shared.jsKb} KB** in ${shared.files.length} files: ${shared.files.map((f) => `${path.posix.basename(f.file)} ${f.kb}`).join(", ")} (KB).`,
        ]
      : []),
    "",
    "| page | signed in as | React | JS KB | own JS KB | files | inline KB | CSS KB | JS budget KB | within budget |",
    "|---|---|---|---|---|---|---|---|---|---|",
    ...(bundles.rows as BundleRow[]).map(
      (r) =>
        `| ${r.path} | ${r.signedInAs ?? "-"} | ${r.hydrated ? "yes" : "no"} | ${r.jsKb} | ${r.ownJsKb ?? "-"} | ${r.files} | ${r.inlineKb ?? "-"} | ${r.cssKb} | ${r.budgetKb ?? "-"} | ${within(r)} |`,
    ),
    "",
  );
}

const interaction = readResult("interaction.json") as InteractionReport | null;
if (interaction) {
  const target = budgets.interactionMs;
  const meets = (r: InteractionResult) => {
    if (r.medianMs === null) return `not measured: ${r.error ?? "no samples"}`;
    const notes = [
      r.medianMs > target && `median ${r.medianMs} ms > ${target} ms (+${r.medianMs - target} ms)`,
      r.error && `stopped after ${r.samplesMs.length} samples: ${r.error}`,
    ].filter(Boolean);
    const result = notes.length ? `no: ${notes.join("; ")}` : "yes";
    return r.maxMs !== null && r.maxMs > target && r.medianMs <= target
      ? `${result} (max ${r.maxMs} ms, +${r.maxMs - target} ms)`
      : result;
  };
  lines.push(
    `## Interaction (${day(interaction.measuredAt)} UTC)`,
    "",
    `bench/interaction.ts: Chromium (playwright-core) at ${interaction.cpuThrottlingRate}x CPU throttling (CDP Emulation.setCPUThrottlingRate), on PGlite with ${interaction.data.referrals} referrals. Measured in the page from the click's pointerdown to the end of the first frame that shows the result (a MutationObserver sees the change, a requestAnimationFrame callback and a message posted from it mark the painted frame); the server's answer is not waited for. ${interaction.repetitions} repetitions after one warm-up; between them the router and its fetchers go idle. Target: ${target} ms, judged on the median (the max is shown).`,
    "",
    "| interaction | page | samples | median ms | max ms | data requests seen | meets target |",
    "|---|---|---|---|---|---|---|",
    ...interaction.results.map(
      (r) =>
        `| ${r.description} | ${r.page} | ${r.samplesMs.length} | ${r.medianMs ?? "-"} | ${r.maxMs ?? "-"} | ${r.dataRequests.map((d) => `\`${d}\``).join(", ") || "-"} | ${meets(r)} |`,
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

const uploadsResult = readResult("uploads.json");
if (uploadsResult) {
  const budget = uploadsResult.budgetMs as number;
  lines.push(
    `## One person's files do not stall everyone (${day(uploadsResult.measuredAt)} UTC)`,
    "",
    `bench/uploads.ts (issue 24, docs/decisions/023): the production server with the bench doctor signed in; \`/healthz\` polled one request at a time (10 ms apart), first alone for 3 s, then during ${uploadsResult.results[0]?.rounds ?? "-"} rounds of three ${uploadsResult.results[0]?.fileMb ?? 10} MB uploads (multipart, as the page's form posts them) and three downloads of a ${uploadsResult.results[0]?.fileMb ?? 10} MB file, all six at once. Files go to \`DATA_DIR/files\`. Target: \`/healthz\` p95 under ${budget} ms during the transfers. Load average ${uploadsResult.machine.loadAverage[0]} at the start, ${uploadsResult.machine.loadAverageAfter[0]} at the end.`,
    "",
    "| database | /healthz alone p95 ms | during transfers p50 ms | **p95 ms** | max ms | samples | upload p50 ms | download p50 ms | failed | RSS MB before / peak / after | meets target |",
    "|---|---|---|---|---|---|---|---|---|---|---|",
    ...(uploadsResult.results as UploadsResult[]).map(
      (r) =>
        `| ${r.database} | ${r.idle.p95Ms} | ${r.loaded.p50Ms} | **${r.loaded.p95Ms}** | ${r.loaded.maxMs} | ${r.loaded.samples} | ${r.uploadsMs.p50Ms} | ${r.downloadsMs.p50Ms} | ${r.failures} | ${r.rssMb.before ?? "-"} / ${r.rssMb.peak ?? "-"} / ${r.rssMb.after ?? "-"} | ${verdict(
          [
            r.failures > 0 && `${r.failures} transfers failed`,
            r.loaded.p95Ms >= budget && `p95 ${r.loaded.p95Ms} ms >= ${budget} ms`,
          ],
        )} |`,
    ),
    "",
  );
}

const messagingResult = readResult("messaging.json");
if (messagingResult) {
  const { emergencyFirstSmsP95Ms, messagesPerSecondPostgres } = budgets.messaging;
  const results = messagingResult.results as MessagingResult[];
  lines.push(
    `## Messages through the job queue (${day(messagingResult.measuredAt)} UTC)`,
    "",
    `bench/messaging.ts (issue 26, docs/decisions/024): the production server with \`SMS_PROVIDER=arkesel\` pointed at the local fake of Arkesel's API (tests/helpers/fake-providers/arkesel.ts, answering at once), its job workers as it starts them (4 workers taking 10 messages each). Throughput: ${results[0]?.throughput.messages ?? "-"} SMS queued (\`messages\` rows and \`send-message\` jobs) before the server starts, timed from the fake's first accepted send to its last. Emergency: waitlist SMS queued the same way (event hub.launch, no priority, as the launch queues its mail; at least ${results[0]?.emergency ? Math.min(...results.map((r) => r.emergency.minAheadAtPost)) : "-"} still queued when each referral was posted), then emergency referrals created one at a time through the real form (\`POST /referrals/create\`) to a facility with an on-call number; measured from the POST being sent (its transaction commits before the answer) to the fake receiving that number's SMS. Targets: p95 <= ${emergencyFirstSmsP95Ms} ms; >= ${messagesPerSecondPostgres} messages a second on PostgreSQL (PGlite reported). Load average ${messagingResult.machine.loadAverage[0]} at the start, ${messagingResult.machine.loadAverageAfter[0]} at the end.`,
    "",
    "| database | SMS | messages/s | server CPU ms a message (share of a core) | emergency referrals | waitlist SMS ahead (fewest) | first SMS p50 ms | **p95 ms** | max ms | p95 from the answer ms | never arrived | meets targets |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...results.map(
      (r) =>
        `| ${dbName(r.database)} | ${r.throughput.accepted}/${r.throughput.messages} | ${r.throughput.messagesPerSecond} | ${r.throughput.serverCpuMsPerMessage ?? "-"} (${r.throughput.serverCoreShare ?? "-"}) | ${r.emergency.fromPost.samples} | ${r.emergency.minAheadAtPost} | ${r.emergency.fromPost.p50Ms} | **${r.emergency.fromPost.p95Ms}** | ${r.emergency.fromPost.maxMs} | ${r.emergency.fromAnswer.p95Ms} | ${r.emergency.missing} | ${verdict(
          [
            r.emergency.fromPost.p95Ms > emergencyFirstSmsP95Ms &&
              `first SMS p95 ${r.emergency.fromPost.p95Ms} ms > ${emergencyFirstSmsP95Ms} ms`,
            r.emergency.missing > 0 && `${r.emergency.missing} SMS never arrived`,
            r.throughput.accepted < r.throughput.messages &&
              `${r.throughput.messages - r.throughput.accepted} of the throughput run's SMS not sent`,
            r.database === "postgres" &&
              r.throughput.messagesPerSecond < messagesPerSecondPostgres &&
              `${r.throughput.messagesPerSecond} messages/s < ${messagesPerSecondPostgres}`,
          ],
        )}${r.database === "pglite" ? " (messages/s reported)" : ""} |`,
    ),
    "",
  );
}

const payoutsResult = readResult("payouts.json") as
  | (PayoutsResult & { measuredAt: string; machine: { loadAverage: number[]; loadAverageAfter: number[] } })
  | null;
if (payoutsResult) {
  const { prepareSeconds, transfersSeconds, moneyPageP95Ms } = budgets.payouts;
  const { data, moneyPage, run } = payoutsResult;
  const transfersVerdict = run.complete
    ? verdict([run.transferSeconds > transfersSeconds && `${run.transferSeconds} s > ${transfersSeconds} s`])
    : verdict([
        run.projectedSeconds > transfersSeconds &&
          `${run.initiated} of ${run.transfers} in ${run.transferSeconds} s; at ${run.transfersPerSecond} a second the run takes about ${run.projectedSeconds} s > ${transfersSeconds} s`,
      ]);
  lines.push(
    `## Payouts and the ledger (${day(payoutsResult.measuredAt)} UTC)`,
    "",
    `bench/payouts.ts (issue 27, docs/decisions/026) on a dedicated PostgreSQL database (127.0.0.1:5432, dropped afterwards): ${data.referrals.toLocaleString("en")} referrals (bench/platform-seed.ts) and their ledger written by migration 0013's statements, ${data.postings.toLocaleString("en")} postings; ${data.doctors.toLocaleString("en")} approved doctors, ${data.eligibleDoctors.toLocaleString("en")} of them owed at least ₵70, each with mobile-money payout details. Seeded in ${data.seedSeconds} s. The run: preparePayoutRun by one system administrator, approvePayoutRun by another, then the app's job workers (startJobWorkers with the server's defaults: ${run.workers.concurrency} workers per queue, a ${run.workers.pollingIntervalSeconds} s polling interval) send the transfers to the local fake of Paystack's API (tests/helpers/fake-providers/paystack.ts, ${run.providerLatencyMs} ms before each answer; each transfer is a recipient call and a transfer call)${run.complete ? "" : `, for at most ${run.windowSeconds} s: the rate is measured on the transfers sent by then`}. Load average ${payoutsResult.machine.loadAverage[0]} at the start, ${payoutsResult.machine.loadAverageAfter[0]} at the end.`,
    "",
    "| measured | value | target | meets target |",
    "|---|---|---|---|",
    `| prepare the run (${run.transfers.toLocaleString("en")} transfers) | ${run.prepareSeconds} s | <= ${prepareSeconds} s | ${verdict([run.prepareSeconds > prepareSeconds && `${run.prepareSeconds} s > ${prepareSeconds} s`])} |`,
    `| approve it (ledger postings, jobs queued) | ${run.approveSeconds} s | - | reported |`,
    `| transfers initiated at the fake | ${run.initiated.toLocaleString("en")} of ${run.transfers.toLocaleString("en")} in ${run.transferSeconds} s (${run.transfersPerSecond} a second${run.complete ? "" : `; the whole run at that rate about ${run.projectedSeconds} s`}); a job runs p50 ${run.jobRunMs?.p50 ?? "-"} ms, p95 ${run.jobRunMs?.p95 ?? "-"} ms | all within ${transfersSeconds} s | ${transfersVerdict} |`,
    `| doctor's payouts page data (doctorMoney: balance, last 100 statement lines, payouts), ${moneyPage.runs} runs | p50 ${moneyPage.doctorMoney.p50Ms} ms, **p95 ${moneyPage.doctorMoney.p95Ms} ms**, p99 ${moneyPage.doctorMoney.p99Ms} ms | p95 <= ${moneyPageP95Ms} ms | ${verdict([moneyPage.doctorMoney.p95Ms > moneyPageP95Ms && `p95 ${moneyPage.doctorMoney.p95Ms} ms > ${moneyPageP95Ms} ms`])} |`,
    ...(run.diagnosis
      ? [
          `| why: the same workers polling every ${run.diagnosis.pollingIntervalSeconds} s instead of ${run.workers.pollingIntervalSeconds} s, on the transfers left | ${run.diagnosis.initiated} more in ${run.diagnosis.seconds} s (${run.diagnosis.transfersPerSecond} a second) | - | diagnosis |`,
        ]
      : []),
    `| a month's statement (the CSV's data) | p50 ${moneyPage.monthStatement.p50Ms} ms, p95 ${moneyPage.monthStatement.p95Ms} ms | - | reported |`,
    "",
  );
}

const scale = readResult("referrals-postgres.json");
if (scale) {
  type ScaleRow = { dashboard: string; p50: number; p95: number; p99: number; budgetMs?: number; pass: boolean };
  type ExportRow = { rows: number; megabytes: number; seconds: number; rssGrowthMb: number; pass: boolean };
  lines.push(
    "## Dashboards' data loading at scale (bench/referrals-seed.ts)",
    "",
    `PostgreSQL with ${scale.referrals.toLocaleString("en")} referrals and ${scale.users.toLocaleString("en")} users, ${scale.runs} runs per query, domain functions called as the loaders call them. Target: p95 <= ${scale.budgetMs} ms for the dashboards${scale.historyBudgetMs ? `, <= ${scale.historyBudgetMs} ms for History (the rows named "history")` : ""}${scale.insightBudgetMs ? `, <= ${scale.insightBudgetMs} ms for the insight overview's queries (the rows named "insight")` : ""}. Written by an earlier \`npx tsx bench/referrals-seed.ts\` (minutes of seeding that load the machine; \`npm run bench\` only reports it; \`--keep\` then \`--database NAME --only history,insight\` measures parts alone on the kept database).`,
    "",
    "| data loading | p50 ms | p95 ms | p99 ms | target p95 ms | meets target |",
    "|---|---|---|---|---|---|",
    ...(scale.results as ScaleRow[]).map(
      (r) =>
        `| ${r.dashboard} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.budgetMs ?? scale.budgetMs} | ${r.pass ? "yes" : "no"} |`,
    ),
    "",
  );
  const exported = scale.export as ExportRow | null;
  if (exported) {
    lines.push(
      `CSV export of every referral (\`/exports/referrals.csv\`, streamed by keyset in batches of 1,000): ${exported.rows.toLocaleString("en")} rows, ${exported.megabytes} MB in ${exported.seconds} s; the process's memory (RSS) grew ${exported.rssGrowthMb} MB. Target: less than ${scale.exportMemoryBudgetMb} MB: ${exported.pass ? "met" : "missed"}.`,
      "",
    );
  }
}

if (existsSync("bench/analysis.md")) lines.push(readFileSync("bench/analysis.md", "utf8").trim(), "");
writeFileSync(path.join(RESULTS, "summary.md"), `${lines.join("\n")}\n`);
log(`\nWritten: ${RESULTS}/summary.md`);
