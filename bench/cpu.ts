// `npm run bench:cpu -- <target> <target> ...`: CPU per request of a page, in one process, without
// HTTP. A target is a build directory (`npm run build` output; copy `build` aside to compare two
// versions of the code). Each target gets its own copy of one seeded PGlite database (one process
// owns a directory) and answers batches of requests through `app.fetch`. The targets take turns
// batch by batch, so the machine's changing load falls on all alike. The result is the median and
// the first quartile of the per-batch CPU time (process.cpuUsage) per request.
// Environment: CPU_PATH (/dashboard/system-admin; a client navigation's data request is e.g.
// /dashboard/system-admin.data?tab=users), CPU_ROUNDS (30 batches per target), CPU_BATCH (40
// requests, 10 at a time).
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const targets = process.argv.slice(2);
if (targets.length === 0) {
  console.error("usage: npm run bench:cpu -- <build directory> <build directory> ...");
  process.exit(2);
}
for (const t of targets) {
  if (!existsSync(path.join(t, "server/index.js"))) {
    console.error(`${t}: no server build (server/index.js) here`);
    process.exit(2);
  }
}
const pagePath = process.env.CPU_PATH ?? "/dashboard/system-admin";
const rounds = Number(process.env.CPU_ROUNDS ?? 30);
const batchSize = Number(process.env.CPU_BATCH ?? 40);
const concurrency = 10;
// React is loaded in its production build only if NODE_ENV is set before anything imports it.
Object.assign(process.env, { NODE_ENV: "production", LOG_LEVEL: "error", DATABASE_URL: "" });
const { freePort, startServer, waitHealthy } = await import("../tests/helpers/server-process.ts");
const { AUTH_SECRET, appEnv, HTTP_DATA, prepareDatabase, signIn } = await import("./databases.ts");
process.env.AUTH_SECRET = AUTH_SECRET;

console.log(`Seeding ${HTTP_DATA.referrals} referrals on PGlite...`);
const database = await prepareDatabase("pglite", HTTP_DATA);
const copies: string[] = [];
try {
  // A session for the bootstrap administrator, made by the real server and sign-in form.
  const port = await freePort();
  const server = startServer({
    ...appEnv(database),
    PORT: String(port),
    BUILD_DIR: targets[0],
  });
  let cookie: string;
  try {
    await waitHealthy(port, server);
    cookie = await signIn(`http://127.0.0.1:${port}`);
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
  }

  const url = `http://127.0.0.1${pagePath}`;
  const handlers: (() => Promise<void>)[] = [];
  for (const target of targets) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-cpu-"));
    copies.push(dataDir);
    cpSync(path.join(database.env.DATA_DIR, "pglite"), path.join(dataDir, "pglite"), { recursive: true });
    // Each build reads its configuration (DATA_DIR, BUILD_DIR) when it first opens its database.
    process.env.DATA_DIR = dataDir;
    process.env.BUILD_DIR = path.resolve(target);
    const { createApp } = await import(pathToFileURL(path.resolve(target, "server/index.js")).href);
    const app = createApp();
    const bindings = { incoming: { socket: { remoteAddress: "127.0.0.1" }, headers: {} } };
    const handler = async () => {
      const response: Response = await app.fetch(new Request(url, { headers: { cookie } }), bindings);
      if (response.status !== 200) throw new Error(`${target}: ${pagePath} answered ${response.status}`);
      await response.arrayBuffer();
    };
    await handler();
    handlers.push(handler);
  }

  const batch = async (handler: () => Promise<void>, n: number) => {
    let started = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (started++ < n) await handler();
      }),
    );
  };
  for (const handler of handlers) await batch(handler, 200); // warm-up
  const perRequest: number[][] = handlers.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [i, handler] of handlers.entries()) {
      const before = process.cpuUsage();
      await batch(handler, batchSize);
      const used = process.cpuUsage(before);
      perRequest[i].push((used.user + used.system) / 1000 / batchSize);
    }
  }
  const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.floor(q * values.length)];
  console.log(`CPU per request of ${pagePath}, ${rounds} batches of ${batchSize} per target:`);
  for (const [i, target] of targets.entries()) {
    const median = quantile(perRequest[i], 0.5);
    console.log(
      `  ${target.padEnd(30)} median ${median.toFixed(2)} ms, first quartile ${quantile(perRequest[i], 0.25).toFixed(2)} ms`,
    );
  }
} finally {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
  await database.drop();
}
process.exit(0);
