// `npm test`: every test layer, in order, stopping at the first failure.
//   1. types (react-router typegen + tsc)      2. lint and format (Biome)
//   3. unit + database tests on PGlite (Vitest)  4. database tests again on PostgreSQL when TEST_DATABASE_URL is set,
//      and the README's backup and restore commands on it (scripts/backup-restore-check.sh)
//   5. production build + JavaScript size report
//   6. adversarial tests on the build (tests/adversarial: fuzzing of the form actions, headers and
//      cookies on every route, SIGKILL durability on PGlite and, with TEST_DATABASE_URL, PostgreSQL)
//   7. end-to-end tests in Debian's Chromium (Playwright)
// Pass --skip-e2e to stop after step 5 (a quick local loop).
import { spawnSync } from "node:child_process";

const skipE2e = process.argv.includes("--skip-e2e");
const results: { step: string; ok: boolean; seconds: number }[] = [];

function run(step: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  console.log(`\n=== ${step} ===`);
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: "inherit", env });
  const ok = result.status === 0;
  results.push({ step, ok, seconds: Math.round((performance.now() - started) / 100) / 10 });
  if (!ok) finish(1);
}

function finish(code: number): never {
  console.log("\n=== summary ===");
  for (const r of results) console.log(`${r.ok ? "ok  " : "FAIL"} ${r.step} (${r.seconds} s)`);
  const passed = results.filter((r) => r.ok).length;
  console.log(`${passed} passed, ${results.length - passed} failed`);
  process.exit(code);
}

const { TEST_DATABASE_URL, ...withoutPg } = process.env;
run("types", "npx", ["react-router", "typegen"]);
run("types (tsc)", "npx", ["tsc"]);
run("lint and format (biome)", "npx", ["biome", "ci", "."]);
run("unit + database tests (PGlite)", "npx", ["vitest", "run"], withoutPg);
if (TEST_DATABASE_URL) {
  run("database tests (PostgreSQL)", "npx", ["vitest", "run", "db.test"], process.env);
  run("backup and restore on PostgreSQL (pg_dump, pg_restore)", "bash", ["scripts/backup-restore-check.sh"]);
} else {
  console.log("\n(TEST_DATABASE_URL is unset: database tests ran on PGlite only)");
}
run("build", "npm", ["run", "build"]);
run("JavaScript size per public route", "node", ["scripts/bundle-report.ts"]);
if (!skipE2e) {
  run("adversarial: fuzzing, headers and cookies, durability (production build)", "npx", [
    "vitest",
    "run",
    "--config",
    "tests/adversarial/vitest.config.ts",
  ]);
  run("chromium", "bash", ["scripts/ensure-chromium.sh"]);
  run("end-to-end (Playwright, Chromium)", "npx", ["playwright", "test"]);
}
finish(0);
