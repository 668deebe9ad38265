import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { backupReports, messages, notificationPreferences, operationalAlerts, users } from "~/db/schema";
import type { Mail } from "~/email/send.server";
import { queueText } from "~/features/messaging/public.server";
import type { JobWorkers } from "~/jobs/queue.server";
import { processRegistry } from "~/lib/metrics.server";
import { startJobWorkers } from "../../../server/job-workers";
import { createAccount } from "../../../tests/helpers/accounts";
import { startFakeArkesel } from "../../../tests/helpers/fake-providers/index.ts";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { waitUntil } from "../../../tests/helpers/wait";
import { createArkeselProvider } from "../messaging/providers/arkesel.server";
import { type AlertThresholds, checkAlerts } from "./alerts.server";

vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123456789");
vi.stubEnv("APP_URL", "http://localhost:3000");

/*
 * How alerts reach system administrators: by email always, by SMS where they chose it
 * for "operations.alert" and confirmed a number (at once, whatever their quiet hours); and the
 * provider alert raised by the SMS provider's own answer, through the fake Arkesel out of credit.
 */

/** A counter of this process's /metrics registry (the workers here run in this process), 0 when absent. */
async function counted(name: string, ...labels: string[]): Promise<number> {
  const line = (await processRegistry().metrics())
    .split("\n")
    .find((l) => l.startsWith(`${name}{`) && labels.every((label) => l.includes(label)));
  return line ? Number(line.split(" ").at(-1)) : 0;
}

const LIMITS: AlertThresholds = {
  ALERT_QUEUE_OLDEST_MINUTES: 5,
  ALERT_PROVIDER_FAILURE_PERCENT: 20,
  ALERT_EMERGENCY_WAITING_MINUTES: 60,
  ALERT_PAYOUT_PENDING_HOURS: 24,
  ALERT_HOLD_MINUTES: 15,
  ALERT_BACKUP_MAX_HOURS: 26,
};
const MINUTE = 60_000;
const TEXTER_PHONE = "+233205550171";

let h: TestDatabase;
let texter: string;
let emailOnly: string;
let unconfirmed: string;
const running: JobWorkers[] = [];

beforeAll(async () => {
  h = await createTestDb({ workers: false });
  texter = (await createAccount(h.db, { role: "system_admin", approved: true, email: "texter@example.test" })).email;
  emailOnly = (await createAccount(h.db, { role: "system_admin", approved: true, email: "mailer@example.test" })).email;
  unconfirmed = (await createAccount(h.db, { role: "system_admin", approved: true, email: "nophone@example.test" }))
    .email;
  const idOf = async (email: string) => (await h.db.select().from(users).where(eq(users.email, email)))[0]!.id;
  await h.db
    .update(users)
    .set({ confirmedPhone: TEXTER_PHONE, phoneConfirmedAt: new Date() })
    .where(eq(users.email, texter));
  await h.db
    .update(users)
    .set({ confirmedPhone: "+233205550172", phoneConfirmedAt: new Date() })
    .where(eq(users.email, emailOnly));
  // Chose SMS for alerts, with quiet hours all day long: alerts still go at once.
  for (const email of [texter, unconfirmed]) {
    await h.db.insert(notificationPreferences).values({
      userId: await idOf(email),
      channels: { "operations.alert": ["email", "sms"] },
      quietStart: 0,
      quietEnd: 1439,
    });
  }
}, 120_000);

afterEach(async () => {
  await Promise.all(running.splice(0).map((w) => w.stop(2_000)));
  await h.db.execute(sql`delete from pgboss.job`);
  await h.db.delete(messages);
  await h.db.delete(operationalAlerts);
  await h.db.delete(backupReports);
});

afterAll(async () => {
  await h?.drop();
});

const notices = (event: string) =>
  h.db
    .select({ channel: messages.channel, recipient: messages.recipient, payload: messages.payload })
    .from(messages)
    .where(eq(messages.event, event));

describe("alert notices (issue 39)", () => {
  it("email every system administrator, and text at once those who chose SMS and confirmed a number", async () => {
    const now = new Date();
    await h.db.insert(backupReports).values({ status: "ok", reportedAt: new Date(now.getTime() - 30 * 60 * MINUTE) });
    expect((await checkAlerts(h.db, LIMITS, now)).started).toEqual(["backup_stale:"]);
    const started = await notices("operations.alert_started");
    expect(
      started
        .filter((m) => m.channel === "email")
        .map((m) => m.recipient)
        .sort(),
    ).toEqual([emailOnly, unconfirmed, texter].sort());
    expect(started.filter((m) => m.channel !== "email")).toEqual([
      {
        channel: "sms",
        recipient: TEXTER_PHONE,
        payload: {
          text: "Qurhealth ALERT: The last backup is too old. http://localhost:3000/dashboard/system-admin/health",
        },
      },
    ]);
    // Not held for the quiet hours: its send job may run now.
    const [job] = (
      await h.db.execute(
        sql`select start_after from pgboss.job where name = 'send-message' and data->>'messageId' in (select id::text from messages where channel = 'sms')`,
      )
    ).rows as { start_after: string }[];
    expect(new Date(job!.start_after).getTime()).toBeLessThanOrEqual(Date.now());

    await h.db.insert(backupReports).values({ status: "ok", reportedAt: now });
    expect((await checkAlerts(h.db, LIMITS, new Date(now.getTime() + 16 * MINUTE))).cleared).toEqual(["backup_stale:"]);
    const cleared = await notices("operations.alert_cleared");
    expect(cleared.filter((m) => m.channel === "sms")).toEqual([
      {
        channel: "sms",
        recipient: TEXTER_PHONE,
        payload: {
          text: "Qurhealth cleared: The last backup is too old. http://localhost:3000/dashboard/system-admin/health",
        },
      },
    ]);
    expect(cleared.filter((m) => m.channel === "email")).toHaveLength(3);
  });

  it("the fake Arkesel out of credit raises the provider alert; topped up, it clears once", async () => {
    const fake = await startFakeArkesel("ark-key-1234567890");
    try {
      fake.mode = "no_credit";
      const provider = createArkeselProvider({ apiKey: "ark-key-1234567890", sender: "Qurhealth", baseUrl: fake.url });
      const workers = await startJobWorkers(h, {
        pollingIntervalSeconds: 0.5,
        superviseIntervalSeconds: 1,
        transports: {
          email: async (mail: Mail) => ({ provider: "smtp" as const, providerId: mail.messageId ?? String(mail.to) }),
          sms: () => provider,
        },
      });
      running.push(workers);
      // Tried again every second, without backoff and without running out of tries: the production
      // backoff (30 s doubling, ten tries) would make the wait after the top-up depend on how long
      // the checks below take on the engine, which is what the test is not about.
      await workers.boss.updateQueue("send-message", { retryDelay: 1, retryBackoff: false, retryLimit: 1000 });
      const id = await h.db.transaction((tx) =>
        queueText(
          tx,
          "sms",
          "+233205550147",
          { text: "Qurhealth: New referral REF-2026-000123." },
          {
            event: "referral.created",
          },
        ),
      );
      const row = async () => (await h.db.select().from(messages).where(eq(messages.id, id)))[0]!;
      await waitUntil(async () => (await row()).lastError?.startsWith("no_credit:"));
      // /metrics counts the provider's answer by kind, and the message as retrying.
      expect(
        await counted("qurhealth_message_provider_errors_total", 'provider="arkesel"', 'kind="no_credit"'),
      ).toBeGreaterThan(0);
      expect(
        await counted("qurhealth_messages_total", 'channel="sms"', 'provider="arkesel"', 'outcome="retrying"'),
      ).toBeGreaterThan(0);

      const now = new Date();
      await checkAlerts(h.db, LIMITS, now);
      const open = await h.db.select().from(operationalAlerts).where(isNull(operationalAlerts.clearedAt));
      expect(open.map((a) => `${a.rule}:${a.subject}`)).toEqual(["provider_failing:sms"]);
      expect(open[0]!.detail).toMatch(/^sms: the provider reports no credit/);
      expect(open[0]!.detail).toMatch(/Arkesel 402/);
      const emails = (await notices("operations.alert_started")).filter((m) => m.channel === "email");
      expect(emails.map((m) => m.recipient).sort()).toEqual([emailOnly, unconfirmed, texter].sort());

      // Topped up: the kept messages go out (the alert's own SMS too), and after the hold it clears, once.
      fake.mode = "success";
      await waitUntil(async () => (await row()).status === "sent");
      expect(
        await counted("qurhealth_messages_total", 'channel="sms"', 'provider="arkesel"', 'outcome="sent"'),
      ).toBeGreaterThan(0);
      await waitUntil(async () => {
        const texts = await h.db
          .select()
          .from(messages)
          .where(and(eq(messages.channel, "sms"), inArray(messages.status, ["queued"])));
        return texts.length === 0;
      });
      expect((await checkAlerts(h.db, LIMITS, new Date(now.getTime() + MINUTE))).cleared).toEqual([]);
      expect((await checkAlerts(h.db, LIMITS, new Date(now.getTime() + 17 * MINUTE))).cleared).toEqual([
        "provider_failing:sms",
      ]);
      expect((await checkAlerts(h.db, LIMITS, new Date(now.getTime() + 18 * MINUTE))).cleared).toEqual([]);
      expect((await notices("operations.alert_cleared")).filter((m) => m.channel === "email")).toHaveLength(3);
    } finally {
      await fake.close();
    }
  }, 120_000);
});
