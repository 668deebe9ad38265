import { tmpdir } from "node:os";
import type { I18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ANONYMOUS } from "~/auth/actor";
import { actorById } from "~/auth/actor.server";
import { backupReports, messages } from "~/db/schema";
import { createAccount } from "../../../tests/helpers/accounts";
import { catalogueI18n } from "../../../tests/helpers/catalogue-translate";
import { statusOf } from "../../../tests/helpers/domain";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { recordBackupReport } from "./backup.server";
import { HealthPanel } from "./components/health-panel";
import { systemHealth } from "./health.server";
import { databaseMetrics } from "./metrics.server";

vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123456789");
vi.stubEnv("APP_URL", "http://localhost:3000");
// The disk free under DATA_DIR is read from a directory that exists wherever the test runs.
vi.stubEnv("DATA_DIR", tmpdir());

// The panel in a page's language (decision 044), as root.tsx provides it.
const english = catalogueI18n("en");
const french = catalogueI18n("fr");
const render = (node: ReactNode, i18n: I18n = english) =>
  renderToStaticMarkup(<I18nProvider i18n={i18n}>{node}</I18nProvider>);

let h: TestDatabase;

beforeAll(async () => {
  h = await createTestDb({ workers: false });
}, 120_000);

afterAll(async () => {
  await h?.drop();
});

describe("systemHealth (issue 39)", () => {
  it("is for approved system administrators only", async () => {
    const doctor = await actorById(h.db, (await createAccount(h.db, { role: "doctor", approved: true })).id);
    const pending = await actorById(h.db, (await createAccount(h.db, { role: "system_admin", approved: false })).id);
    expect(await statusOf(systemHealth(h.db, ANONYMOUS))).toBe(401);
    expect(await statusOf(systemHealth(h.db, doctor))).toBe(403);
    expect(await statusOf(systemHealth(h.db, pending))).toBe(403);
  });

  it("shows each channel's last success and last error, and the deliveries of each hour", async () => {
    const admin = await actorById(h.db, (await createAccount(h.db, { role: "system_admin", approved: true })).id);
    const now = new Date();
    const tenMinutesAgo = new Date(now.getTime() - 10 * 60_000);
    await h.db.insert(messages).values([
      {
        channel: "sms",
        recipient: "+233241234567",
        event: "referral.created",
        status: "delivered",
        provider: "arkesel",
        providerId: "ark-1",
        sentAt: tenMinutesAgo,
        createdAt: tenMinutesAgo,
      },
      {
        channel: "sms",
        recipient: "+233241234568",
        event: "referral.created",
        status: "failed",
        lastError: "no_credit: Insufficient balance",
        createdAt: now,
        updatedAt: now,
      },
    ]);
    const health = await systemHealth(h.db, admin, now);
    expect(health.channels.find((c) => c.channel === "sms")).toEqual({
      channel: "sms",
      provider: "arkesel",
      lastSuccessAt: tenMinutesAgo.toISOString(),
      lastErrorAt: now.toISOString(),
      lastError: "no_credit: Insufficient balance",
    });
    expect(health.channels.find((c) => c.channel === "whatsapp")?.lastSuccessAt).toBeNull();
    expect(health.perHour).toHaveLength(24);
    expect(health.perHour.reduce((n, hour) => n + hour.sent, 0)).toBe(1);
    expect(health.perHour.reduce((n, hour) => n + hour.failed, 0)).toBe(1);
    expect(health.perHour.at(-1)!.hour <= now.toISOString()).toBe(true);
    expect(health.queues.map((q) => q.queue)).toContain("send-message");
    expect(health.disk?.freeBytes).toBeGreaterThan(0);
    expect(health.version).toBeTruthy();
    expect(health.alerts).toEqual([]);
  });
});

describe("the backup job's reports (issue 39)", () => {
  it("are not shown or exposed before the first; then the last good one's age, and a failed last report", async () => {
    const admin = await actorById(h.db, (await createAccount(h.db, { role: "system_admin", approved: true })).id);
    const now = new Date();
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
    await h.db.delete(backupReports);
    const before = await systemHealth(h.db, admin, now);
    expect(before.backup).toBeNull();
    expect(render(<HealthPanel health={before} />)).toContain("Not reported");
    expect(await databaseMetrics(h.db, now)).not.toContain("qurhealth_backup_");

    await recordBackupReport(h.db, { status: "ok", size_bytes: "2500000000" }, hoursAgo(5));
    await recordBackupReport(h.db, { status: "failed", note: "pg_dump: disk full" }, hoursAgo(1));
    const health = await systemHealth(h.db, admin, now);
    expect(health.backup).toEqual({
      lastReportAt: hoursAgo(1).toISOString(),
      lastStatus: "failed",
      lastNote: "pg_dump: disk full",
      lastSuccessAt: hoursAgo(5).toISOString(),
      lastSuccessBytes: 2_500_000_000,
      ageSeconds: 5 * 3600,
    });
    const page = render(<HealthPanel health={health} />);
    expect(page).toContain("Last good backup");
    expect(page).toContain("5 h ago");
    expect(page).toContain("2.5 GB");
    expect(page).toContain("pg_dump: disk full");
    const inFrench = render(<HealthPanel health={health} />, french);
    expect(inFrench).toContain("Dernière sauvegarde réussie");
    expect(inFrench).toContain("il y a 5 h");
    expect(inFrench).toContain("2,5 Go");
    const metrics = await databaseMetrics(h.db, now);
    expect(metrics).toMatch(/^qurhealth_backup_age_seconds 18000$/m);
    expect(metrics).toContain(`qurhealth_backup_last_success_timestamp_seconds ${hoursAgo(5).getTime() / 1000}`);
    await h.db.delete(backupReports);
  });

  it("refuses a report the schema refuses, storing nothing", async () => {
    await h.db.delete(backupReports);
    for (const fields of [{ status: "done" }, { size_bytes: "-1" }, { size_bytes: "1e9" }, { note: "x".repeat(201) }]) {
      expect(await statusOf(recordBackupReport(h.db, fields))).toBe(400);
    }
    expect(await h.db.select().from(backupReports)).toEqual([]);
  });
});

describe("databaseMetrics", () => {
  it("still answers, saying so, when the database does not", async () => {
    const failing = {
      execute: () => Promise.reject(new Error("connection refused")),
      select: () => {
        throw new Error("connection refused");
      },
    } as unknown as Parameters<typeof databaseMetrics>[0];
    const text = await databaseMetrics(failing);
    expect(text).toMatch(/^qurhealth_database_figures_ok 0$/m);
    expect(await databaseMetrics(h.db)).toMatch(/^qurhealth_database_figures_ok 1$/m);
  });
});
