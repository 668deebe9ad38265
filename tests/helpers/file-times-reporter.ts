import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

/**
 * Each test file's whole time (environment, import, hooks and tests), written as JSON to
 * VITEST_FILE_TIMES for scripts/test.ts's "ten slowest test files". Vitest's JSON report times a
 * file from its first test to its last, without the import and the beforeAll hooks (a database,
 * workers, fixtures), which are often most of it.
 */
export default class FileTimesReporter implements Reporter {
  private readonly times: Array<{ file: string; seconds: number }> = [];

  onTestModuleEnd(module: TestModule): void {
    const d = module.diagnostic();
    const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
    this.times.push({ file: path.relative(process.cwd(), module.moduleId), seconds: Math.round(ms) / 1000 });
  }

  onTestRunEnd(): void {
    const out = process.env.VITEST_FILE_TIMES;
    if (out) writeFileSync(out, JSON.stringify(this.times));
  }
}
