// `npm run bench:operations`, PostgreSQL, the production build:
//   scrape     GET /metrics one at a time with BENCH_OPS_WAITING referrals waiting (default 10,000:
//              a platform of five times as many referrals, 20% pending): p50/p95/max; target p95 <= 50 ms.
//   recording  the signed-in system administrator's dashboard on three servers over the same
//              database: one timing every request (the default), two with METRICS_REQUEST_TIMING=false.
//              BENCH_OPS_BLOCKS blocks (default 20), each sending BENCH_OPS_REQUESTS (default 100) to
//              each of the three back to back at BENCH_OPS_CONNECTIONS (10), in an order that rotates
//              from block to block. Each block gives paired differences: timing's cost (untimed vs
//              timed) in requests a second and in the server process's CPU time per request (read from
//              /proc: what other work on a shared machine changes least), and, as a control, the two
//              untimed servers' difference (two processes with no change at all). Reported: each
//              difference's median, quartiles, range and 95% interval (bench/paired.ts), whether the
//              cost is within the noise, and the target (<= 2%) met, not met or unresolved by that
//              interval. The load average is recorded at each block. The servers run no job workers,
//              and each is first warmed by BENCH_OPS_WARMUP requests (300).
// Writes BENCH_RESULTS_DIR/operations.json (default bench/results). BUILD_DIR as for `npm run bench`.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import autocannon from "autocannon";
import { startRequest } from "../app/lib/metrics.server.ts";
import routes from "../app/routes.ts";
import { routeIdMatcher } from "../server/route-id.ts";
import {
  HTTP_DATA,
  postgresReachable,
  postgresUrl,
  prepareDatabase,
  type Running,
  signIn,
  startApp,
} from "./databases.ts";
import { summarizeDifferences, verdict } from "./paired.ts";

const RESULTS = process.env.BENCH_RESULTS_DIR ?? "bench/results";
const waiting = Number(process.env.BENCH_OPS_WAITING ?? 10_000);
const blocks = Number(process.env.BENCH_OPS_BLOCKS ?? 20);
const perRound = Number(process.env.BENCH_OPS_REQUESTS ?? 100);
const warmup = Number(process.env.BENCH_OPS_WARMUP ?? 300);
const connections = Number(process.env.BENCH_OPS_CONNECTIONS ?? 10);
const scrapes = Number(process.env.BENCH_OPS_SCRAPES ?? 50);
const DASHBOARD = "/dashboard/system-admin";

const quantile = (sorted: number[], q: number) =>
  Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) * 10) / 10;

/**
 * Scrapes /metrics `count` times one after another (after 5 unmeasured), each followed by a
 * /healthz (one database round trip: what the machine's load alone costs a request); the referrals
 * waiting the scrape reports.
 */
async function scrapeTimes(app: Running, count: number) {
  const times: number[] = [];
  const baseline: number[] = [];
  let first = 0;
  let text = "";
  for (let i = 0; i < count + 5; i += 1) {
    const started = performance.now();
    const response = await fetch(`${app.base}/metrics`);
    text = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`/metrics answered ${response.status}`);
    if (i === 0) first = ms;
    if (i >= 5) times.push(ms);
    const healthz = performance.now();
    await (await fetch(`${app.base}/healthz`)).text();
    if (i >= 5) baseline.push(performance.now() - healthz);
  }
  times.sort((a, b) => a - b);
  baseline.sort((a, b) => a - b);
  const waitingNow = [...text.matchAll(/^qurhealth_referrals_waiting\{urgency="\w+"\} (\d+)$/gm)].reduce(
    (n, m) => n + Number(m[1]),
    0,
  );
  return {
    scrapes: count,
    referralsWaiting: waitingNow,
    bodyBytes: text.length,
    firstMs: Math.round(first * 10) / 10,
    p50Ms: quantile(times, 0.5),
    p95Ms: quantile(times, 0.95),
    maxMs: Math.round((times.at(-1) ?? 0) * 10) / 10,
    healthzP50Ms: quantile(baseline, 0.5),
    healthzP95Ms: quantile(baseline, 0.95),
  };
}

/**
 * The timing's own work per request, in this process: the route id matched from the path, the
 * in-flight gauge and the histogram observed, over a mix of paths (microseconds a request).
 */
function timingMicroseconds(iterations = 200_000): number {
  const manifest: Record<string, { id: string; parentId?: string; path?: string; index?: boolean }> = {
    root: { id: "root", path: "" },
  };
  const add = (entries: RouteConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
      manifest[id] = { id, parentId, path: entry.path, index: entry.index };
      if (entry.children) add(entry.children, id);
    }
  };
  add(routes, "root");
  const routeIdOf = routeIdMatcher(manifest);
  const paths = [DASHBOARD, "/", "/referrals/REF-2026-000123", "/facility/ridgeview-specialist-hospital", "/nope/x"];
  for (let i = 0; i < 10_000; i += 1) startRequest("GET")(routeIdOf(paths[i % paths.length]!), 200);
  const started = performance.now();
  for (let i = 0; i < iterations; i += 1) startRequest("GET")(routeIdOf(paths[i % paths.length]!), 200);
  return ((performance.now() - started) * 1000) / iterations;
}

const TICKS_PER_SECOND = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

/** CPU time (user + system) a process has used so far, in milliseconds (Linux /proc; tick resolution). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // After "pid (command) ": state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/**
 * `amount` requests at `connections`, every one answered before it returns (a round that stopped on
 * a clock would leave requests in flight whose CPU time is counted and whose answers are not): the
 * requests a second, and the server process's CPU milliseconds per request.
 */
function measuredRound(
  url: string,
  cookie: string,
  pid: number,
  amount: number,
): Promise<{ rps: number; cpuMsPerRequest: number; non2xx: number }> {
  const cpuBefore = cpuMs(pid);
  // The round's own clock, to its last answer: autocannon finishes on its one-second tick (a round
  // of 1.2 s read as 2 s, so the requests a second came out in steps: 50, 66.7, 100).
  const started = performance.now();
  let lastAnswer = started;
  return new Promise((resolve, reject) => {
    const run = autocannon(
      { url, connections, amount, headers: { cookie, "accept-encoding": "gzip" } },
      (error, result) => {
        if (error) return reject(error);
        const answered = result.requests.total;
        resolve({
          rps: answered / ((lastAnswer - started) / 1000),
          cpuMsPerRequest: (cpuMs(pid) - cpuBefore) / answered,
          non2xx: result.non2xx + result.errors,
        });
      },
    );
    run.on("response", () => {
      lastAnswer = performance.now();
    });
  });
}

async function main() {
  if (!(await postgresReachable())) throw new Error(`PostgreSQL does not answer at ${postgresUrl}`);
  console.log(`operations bench: seeding ${waiting * 5} referrals (${waiting} waiting) on PostgreSQL`);
  const database = await prepareDatabase("postgres", { ...HTTP_DATA, referrals: waiting * 5 });
  const apps: Running[] = [];
  try {
    // The scrape: one server as production runs it (job workers too).
    const production = await startApp(database, { WEB_CONCURRENCY: "1" });
    apps.push(production);
    const scrape = await scrapeTimes(production, scrapes);
    console.log(
      `  /metrics: p50 ${scrape.p50Ms} ms, p95 ${scrape.p95Ms} ms, ${scrape.referralsWaiting} waiting (/healthz p50 ${scrape.healthzP50Ms} ms, p95 ${scrape.healthzP95Ms} ms)`,
    );

    // No job workers on the side-by-side servers: their polling would be CPU time no request asked for.
    const quiet = { WEB_CONCURRENCY: "1", JOB_WORKERS: "false" };
    const timed = await startApp(database, quiet);
    apps.push(timed);
    const untimed = await startApp(database, { ...quiet, METRICS_REQUEST_TIMING: "false" });
    apps.push(untimed);
    const untimedAgain = await startApp(database, { ...quiet, METRICS_REQUEST_TIMING: "false" });
    apps.push(untimedAgain);
    const servers = { timed, untimed, untimedAgain };
    type Which = keyof typeof servers;
    const names = Object.keys(servers) as Which[];
    const cookies = {} as Record<Which, string>;
    for (const which of names) cookies[which] = await signIn(servers[which].base);
    // Warm each (React Router's modules, the JIT, the database's caches) by a number of requests, not
    // seconds: on a busy machine a few seconds are a few requests, and the blocks after would still
    // be warming up (a trend the rotating order spreads over all three, but noise all the same).
    for (const which of names) {
      await measuredRound(`${servers[which].base}${DASHBOARD}`, cookies[which], servers[which].pid!, warmup);
    }
    // The six orders of three, in turn: each server runs first, second and last equally often.
    const ORDERS: Which[][] = [
      ["timed", "untimed", "untimedAgain"],
      ["untimed", "untimedAgain", "timed"],
      ["untimedAgain", "timed", "untimed"],
      ["timed", "untimedAgain", "untimed"],
      ["untimedAgain", "untimed", "timed"],
      ["untimed", "timed", "untimedAgain"],
    ];
    const loadBefore = os.loadavg();
    console.log(
      `  side by side: ${blocks} blocks of ${perRound} requests per server, ${connections} connections; the machine is shared (load average ${loadBefore.map((l) => l.toFixed(1)).join(", ")})`,
    );
    type Row = { order: string; load1: number; rps: Record<Which, number>; cpuMsPerRequest: Record<Which, number> };
    const rows: Row[] = [];
    let failed = 0;
    for (let block = 0; block < blocks; block += 1) {
      const order = ORDERS[block % ORDERS.length]!;
      const row = {
        order: order.join(","),
        load1: Math.round(os.loadavg()[0]! * 10) / 10,
        rps: {},
        cpuMsPerRequest: {},
      } as Row;
      for (const which of order) {
        const server = servers[which];
        const run = await measuredRound(`${server.base}${DASHBOARD}`, cookies[which], server.pid!, perRound);
        failed += run.non2xx;
        row.rps[which] = Math.round(run.rps * 100) / 100;
        row.cpuMsPerRequest[which] = Math.round(run.cpuMsPerRequest * 100) / 100;
      }
      rows.push(row);
      const show = (which: Which) => `${row.rps[which]} req/s ${row.cpuMsPerRequest[which]} CPU ms`;
      console.log(
        `  block ${block + 1} (load ${row.load1}): timed ${show("timed")}; untimed ${show("untimed")}; untimed again ${show("untimedAgain")}`,
      );
    }
    const loadAfter = os.loadavg();
    // Positive: `other` is worse than `reference` by that share of the reference (fewer requests a
    // second, or more CPU time a request).
    const fewer = (reference: number, other: number) => ((reference - other) / reference) * 100;
    const more = (reference: number, other: number) => ((other - reference) / reference) * 100;
    const cost = summarizeDifferences(rows.map((r) => fewer(r.rps.untimed, r.rps.timed)));
    const control = summarizeDifferences(rows.map((r) => fewer(r.rps.untimed, r.rps.untimedAgain)));
    const cpuCost = summarizeDifferences(rows.map((r) => more(r.cpuMsPerRequest.untimed, r.cpuMsPerRequest.timed)));
    const cpuControl = summarizeDifferences(
      rows.map((r) => more(r.cpuMsPerRequest.untimed, r.cpuMsPerRequest.untimedAgain)),
    );
    const judged = verdict(cost, 2);
    const cpuJudged = verdict(cpuCost, 2);
    const median = (xs: number[]) => summarizeDifferences(xs).median;
    // The same cost from the timing's own work: its microseconds per request over the server's
    // microseconds per dashboard request (one process, saturated: 1 / requests a second).
    const perRequestUs = timingMicroseconds();
    const untimedRps = median(rows.map((r) => r.rps.untimed));
    const estimatedPercent = Math.round(perRequestUs * untimedRps * 1e-4 * 1000) / 1000;
    const interval = (s: typeof cost) =>
      `median ${s.median}%, middle half ${s.q1} to ${s.q3}%, range ${s.min} to ${s.max}%, ${Math.round(s.coverage * 1000) / 10}% interval ${s.low} to ${s.high}%`;
    const result = {
      date: new Date().toISOString(),
      database: "postgres",
      machine: {
        cores: os.cpus().length,
        shared: true,
        loadAverageBefore: loadBefore.map((l) => Math.round(l * 100) / 100),
        loadAverageAfter: loadAfter.map((l) => Math.round(l * 100) / 100),
      },
      scrape: { ...scrape, targetP95Ms: 50, met: scrape.p95Ms <= 50 },
      recording: {
        path: DASHBOARD,
        connections,
        requestsPerServerPerBlock: perRound,
        blocks: rows,
        medianRps: {
          timed: median(rows.map((r) => r.rps.timed)),
          untimed: untimedRps,
          untimedAgain: median(rows.map((r) => r.rps.untimedAgain)),
        },
        medianCpuMsPerRequest: {
          timed: median(rows.map((r) => r.cpuMsPerRequest.timed)),
          untimed: median(rows.map((r) => r.cpuMsPerRequest.untimed)),
          untimedAgain: median(rows.map((r) => r.cpuMsPerRequest.untimedAgain)),
        },
        throughputCostPercent: { ...cost, ...judged },
        throughputControlPercent: control,
        cpuCostPercent: { ...cpuCost, ...cpuJudged },
        cpuControlPercent: cpuControl,
        timingMicrosecondsPerRequest: Math.round(perRequestUs * 100) / 100,
        estimatedPercentFromTimingWork: estimatedPercent,
        failedRequests: failed,
        targetPercent: 2,
      },
    };
    const say = (what: string, summary: typeof cost, control: typeof cost, judgement: typeof judged) => {
      console.log(`  ${what}, timing's cost (untimed vs timed, per block): ${interval(summary)}`);
      console.log(`  ${what}, control (untimed vs untimed again, no change): ${interval(control)}`);
      console.log(
        judgement.withinNoise
          ? `  ${what}: the cost is within the noise (its interval includes 0)`
          : `  ${what}: the cost is outside the noise (its interval excludes 0: timing ${summary.median > 0 ? "costs" : "gains"})`,
      );
      console.log(
        `  ${what}, target (at most 2%): ${judgement.target}${judgement.target === "unresolved" ? " (the interval reaches past 2%: more blocks or a quieter machine)" : ""}`,
      );
    };
    say("requests a second", cost, control, judged);
    say("CPU time a request", cpuCost, cpuControl, cpuJudged);
    console.log(`  its own work: ${perRequestUs.toFixed(2)} µs a request, ${estimatedPercent}% of a dashboard request`);
    console.log(
      `  load average before ${loadBefore.map((l) => l.toFixed(1)).join(", ")}, after ${loadAfter.map((l) => l.toFixed(1)).join(", ")} (${os.cpus().length} cores, shared)`,
    );
    mkdirSync(RESULTS, { recursive: true });
    writeFileSync(path.join(RESULTS, "operations.json"), `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    for (const app of apps) await app.stop();
    await database.drop();
  }
}

await main();
