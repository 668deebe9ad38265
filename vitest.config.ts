import { defineConfig } from "vitest/config";

// Deliberately without the React Router plugin: tests import modules directly.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Migrate once, copy per test file (tests/helpers/template-db.ts).
    globalSetup: ["tests/helpers/template-db.ts"],
    // Both cores, and a third file while the others wait on a database, a worker or a timer
    // (VITEST_MAX_WORKERS overrides).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
  },
});
