import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDatabase } from "../../tests/helpers/test-db";
import { hitRateLimit, tooManyAttemptsMessage } from "./rate-limit.server";

let h: TestDatabase;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(() => h.drop());

describe("hitRateLimit", () => {
  const rule = { limit: 3, windowMs: 60_000 };
  const t0 = new Date("2026-01-01T10:00:05Z");

  it("allows up to the limit in a window, then refuses with the time left", async () => {
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(h.db, "ip:1", rule, t0));
    expect(results.map((r) => r.ok)).toEqual([true, true, true, false]);
    expect(results[3].retryAfterSeconds).toBe(55);
  });

  it("starts counting again in the next window and keeps keys apart", async () => {
    expect((await hitRateLimit(h.db, "ip:1", rule, new Date("2026-01-01T10:01:01Z"))).ok).toBe(true);
    expect((await hitRateLimit(h.db, "ip:2", rule, t0)).ok).toBe(true);
  });

  it("counts concurrent hits exactly once each", async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => hitRateLimit(h.db, "ip:burst", rule, t0)));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
  });

  it("phrases the wait in whole minutes", () => {
    expect(tooManyAttemptsMessage(30)).toBe("Too many attempts. Try again in 1 minute.");
    expect(tooManyAttemptsMessage(125)).toBe("Too many attempts. Try again in 3 minutes.");
  });
});
