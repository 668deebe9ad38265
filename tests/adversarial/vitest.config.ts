import { defineConfig } from "vitest/config";
import { poCatalogue } from "../../scripts/vite-po-catalogue.ts";
import SlowFirstSequencer from "../helpers/slow-first-sequencer.ts";

/**
 * Adversarial tests against the production build (BUILD_DIR): fuzzing of the form actions,
 * headers and cookies on every route, durability under SIGKILL. `npm test` runs them after the
 * build; the default Vitest run (unit + database tests) does not include them.
 */
export default defineConfig({
  // The tests load server modules that write messages: they import the catalogues (.po).
  plugins: [poCatalogue()],
  resolve: { tsconfigPaths: true },
  test: {
    root: ".",
    include: ["tests/adversarial/**/*.test.ts"],
    environment: "node",
    // The production build runs here: React and its server renderer must both be the production builds.
    env: { NODE_ENV: "production", LOG_LEVEL: "error" },
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
    // The longest files first, also in a fresh clone with no timings cached (tests/helpers/slow-first-sequencer.ts).
    sequence: { sequencer: SlowFirstSequencer },
    maxWorkers: 2,
  },
});
