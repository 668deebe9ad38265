import { describe, expect, it } from "vitest";
import { runDurability } from "./durability";

/*
 * SIGKILL in the middle of a stream of writes, restart on the same data, every acknowledged
 * write still there: on PGlite (the embedded default) and on PostgreSQL when TEST_DATABASE_URL
 * is set. DURABILITY_ROUNDS (default 2) kill-and-restart rounds per database; the benchmark runs more.
 */
const ROUNDS = Number(process.env.DURABILITY_ROUNDS ?? 2);
// Each round restarts a production server and waits for it; on a loaded 2-core machine the PGlite
// leg has taken 92 s of the suite's 120 s default. The test is about what survives, not speed.
const TIMEOUT = 150_000 * ROUNDS;

function expectNothingLost(report: Awaited<ReturnType<typeof runDurability>>): void {
  console.log(`durability ${JSON.stringify(report)}`);
  expect(report.lost).toEqual([]);
  // The kill landed in the middle of a stream: many writes were acknowledged, more were sent.
  expect(report.acknowledged).toBeGreaterThanOrEqual(40 * ROUNDS);
  expect(report.sent).toBeGreaterThan(report.acknowledged);
  expect(report.restartMs).toHaveLength(ROUNDS);
  // Every kind of write (waitlist sign-ups, referral creations) was acknowledged many times.
  for (const [name, stream] of Object.entries(report.streams)) {
    expect(stream.acknowledged, name).toBeGreaterThanOrEqual(10 * ROUNDS);
  }
}

describe("acknowledged writes survive SIGKILL", () => {
  it(
    `on PGlite (${ROUNDS} kills)`,
    async () => {
      expectNothingLost(await runDurability({ database: "pglite", rounds: ROUNDS }));
    },
    TIMEOUT,
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    `on PostgreSQL (${ROUNDS} kills)`,
    async () => {
      expectNothingLost(await runDurability({ database: "postgres", rounds: ROUNDS }));
    },
    TIMEOUT,
  );
});
