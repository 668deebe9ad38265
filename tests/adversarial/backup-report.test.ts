import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKUP_REPORT_TOKEN, type BuiltApp, loadBuiltApp, uniqueIp } from "./built-app";

/*
 * POST /operations/backup-report through the production build: the backup job's report,
 * as `curl -fsS -X POST -H "Authorization: Bearer $BACKUP_REPORT_TOKEN" -d status=ok ...` sends it.
 * Without the token nothing is stored; refused fields are a 400 naming the field; the report shows
 * in /metrics at once.
 */
let app: BuiltApp;

beforeAll(async () => {
  app = await loadBuiltApp();
});

afterAll(async () => {
  await app?.close();
});

const report = (body: Record<string, string>, authorization: string | null = `Bearer ${BACKUP_REPORT_TOKEN}`) =>
  app.request("/operations/backup-report", {
    method: "POST",
    body: new URLSearchParams(body),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(authorization ? { Authorization: authorization } : {}),
    },
    ip: uniqueIp(),
  });

describe("POST /operations/backup-report", () => {
  it("refuses a missing or wrong token (401) and stores nothing", async () => {
    const before = await app.tableCounts();
    for (const authorization of [null, `Bearer ${BACKUP_REPORT_TOKEN.slice(0, -1)}`, `Basic ${BACKUP_REPORT_TOKEN}`]) {
      const response = await report({ status: "ok" }, authorization);
      expect(response.status, String(authorization)).toBe(401);
    }
    expect(await app.tableCounts()).toEqual(before);
  });

  it("refuses fields it cannot take (400, the field named) and stores nothing", async () => {
    const before = await app.tableCounts();
    const cases: Array<[Record<string, string>, string]> = [
      [{ status: "done" }, "status must be ok or failed"],
      [{ size_bytes: "12 GB" }, "size_bytes must be a whole number of bytes"],
      [{ note: "n".repeat(201) }, "note must be text of at most 200 characters"],
      [{ note: "a\0b" }, "note must be text of at most 200 characters"],
    ];
    for (const [body, message] of cases) {
      const response = await report(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe(message);
    }
    expect(await app.tableCounts()).toEqual(before);
  });

  it("answers a GET with 405", async () => {
    expect((await app.request("/operations/backup-report", { ip: uniqueIp() })).status).toBe(405);
  });

  it("records a report (201), with no fields a good backup, and /metrics shows its age", async () => {
    const before = (await app.tableCounts()).backup_reports ?? 0;
    const failed = await report({ status: "failed", note: "pg_dump: could not connect" });
    expect(failed.status).toBe(201);
    expect(await failed.json()).toMatchObject({ status: "failed" });
    const bare = await app.request("/operations/backup-report", {
      method: "POST",
      headers: { Authorization: `Bearer ${BACKUP_REPORT_TOKEN}` },
      ip: uniqueIp(),
    });
    expect(bare.status).toBe(201);
    expect(await bare.json()).toMatchObject({ status: "ok" });
    expect((await app.tableCounts()).backup_reports).toBe(before + 2);
    const metrics = await (await app.request("/metrics", { ip: "127.0.0.1" })).text();
    expect(metrics).toMatch(/^qurhealth_backup_age_seconds \d$/m);
    expect(metrics).toMatch(/^qurhealth_backup_last_success_timestamp_seconds \d+(\.\d+)?$/m);
  });
});
