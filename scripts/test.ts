// `npm test`: every test layer, stopping at the first failure.
//   1. types (react-router typegen + tsc)      2. lint, format and the allowed imports (Biome), unused code (knip)
//   3. side by side (lanes; decision 038): unit + database tests on PGlite (Vitest); the database
//      tests again on PostgreSQL when TEST_DATABASE_URL is set, then docs/deployment.md's backup and
//      restore commands on it (scripts/backup-restore-check.sh); the production build, then the
//      JavaScript size report
//   4. adversarial tests on the build (tests/adversarial: fuzzing of the form actions, headers and
//      cookies on every route, the authorization matrix, SIGKILL durability on PGlite and, with
//      TEST_DATABASE_URL, PostgreSQL)
//   5. end-to-end tests in Debian's Chromium (Playwright), one leg through nginx ending TLS
// Pass --skip-e2e to stop after step 3 (a quick local loop).
//
// The closing line counts tests over every layer (`N passed, N failed`), read from the runners'
// JSON reports; a check that is not a test runner (types, lint, build, size report, backup and
// restore) counts as one test. The summary also prints each layer's time, the ten slowest test
// files over every layer, and a warning naming them when the whole run passes its budget
// (TEST_BUDGET_MINUTES: 15, or 20 with TEST_DATABASE_URL, the PostgreSQL layer included).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

const skipE2e = process.argv.includes("--skip-e2e");
const runStarted = performance.now();
const budgetMinutes = Number(process.env.TEST_BUDGET_MINUTES ?? (process.env.TEST_DATABASE_URL ? 20 : 15));
const reports = path.resolve("test-results/reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

type Counts = { passed: number; failed: number; skipped: number };
const results: Array<{ step: string; ok: boolean; seconds: number; counts: Counts }> = [];
/** Failed tests by name, with the first line of their error: repeated in the summary, which is what a CI log keeps. */
const failures: string[] = [];
/** Every test file's time, by layer: the ten slowest are printed in the summary. */
const fileTimes: Array<{ layer: string; file: string; seconds: number }> = [];

function firstLine(message: string | undefined): string {
  const line =
    stripVTControlCharacters(message ?? "")
      .split("\n")
      .find((l) => l.trim()) ?? "";
  return line.trim().slice(0, 300);
}

type Step = {
  step: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  count?: () => Counts | null;
};

function record(s: Step, ok: boolean, started: number): void {
  const counted = s.count?.() ?? null;
  // A runner that crashed before writing its report still counts as a failure.
  const counts = counted ?? { passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 };
  if (!ok && counts.failed === 0) counts.failed = 1;
  results.push({ step: s.step, ok, seconds: Math.round((performance.now() - started) / 100) / 10, counts });
}

/** One step on its own, its output as it comes; the run stops at a failure. */
function run(
  step: string,
  command: string,
  args: string[],
  options: Omit<Step, "step" | "command" | "args"> = {},
): void {
  console.log(`\n=== ${step} ===`);
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: options.env ?? process.env });
  const ok = result.status === 0;
  record({ step, command, args, ...options }, ok, started);
  if (!ok) finish(1);
}

/**
 * Lanes side by side, each its steps in order (decision 038): the database layers wait on their
 * database and its clients as much as they compute, so the PostgreSQL layer, the PGlite layer and
 * the build share the two cores better than one after the other. Each step's output is kept in a
 * file and printed whole when it ends (lines of two runners would interleave). At a failure the
 * other lanes are stopped and the run ends.
 */
async function lanes(all: Step[][]): Promise<void> {
  const running = new Set<ChildProcess>();
  let failed = false;
  const lane = async (steps: Step[]) => {
    for (const s of steps) {
      if (failed) return;
      console.log(`\n--- started: ${s.step}`);
      const started = performance.now();
      const log = path.join(reports, `${s.step.replace(/[^a-z0-9]+/gi, "-").toLowerCase()}.log`);
      const out = openSync(log, "w");
      const child = spawn(s.command, s.args, {
        stdio: ["ignore", out, out],
        env: s.env ?? process.env,
        detached: true,
      });
      running.add(child);
      const code = await new Promise<number | null>((resolve) => {
        child.on("close", (c) => resolve(c));
        child.on("error", () => resolve(1));
      });
      running.delete(child);
      closeSync(out);
      const ok = code === 0;
      // A step stopped because another lane failed is not reported as failing itself.
      if (failed && !ok) return;
      console.log(`\n=== ${s.step} (${((performance.now() - started) / 1000).toFixed(1)} s) ===`);
      process.stdout.write(readFileSync(log, "utf8"));
      record(s, ok, started);
      if (!ok) {
        failed = true;
        for (const other of running) {
          try {
            if (other.pid) process.kill(-other.pid, "SIGTERM");
          } catch {}
        }
        return;
      }
    }
  };
  await Promise.all(all.map(lane));
  if (failed) finish(1);
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    return null;
  }
}

/** Vitest's JSON report (Jest's format). */
function vitest(name: string): { args: string[]; env: NodeJS.ProcessEnv; count: () => Counts | null } {
  const file = path.join(reports, `${name}.json`);
  const times = path.join(reports, `${name}.file-times.json`);
  return {
    args: [
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${file}`,
      "--reporter=./tests/helpers/file-times-reporter.ts",
    ],
    env: { VITEST_FILE_TIMES: times },
    count: () => {
      const r = readJson<{
        numPassedTests: number;
        numFailedTests: number;
        numPendingTests: number;
        numTodoTests: number;
        testResults?: Array<{
          name: string;
          message?: string;
          assertionResults?: Array<{ status: string; fullName: string; failureMessages?: string[] }>;
        }>;
      }>(file);
      for (const t of readJson<Array<{ file: string; seconds: number }>>(times) ?? []) {
        fileTimes.push({ layer: name, file: t.file, seconds: t.seconds });
      }
      for (const file of r?.testResults ?? []) {
        const failed = (file.assertionResults ?? []).filter((a) => a.status === "failed");
        for (const a of failed)
          failures.push(`${path.relative(".", file.name)}: ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
        if (!failed.length && file.message)
          failures.push(`${path.relative(".", file.name)}: ${firstLine(file.message)}`);
      }
      return r
        ? { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests }
        : null;
    },
  };
}

/** Playwright's JSON report. */
function playwright(): { args: string[]; env: NodeJS.ProcessEnv; count: () => Counts | null } {
  const file = path.join(reports, "e2e.json");
  return {
    args: ["--reporter=list,json"],
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: file },
    count: () => {
      const r = readJson<{
        stats: { expected: number; unexpected: number; flaky: number; skipped: number };
        suites?: PlaywrightSuite[];
      }>(file);
      for (const suite of r?.suites ?? []) collectPlaywrightFailures(suite, []);
      // A spec file's time: the sum of its tests' durations (its tests run on both workers at once).
      const perFile = new Map<string, number>();
      for (const suite of r?.suites ?? []) sumPlaywrightDurations(suite, perFile);
      for (const [file, ms] of perFile) fileTimes.push({ layer: "e2e", file, seconds: ms / 1000 });
      return r
        ? { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected, skipped: r.stats.skipped }
        : null;
    },
  };
}

type PlaywrightSuite = {
  title: string;
  suites?: PlaywrightSuite[];
  specs?: Array<{
    title: string;
    file?: string;
    line?: number;
    tests?: Array<{
      projectName?: string;
      status?: string;
      results?: Array<{ duration?: number; error?: { message?: string } }>;
    }>;
  }>;
};

function collectPlaywrightFailures(suite: PlaywrightSuite, titles: string[]): void {
  const path = suite.title ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status !== "unexpected") continue;
      const error = test.results?.map((result) => result.error?.message).find(Boolean);
      failures.push(
        `[${test.projectName}] ${[...path, spec.title].join(" › ")}:${spec.line ?? ""} ${firstLine(error)}`,
      );
    }
  }
  for (const child of suite.suites ?? []) collectPlaywrightFailures(child, path);
}

function sumPlaywrightDurations(suite: PlaywrightSuite, perFile: Map<string, number>): void {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      const file = path.join("tests/e2e", spec.file ?? suite.title);
      const key = `${file} [${test.projectName}]`;
      const ms = (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0);
      perFile.set(key, (perFile.get(key) ?? 0) + ms);
    }
  }
  for (const child of suite.suites ?? []) sumPlaywrightDurations(child, perFile);
}

function finish(code: number): never {
  console.log("\n=== summary ===");
  const total: Counts = { passed: 0, failed: 0, skipped: 0 };
  for (const r of results) {
    const { passed, failed, skipped } = r.counts;
    total.passed += passed;
    total.failed += failed;
    total.skipped += skipped;
    const counted = `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`;
    console.log(`${r.ok ? "ok  " : "FAIL"} ${r.step}: ${counted} (${r.seconds} s)`);
  }
  const slowest = [...fileTimes].sort((a, b) => b.seconds - a.seconds).slice(0, 10);
  const slowList = slowest.map((f) => `  ${f.seconds.toFixed(1).padStart(7)} s  ${f.file} (${f.layer})`).join("\n");
  if (slowest.length) console.log(`ten slowest test files:\n${slowList}`);
  const minutes = (performance.now() - runStarted) / 60_000;
  console.log(`whole run: ${minutes.toFixed(1)} min (budget ${budgetMinutes} min)`);
  if (minutes > budgetMinutes) {
    console.log(
      `WARNING: the test run took ${minutes.toFixed(1)} min, over its ${budgetMinutes}-minute budget ` +
        `(docs/testing.md). The slowest files:\n${slowList}`,
    );
  }
  if (failures.length) console.log(`failed tests:\n${failures.map((f) => `  - ${f}`).join("\n")}`);
  console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ""}`);
  process.exit(code);
}

const { TEST_DATABASE_URL, ...withoutPg } = process.env;
run("types", "npx", ["react-router", "typegen"]);
run("types (tsc)", "npx", ["tsc"]);
run("lint and format (biome)", "npx", ["biome", "ci", "."]);
run("unused files, exports and dependencies (knip)", "npx", ["knip", "--no-progress"]);
const unit = vitest("unit-pglite");
// With PostgreSQL, every database test runs there; PGlite runs the unit tests and the database tests
// of what differs between the engines (tests/pglite-subset.ts names them, with the reason).
const pgliteLane: Step[] = [
  {
    step: TEST_DATABASE_URL
      ? "unit + database tests (PGlite: the engine-specific subset)"
      : "unit + database tests (PGlite)",
    command: "npx",
    args: ["vitest", "run", ...unit.args],
    env: { ...withoutPg, ...unit.env, ...(TEST_DATABASE_URL ? { TEST_DB_SUBSET: "pglite" } : {}) },
    count: unit.count,
  },
];
const pg = vitest("database-postgresql");
const postgresLane: Step[] = TEST_DATABASE_URL
  ? [
      {
        step: "database tests (PostgreSQL)",
        command: "npx",
        args: ["vitest", "run", "db.test", ...pg.args],
        env: { ...process.env, ...pg.env },
        count: pg.count,
      },
      {
        step: "backup and restore on PostgreSQL (pg_dump, pg_restore)",
        command: "bash",
        args: ["scripts/backup-restore-check.sh"],
      },
    ]
  : [];
const buildLane: Step[] = [
  { step: "build", command: "npm", args: ["run", "build"] },
  {
    // A public page over its budget (bench/budgets.json) fails the suite.
    step: "JavaScript size per public route",
    command: process.execPath,
    args: ["scripts/bundle-report.ts"],
    env: { ...process.env, BUNDLE_BUDGET_STRICT: "1" },
  },
];
if (!TEST_DATABASE_URL) console.log("\n(TEST_DATABASE_URL is unset: database tests run on PGlite only)");
await lanes([pgliteLane, postgresLane, buildLane].filter((l) => l.length));
if (!skipE2e) {
  const adversarial = vitest("adversarial");
  run(
    "adversarial: fuzzing, headers and cookies, authorization matrix, durability (production build)",
    "npx",
    ["vitest", "run", "--config", "tests/adversarial/vitest.config.ts", ...adversarial.args],
    { env: { ...process.env, ...adversarial.env }, count: adversarial.count },
  );
  run("chromium", "bash", ["scripts/ensure-chromium.sh"]);
  run("nginx (the TLS-terminating proxy of the e2e leg behind https)", "bash", ["scripts/ensure-nginx.sh"]);
  const e2e = playwright();
  run("end-to-end (Playwright, Chromium)", "npx", ["playwright", "test", ...e2e.args], {
    env: e2e.env,
    count: e2e.count,
  });
}
finish(0);
