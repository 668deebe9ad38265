// `npm start`: builds when the sources changed since the last build, then starts the production
// server (which applies migrations and seeds content before it listens on PORT).
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const stampFile = path.join(buildDir, ".source-hash");
const inputs = ["app", "server", "public", "package-lock.json", "vite.config.ts", "react-router.config.ts"];

function* files(entry: string): Generator<string> {
  if (!existsSync(entry)) return;
  if (statSync(entry).isDirectory()) {
    for (const name of readdirSync(entry).sort()) yield* files(path.join(entry, name));
  } else if (!/\.test\.tsx?$/.test(entry)) {
    yield entry;
  }
}

const hash = createHash("sha256");
for (const input of inputs) for (const file of files(input)) hash.update(file).update(readFileSync(file));
const sourceHash = hash.digest("hex");

const built = existsSync(stampFile) && readFileSync(stampFile, "utf8") === sourceHash;
if (!built) {
  console.log("Building (sources changed since the last build)...");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, sourceHash);
}

const server = spawn(process.execPath, ["server/main.mjs"], {
  stdio: "inherit",
  env: process.env,
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
