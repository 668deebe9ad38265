import { existsSync, globSync } from "node:fs";
import { configDefaults, defineConfig } from "vitest/config";
import { poCatalogue } from "./scripts/vite-po-catalogue.ts";
import SlowFirstSequencer from "./tests/helpers/slow-first-sequencer.ts";
import { PGLITE_SUBSET } from "./tests/pglite-subset.ts";

for (const file of Object.keys(PGLITE_SUBSET)) {
  if (!existsSync(file)) throw new Error(`tests/pglite-subset.ts names a file that does not exist: ${file}`);
}
/**
 * TEST_DB_SUBSET=pglite (scripts/test.ts sets it on the PGlite run when PostgreSQL runs every
 * database test): the database tests outside tests/pglite-subset.ts are left to PostgreSQL.
 */
const leftToPostgres =
  process.env.TEST_DB_SUBSET === "pglite"
    ? globSync("app/**/*.db.test.{ts,tsx}").filter((file) => !(file in PGLITE_SUBSET))
    : [];

// Deliberately without the React Router plugin: tests import modules directly.
export default defineConfig({
  plugins: [poCatalogue()],
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts", "bench/**/*.test.ts"],
    exclude: [...configDefaults.exclude, ...leftToPostgres],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // The longest files first, also in a fresh clone with no timings cached (tests/helpers/slow-first-sequencer.ts).
    sequence: { sequencer: SlowFirstSequencer },
    // Migrate once, copy per test file (tests/helpers/template-db.ts).
    globalSetup: ["tests/helpers/template-db.ts"],
    // Both cores (Vitest's default is cores - 1: one file at a time here). A third worker was
    // faster while the machine was quiet, but on a loaded one the CPU-bound files (hundreds of
    // password hashes) ran past their timeouts. VITEST_MAX_WORKERS overrides.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
  },
});
