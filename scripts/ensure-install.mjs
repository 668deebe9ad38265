// Runs before `npm start` and `npm test` with whatever Node the machine has (Node 20 is fine):
// installs dependencies (which bring Node 24 as node_modules/.bin/node) when node_modules is
// missing or older than package-lock.json.
import { execSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";

const marker = "node_modules/.package-lock.json";
const stale =
  !existsSync(marker) ||
  !existsSync("node_modules/.bin/node") ||
  statSync("package-lock.json").mtimeMs > statSync(marker).mtimeMs;

if (stale) {
  // `npm install` rather than `npm ci`: the registry mirror lacks some optional platform packages
  // (for example Biome's macOS and Windows binaries), which `npm ci` treats as an out-of-sync lock file.
  console.log("Installing dependencies (npm install, from package-lock.json)...");
  execSync("npm install --no-audit --no-fund", { stdio: "inherit" });
}
