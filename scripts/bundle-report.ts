// The gzipped JavaScript and CSS each route loads on a first visit, measured on the built server's
// real HTML (its module preloads, scripts and inline imports, and every module those import
// statically), against bench/budgets.json: a content page (no hydration) 0 KB of JavaScript, a
// hydrated public page at most 150 KB. The signed-in dashboards (the bootstrap system
// administrator, and bench/platform-seed.ts's facility administrator and doctor, each signed in
// through the real form) are reported without a budget. So is the shared part: the modules every
// hydrated page loads (entry.client, React, React DOM, the router, the root route, the manifest).
// Writes BENCH_RESULTS_DIR (default bench/results)/bundle-sizes.json. BUILD_DIR picks the build.
// Exit code 1 when BUNDLE_BUDGET_STRICT=1 and a page is over its budget. BUNDLE_FILES (a comma list
// of paths, e.g. /auth) also prints each file those pages load, largest first, with its size.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { PUBLIC_PATHS } from "../app/content/public-routes.ts";
import { type Account, appEnv, prepareDatabase, signIn } from "../bench/databases.ts";
import { freePort, startServer, waitHealthy } from "../tests/helpers/server-process.ts";

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const resultsDir = process.env.BENCH_RESULTS_DIR ?? "bench/results";
const budgets = JSON.parse(readFileSync("bench/budgets.json", "utf8"));
// The French site's hydrated pages too (decision 044): each loads its language's catalogue.
const extraPaths = [
  "/hub/cervical-cancer",
  "/auth",
  "/forgot-password",
  "/reset-password",
  "/fr/auth",
  "/fr/hubs",
  "/fr/contact",
];
const signedInPaths: { path: string; account: Account }[] = [
  { path: "/dashboard/system-admin", account: "systemAdmin" },
  { path: "/dashboard/facility-admin", account: "facilityAdmin" },
  { path: "/dashboard/doctor", account: "doctor" },
  { path: "/referrals/create", account: "doctor" },
];

if (!existsSync(path.join(buildDir, "server/index.js"))) {
  console.error(`No build in ${buildDir}: run \`npm run build\` first.`);
  process.exit(1);
}

const gzipCache = new Map<string, number>();
/** Gzipped KB of a built asset (the .gz next to it when scripts/compress-assets.ts made one). */
function gzipKb(file: string): number {
  let bytes = gzipCache.get(file);
  if (bytes === undefined) {
    const full = path.join(buildDir, "client", file);
    bytes = existsSync(`${full}.gz`) ? statSync(`${full}.gz`).size : gzipSync(readFileSync(full)).length;
    gzipCache.set(file, bytes);
  }
  return bytes / 1024;
}
const sumKb = (files: Iterable<string>) => [...files].reduce((sum, f) => sum + gzipKb(f), 0);
const round1 = (kb: number) => Math.round(kb * 10) / 10;

/** `file` (an /assets/ address) and every chunk it imports statically, however deep. */
function withImports(file: string, found: Set<string>): void {
  if (found.has(file)) return;
  found.add(file);
  const code = readFileSync(path.join(buildDir, "client", file), "utf8");
  for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.\/[^"']+\.js)["']/g)) {
    withImports(path.posix.join(path.posix.dirname(file), m[1]), found);
  }
}

/** The modules a page's HTML loads: preloads and script sources, and the inline modules' imports. */
function scriptsOf(html: string): Set<string> {
  const js = new Set<string>();
  for (const m of html.matchAll(/\b(?:href|src)="(\/assets\/[^"]+\.js)"/g)) withImports(m[1], js);
  // `import "/assets/…"`, `import * as route0 from "/assets/…"`, `import("/assets/…")`; not the
  // addresses in the route manifest's JSON, which are fetched only on a navigation.
  for (const m of html.matchAll(/\bimport\s*\(?\s*(?:[\w*{}\s,$]+\bfrom\s*)?["'](\/assets\/[^"']+\.js)["']/g)) {
    withImports(m[1], js);
  }
  return js;
}

type Row = {
  path: string;
  /** Who was signed in (none: a visitor). */
  signedInAs: Account | null;
  status: number;
  /** React hydrates the page (it has the router's context script). */
  hydrated: boolean;
  jsKb: number;
  /** Of which not in the shared part (the route's own code). */
  ownJsKb: number;
  cssKb: number;
  /** The inline scripts (hydration data, route manifest, module imports), gzipped together; part of the HTML. */
  inlineKb: number;
  files: number;
  /** null: reported, no budget (signed-in pages). */
  budgetKb: number | null;
  ok: boolean;
};

const database = await prepareDatabase("pglite", null);
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = startServer({ ...appEnv(database), PORT: String(port), LOG_LEVEL: "warn", BUILD_DIR: buildDir });
const pages: { row: Omit<Row, "ownJsKb">; js: Set<string> }[] = [];
try {
  await waitHealthy(port, server);
  const facilityHref = (await (await fetch(`${base}/facilities`)).text()).match(/href="(\/facility\/[^"]+)"/)?.[1];
  const visits: { path: string; account: Account | null }[] = [
    ...[...PUBLIC_PATHS, ...extraPaths, ...(facilityHref ? [facilityHref] : [])].map((p) => ({
      path: p,
      account: null,
    })),
    ...signedInPaths,
  ];
  const cookies = new Map<Account, string>();
  for (const visit of visits) {
    let cookie = visit.account ? cookies.get(visit.account) : undefined;
    if (visit.account && !cookie) {
      cookie = await signIn(base, visit.account);
      cookies.set(visit.account, cookie);
    }
    const response = await fetch(`${base}${visit.path}`, {
      headers: cookie ? { cookie } : {},
      redirect: "manual",
    });
    const html = await response.text();
    const js = scriptsOf(html);
    const hydrates = html.includes("__reactRouterContext");
    const css = new Set([...html.matchAll(/href="(\/assets\/[^"]+\.css)"/g)].map((m) => m[1]));
    const hydrated = hydrates;
    const jsKb = sumKb(js);
    const cssKb = sumKb(css);
    // Scripts without a source, JSON-LD left out (data, not JavaScript).
    const inline = [
      ...html.matchAll(/<script(?![^>]*\b(?:src=|type="application\/ld\+json"))[^>]*>([\s\S]*?)<\/script>/g),
    ]
      .map((m) => m[1])
      .join("");
    const budgetKb = visit.account
      ? null
      : hydrated
        ? budgets.javascriptGzipKb.hydratedPublicPage
        : budgets.javascriptGzipKb.contentPage;
    pages.push({
      js,
      row: {
        path: visit.path,
        signedInAs: visit.account,
        status: response.status,
        hydrated,
        jsKb: round1(jsKb),
        cssKb: round1(cssKb),
        inlineKb: round1(inline ? gzipSync(inline).length / 1024 : 0),
        files: js.size,
        budgetKb,
        ok: response.status === 200 && (budgetKb === null || jsKb <= budgetKb) && cssKb <= budgets.cssGzipKb,
      },
    });
  }
} finally {
  server.child.kill("SIGTERM");
  await server.exited;
  await database.drop();
}

// The shared part: what every hydrated page loads.
const hydratedSets = pages.filter((p) => p.row.hydrated).map((p) => p.js);
const sharedFiles = hydratedSets.length
  ? [...hydratedSets[0]].filter((f) => hydratedSets.every((set) => set.has(f))).sort()
  : [];
const shared = new Set(sharedFiles);
const sharedKb = sumKb(sharedFiles);
const rows: Row[] = pages.map(({ row, js }) => ({
  ...row,
  ownJsKb: row.hydrated ? round1(sumKb([...js].filter((f) => !shared.has(f)))) : row.jsKb,
}));

console.log(
  "route                              signed in as   JS gzip   own JS   CSS gzip  inline  files  React  budget",
);
for (const r of rows) {
  const verdict =
    r.status !== 200
      ? `HTTP ${r.status}`
      : r.budgetKb === null
        ? "reported"
        : r.ok
          ? "ok"
          : `OVER (${r.budgetKb} KB JS, ${budgets.cssGzipKb} KB CSS)`;
  console.log(
    `${r.path.padEnd(34)} ${(r.signedInAs ?? "-").padEnd(13)} ${`${r.jsKb.toFixed(1)} KB`.padStart(9)} ${`${r.ownJsKb.toFixed(1)} KB`.padStart(8)} ${`${r.cssKb.toFixed(1)} KB`.padStart(9)} ${`${r.inlineKb.toFixed(1)}`.padStart(7)} ${String(r.files).padStart(6)}  ${(r.hydrated ? "yes" : "no").padEnd(5)}  ${verdict}`,
  );
}
console.log(
  `shared by every hydrated page: ${sharedKb.toFixed(1)} KB gzipped in ${sharedFiles.length} files (${sharedFiles.map((f) => path.posix.basename(f)).join(", ")})`,
);
mkdirSync(resultsDir, { recursive: true });
writeFileSync(
  path.join(resultsDir, "bundle-sizes.json"),
  `${JSON.stringify(
    {
      measuredAt: new Date().toISOString(),
      shared: {
        jsKb: round1(sharedKb),
        files: sharedFiles.map((f) => ({ file: f, kb: round1(gzipKb(f)) })),
      },
      rows,
    },
    null,
    2,
  )}\n`,
);
for (const wanted of process.env.BUNDLE_FILES?.split(",") ?? []) {
  const page = pages.find((p) => p.row.path === wanted);
  if (!page) {
    console.log(`BUNDLE_FILES: ${wanted} was not visited`);
    continue;
  }
  console.log(`\n${wanted}: ${page.js.size} files, ${page.row.jsKb.toFixed(1)} KB (* shared by every hydrated page)`);
  for (const f of [...page.js].sort((a, b) => gzipKb(b) - gzipKb(a))) {
    console.log(`  ${gzipKb(f).toFixed(2).padStart(7)} KB  ${shared.has(f) ? "*" : " "} ${path.posix.basename(f)}`);
  }
}
const failed = rows.filter((r) => !r.ok);
if (failed.length > 0 && process.env.BUNDLE_BUDGET_STRICT === "1") {
  console.error(`Over budget or not answered: ${failed.map((r) => r.path).join(", ")}`);
  process.exit(1);
}
