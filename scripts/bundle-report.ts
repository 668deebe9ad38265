// Reports the gzipped JavaScript and CSS each public route loads, measured on the built server's
// real HTML (its scripts, and every module they import statically), against bench/budgets.json.
// Writes bench/results/bundle-sizes.json. Exit code 1 when a page is over its budget.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { PUBLIC_PATHS } from "../app/content/public-routes.ts";
import { freePort } from "../tests/helpers/server-process.ts";

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const budgets = JSON.parse(readFileSync("bench/budgets.json", "utf8"));
// A port nothing listens on (a fixed range could hit another server and measure its pages).
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const extraPaths = ["/hub/cervical-cancer", "/auth", "/forgot-password", "/reset-password"];

const server = spawn(process.execPath, ["server/main.mjs"], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "bundle-report-")),
    DATABASE_URL: "",
    LOG_LEVEL: "warn",
    BUILD_DIR: buildDir,
  },
  stdio: ["ignore", "ignore", "inherit"],
});

function gzipKb(file: string): number {
  const full = path.join(buildDir, "client", file);
  const bytes = existsSync(`${full}.gz`) ? statSync(`${full}.gz`).size : gzipSync(readFileSync(full)).length;
  return bytes / 1024;
}

/** `file` (an /assets/ address) and every chunk it imports statically, however deep. */
function withImports(file: string, found: Set<string>): void {
  if (found.has(file)) return;
  found.add(file);
  const code = readFileSync(path.join(buildDir, "client", file), "utf8");
  for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.\/[^"']+\.js)["']/g)) {
    withImports(path.posix.join(path.posix.dirname(file), m[1]), found);
  }
}

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

type Row = {
  path: string;
  status: number;
  jsKb: number;
  cssKb: number;
  files: number;
  /** React hydrates the page (otherwise its JavaScript, if any, is a page script). */
  hydrated: boolean;
  budgetKb: number;
  ok: boolean;
};
const rows: Row[] = [];
try {
  await waitForServer();
  const facilityHref = (await (await fetch(`${base}/facilities`)).text()).match(/href="(\/facility\/[^"]+)"/)?.[1];
  for (const p of [...PUBLIC_PATHS, ...extraPaths, ...(facilityHref ? [facilityHref] : [])]) {
    const response = await fetch(`${base}${p}`);
    const html = await response.text();
    const js = new Set<string>();
    for (const m of html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"/g)) withImports(m[1], js);
    // The module the inline loader imports after the first paint, and what it imports (app/root.tsx).
    for (const m of html.matchAll(/\bimport\(["'](\/assets\/[^"']+\.js)["']\)/g)) withImports(m[1], js);
    const css = new Set([...html.matchAll(/href="(\/assets\/[^"]+\.css)"/g)].map((m) => m[1]));
    const jsKb = [...js].reduce((sum, f) => sum + gzipKb(f), 0);
    const cssKb = [...css].reduce((sum, f) => sum + gzipKb(f), 0);
    const hydrated = html.includes("__reactRouterContext");
    const budgetKb = js.size > 0 ? budgets.javascriptGzipKb.interactivePage : budgets.javascriptGzipKb.staticPage;
    rows.push({
      path: p,
      status: response.status,
      jsKb: Math.round(jsKb * 10) / 10,
      cssKb: Math.round(cssKb * 10) / 10,
      files: js.size,
      hydrated,
      budgetKb,
      ok: jsKb <= budgetKb && cssKb <= budgets.cssGzipKb,
    });
  }
} finally {
  server.kill("SIGTERM");
}

console.log("route                              JS gzip   CSS gzip  files  React  budget");
for (const r of rows) {
  console.log(
    `${r.path.padEnd(34)} ${`${r.jsKb.toFixed(1)} KB`.padStart(9)} ${`${r.cssKb.toFixed(1)} KB`.padStart(9)} ${String(r.files).padStart(6)}  ${(r.hydrated ? "yes" : "no").padEnd(5)}  ${r.ok ? "ok" : `OVER (${r.budgetKb} KB JS, ${budgets.cssGzipKb} KB CSS)`}`,
  );
}
mkdirSync("bench/results", { recursive: true });
writeFileSync(
  "bench/results/bundle-sizes.json",
  `${JSON.stringify({ measuredAt: new Date().toISOString(), rows }, null, 2)}\n`,
);
const over = rows.filter((r) => !r.ok);
if (over.length > 0 && process.env.BUNDLE_BUDGET_STRICT === "1") process.exit(1);
