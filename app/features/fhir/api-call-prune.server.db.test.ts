import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClientAssertions, apiClientCalls } from "~/db/schema";
import { DEFAULT_RETRY, JOB_SCHEDULES, queueDefinitions } from "~/jobs/queue.server";
import { clientKeys } from "../../../tests/helpers/fhir-client";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { pruneApiClientCalls } from "./api-call-prune.server";
import { registerApiClient } from "./api-clients.server";

/* The record of FHIR API calls is kept FHIR_CALL_RETENTION_DAYS, each client's latest call always (decision 047). */

let h: TestDatabase;

beforeAll(async () => {
  h = await createTestDb({ workers: false });
});

afterAll(async () => {
  await h?.drop();
});

const NOW = new Date("2026-11-28T02:45:00.000Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60_000);

async function client(name: string) {
  const key = await clientKeys("ES384");
  return (await registerApiClient(h.db, { name, jwks: { keys: [key.jwk] } })).id;
}

async function calls(clientId: string) {
  const rows = await h.db
    .select({ path: apiClientCalls.path })
    .from(apiClientCalls)
    .where(eq(apiClientCalls.clientId, clientId))
    .orderBy(asc(apiClientCalls.createdAt));
  return rows.map((r) => r.path);
}

describe("pruning the record of FHIR API calls", () => {
  it("removes calls past the keeping, in batches, but each client's latest call", async () => {
    const busy = await client("Busy EMR");
    const quiet = await client("Quiet EMR");
    const record = (clientId: string, path: string, at: Date) =>
      h.db.insert(apiClientCalls).values({ clientId, method: "GET", path, status: 200, createdAt: at });
    for (let i = 0; i < 7; i++) await record(busy, `/fhir/Task?old=${i}`, daysAgo(200 - i));
    await record(busy, "/fhir/Task?edge", daysAgo(89));
    await record(busy, "/fhir/Task?recent", daysAgo(1));
    // The quiet client last called long ago: its latest call stays (the screen's "Last call").
    await record(quiet, "/fhir/metadata?first", daysAgo(400));
    await record(quiet, "/fhir/Task?last", daysAgo(300));
    await h.db.insert(apiClientAssertions).values([
      { clientId: busy, jti: "expired-long-ago", expiresAt: daysAgo(3) },
      { clientId: busy, jti: "still-valid", expiresAt: new Date(NOW.getTime() + 60_000) },
    ]);

    // Batches of two: the seven old calls take four statements.
    expect(await pruneApiClientCalls(h.db, NOW, 90, 2)).toBe(8);
    expect(await calls(busy)).toEqual(["/fhir/Task?edge", "/fhir/Task?recent"]);
    expect(await calls(quiet)).toEqual(["/fhir/Task?last"]);
    const jtis = await h.db.select({ jti: apiClientAssertions.jti }).from(apiClientAssertions);
    expect(jtis.map((j) => j.jti)).toEqual(["still-valid"]);
    // Again: nothing more to remove. A shorter keeping removes the 89-day-old call.
    expect(await pruneApiClientCalls(h.db, NOW, 90)).toBe(0);
    expect(await pruneApiClientCalls(h.db, NOW, 30)).toBe(1);
    expect(await calls(busy)).toEqual(["/fhir/Task?recent"]);
  });

  it("runs nightly as one job at a time", () => {
    expect(JOB_SCHEDULES["api-call-prune"]).toBe("45 2 * * *");
    expect(queueDefinitions(DEFAULT_RETRY)["api-call-prune"]).toMatchObject({ policy: "singleton" });
  });
});
