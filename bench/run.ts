// `npm run bench`: HTTP throughput and latency (autocannon) of the production server next to a bare
// node:http "floor" server that runs the same database query without the framework, and Lighthouse
// (mobile profile) on the public routes. Results: bench/results/*.json and bench/results/summary.md.
// BENCH_SECONDS (default 20), BENCH_CONNECTIONS (default 50), BENCH_SKIP_LIGHTHOUSE=1.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { PUBLIC_PATHS } from "../app/content/public-routes.ts";
import { openDatabase } from "../app/db/client.server.ts";
import { migrateDatabase } from "../app/db/migrate.server.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const budgets = JSON.parse(readFileSync("bench/budgets.json", "utf8"));
const port = 4501;
const floorPort = 4502;
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-"));
mkdirSync("bench/results", { recursive: true });

function startApp(): ChildProcess {
  return spawn(process.execPath, ["server/main.mjs"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      AUTH_SECRET: "b".repeat(40),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

async function waitFor(url: string) {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

async function load(url: string) {
  const result = await autocannon({ url, connections, duration: seconds, headers: { "accept-encoding": "gzip" } });
  return {
    url,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

let lighthouse: Record<string, unknown>[] = [];
const app = startApp();
const http: Record<string, unknown>[] = [];
try {
  await waitFor(`${base}/healthz`);
  // The floor: node:http and the same kind of database read, on a PostgreSQL server when DATABASE_URL is set.
  const handle = process.env.DATABASE_URL
    ? await openDatabase({ kind: "postgres", url: process.env.DATABASE_URL })
    : await openDatabase({ kind: "pglite" });
  await migrateDatabase(handle);
  const floor = createServer(async (_req, res) => {
    const rows = await handle.db.execute("select id, name from facilities where is_active order by name limit 12");
    res.writeHead(200, { "content-type": "text/html" });
    res.end(
      `<!doctype html><ul>${rows.rows.map((r) => `<li>${String((r as { name: string }).name)}</li>`).join("")}</ul>`,
    );
  }).listen(floorPort, "127.0.0.1");
  const floorResult = await load(`http://127.0.0.1:${floorPort}/`);
  floor.close();
  await handle.close();
  for (const p of ["/", "/hubs", "/facilities", "/hub/cervical-cancer", "/about"]) {
    const r = await load(`${base}${p}`);
    http.push({
      ...r,
      path: p,
      ratioToFloor: Math.round((r.requestsPerSecond / floorResult.requestsPerSecond) * 100) / 100,
    });
    console.log(`${p}: ${r.requestsPerSecond} req/s, p99 ${r.p99Ms} ms`);
  }
  http.push({ ...floorResult, path: "(floor: node:http + the same query)" });
  if (process.env.BENCH_SKIP_LIGHTHOUSE !== "1") {
    lighthouse = await runLighthouse([...PUBLIC_PATHS, "/hub/cervical-cancer"]);
  }
} finally {
  app.kill("SIGTERM");
}

async function runLighthouse(paths: readonly string[]) {
  const { default: lh } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const rows = [];
  try {
    for (const p of paths) {
      const result = await lh(`${base}${p}`, { port: chrome.port, output: "json", logLevel: "error" });
      const lhr = result?.lhr;
      if (!lhr) continue;
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? null;
      const row = {
        path: p,
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        bestPractices: Math.round((lhr.categories["best-practices"]?.score ?? 0) * 100),
        seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
        lcpMs: Math.round(audit("largest-contentful-paint") ?? 0),
        tbtMs: Math.round(audit("total-blocking-time") ?? 0),
        cls: Math.round((audit("cumulative-layout-shift") ?? 0) * 1000) / 1000,
        bytes: audit("total-byte-weight"),
      };
      rows.push(row);
      console.log(
        `lighthouse ${p}: perf ${row.performance}, a11y ${row.accessibility}, LCP ${row.lcpMs} ms, TBT ${row.tbtMs} ms, CLS ${row.cls}`,
      );
    }
  } finally {
    chrome.kill();
  }
  return rows;
}

const stamp = new Date().toISOString();
writeFileSync(
  "bench/results/http.json",
  `${JSON.stringify({ measuredAt: stamp, seconds, connections, http }, null, 2)}\n`,
);
if (lighthouse.length)
  writeFileSync("bench/results/lighthouse.json", `${JSON.stringify({ measuredAt: stamp, lighthouse }, null, 2)}\n`);

const lines = [
  `# Benchmark summary (${stamp})`,
  "",
  `HTTP: autocannon, ${connections} connections, ${seconds} s per target, on this machine (${(await import("node:os")).cpus().length} cores).`,
  `Targets: content page >= ${budgets.http.contentPageRps} req/s with p99 <= ${budgets.http.contentPageP99Ms} ms.`,
  "",
  "| path | req/s | p50 ms | p99 ms | ratio to floor | meets target |",
  "|---|---|---|---|---|---|",
  ...http.map((r) => {
    const rps = r.requestsPerSecond as number;
    const p99 = r.p99Ms as number;
    const floorRow = String(r.path).startsWith("(floor");
    const ok = floorRow
      ? "-"
      : rps >= budgets.http.contentPageRps && p99 <= budgets.http.contentPageP99Ms
        ? "yes"
        : `no (${Math.round((rps / budgets.http.contentPageRps) * 100)}% of req/s target, p99 ${p99} ms)`;
    return `| ${r.path} | ${rps} | ${r.p50Ms} | ${p99} | ${r.ratioToFloor ?? "-"} | ${ok} |`;
  }),
  "",
];
if (lighthouse.length) {
  lines.push(
    `Lighthouse (mobile: Slow 4G, 4x CPU). Targets: performance >= ${budgets.lighthouse.performance}, accessibility ${budgets.lighthouse.accessibility}, LCP <= ${budgets.lighthouse.lcpMs} ms, TBT <= ${budgets.lighthouse.tbtMs} ms, CLS <= ${budgets.lighthouse.cls}.`,
    "",
    "| path | perf | a11y | best practices | SEO | LCP ms | TBT ms | CLS | bytes |",
    "|---|---|---|---|---|---|---|---|---|",
    ...lighthouse.map(
      (r) =>
        `| ${r.path} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} | ${r.bytes} |`,
    ),
    "",
  );
}
writeFileSync("bench/results/summary.md", `${lines.join("\n")}\n`);
console.log(lines.join("\n"));
process.exit(0);
