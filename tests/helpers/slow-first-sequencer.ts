import { existsSync } from "node:fs";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The test files known to take longest, started first (decision 038). Vitest orders files by their
 * times in its cache, but a fresh clone (CI) has none, and then it runs the largest files first:
 * the durability tests are small files around long waits, so they started last and ran alone
 * while the other worker sat idle. Paths from the repository's root; update the list from the
 * summary's "ten slowest test files".
 */
export const SLOW_FIRST = [
  "tests/adversarial/payout-durability-pglite.test.ts",
  "tests/adversarial/payout-durability-postgres.test.ts",
  "tests/adversarial/authorization.test.ts",
  "tests/adversarial/message-durability.test.ts",
  "tests/adversarial/sms-durability.test.ts",
  "tests/adversarial/durability.test.ts",
  "app/features/accounts/throttle.server.db.test.ts",
  "app/features/payouts/payouts-queue.db.test.ts",
];

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // A renamed file would silently lose its place.
    const gone = SLOW_FIRST.filter((file) => !existsSync(file));
    if (gone.length) throw new Error(`tests/helpers/slow-first-sequencer.ts names files that do not exist: ${gone}`);
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = SLOW_FIRST.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
      return index === -1 ? SLOW_FIRST.length : index;
    };
    // Array.prototype.sort is stable: the rest keep Vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
