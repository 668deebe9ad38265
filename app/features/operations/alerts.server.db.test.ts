import { I18nProvider } from "@lingui/react";
import { and, eq, inArray, sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { actorById } from "~/auth/actor.server";
import {
  backupReports,
  messages,
  operationalAlerts,
  patients,
  payoutRuns,
  payoutTransfers,
  referrals,
} from "~/db/schema";
import { enqueue } from "~/jobs/queue.server";
import { formatAccraDateTime } from "~/lib/ghana-format";
import { createAccount } from "../../../tests/helpers/accounts";
import { catalogueI18n } from "../../../tests/helpers/catalogue-translate";
import { insertFacility } from "../../../tests/helpers/domain";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { accountId } from "../ledger/ledger.server";
import { type AlertThresholds, checkAlerts } from "./alerts.server";
import { HealthPanel } from "./components/health-panel";
import { readOperationalFigures } from "./figures.server";
import { systemHealth } from "./health.server";

vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123456789");
vi.stubEnv("APP_URL", "http://localhost:3000");

const LIMITS: AlertThresholds = {
  ALERT_QUEUE_OLDEST_MINUTES: 5,
  ALERT_PROVIDER_FAILURE_PERCENT: 20,
  ALERT_EMERGENCY_WAITING_MINUTES: 60,
  ALERT_PAYOUT_PENDING_HOURS: 24,
  ALERT_HOLD_MINUTES: 15,
  ALERT_BACKUP_MAX_HOURS: 26,
};
const MINUTE = 60_000;

let h: TestDatabase;
let adminEmails: string[];
let adminId: string;
let otherAdminId: string;
let doctorId: string;
let facilityId: string;
let patientId: string;

beforeAll(async () => {
  h = await createTestDb({ workers: false });
  const admin = await createAccount(h.db, { role: "system_admin", approved: true });
  const other = await createAccount(h.db, { role: "system_admin", approved: true });
  // Not approved: told nothing.
  await createAccount(h.db, { role: "system_admin", approved: false });
  adminEmails = [admin.email, other.email].sort();
  adminId = admin.id;
  otherAdminId = other.id;
  doctorId = (await createAccount(h.db, { role: "doctor", approved: true })).id;
  facilityId = await insertFacility(h.db, "alerts-clinic", "Alerts Clinic");
  const [patient] = await h.db
    .insert(patients)
    .values({ fullName: "Ama Alert", phone: "+233200000731" })
    .returning({ id: patients.id });
  patientId = patient!.id;
}, 120_000);

afterAll(async () => {
  await h?.drop();
});

beforeEach(async () => {
  await h.db.delete(operationalAlerts);
  await h.db.delete(messages);
});

/** The alert emails queued so far, by event. */
async function alertMails() {
  const rows = await h.db
    .select({ event: messages.event, recipient: messages.recipient, payload: messages.payload })
    .from(messages)
    .where(inArray(messages.event, ["operations.alert_started", "operations.alert_cleared"]));
  return rows.map((r) => ({ event: r.event, to: r.recipient, subject: (r.payload as { subject: string }).subject }));
}

/** One pass at `now`; the alert emails' own send jobs are taken off the queue (no workers run here). */
async function check(now: Date) {
  const result = await checkAlerts(h.db, LIMITS, now, { ledgerMaxAgeMs: 0 });
  await h.db.execute(sql`delete from pgboss.job where name = 'send-message'`);
  return result;
}

/**
 * Each rule: fires once when it starts (one email to each administrator), stays one alert while it
 * holds or flaps within the hold, and clears once after it has stayed quiet for the hold.
 */
async function expectOnceEach(start: Date, cause: () => Promise<void>, cure: () => Promise<void>, subject: RegExp) {
  const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
  expect((await check(at(0))).started).toEqual([]);
  await cause();
  const first = await check(at(1));
  expect(first.started).toHaveLength(1);
  const started = await alertMails();
  expect(started.map((m) => m.to).sort()).toEqual(adminEmails);
  for (const mail of started)
    expect(mail).toMatchObject({ event: "operations.alert_started", subject: expect.stringMatching(subject) });
  // Still holding: no second email.
  expect((await check(at(2))).started).toEqual([]);
  await cure();
  // Quiet for less than the hold: not cleared yet.
  expect((await check(at(10))).cleared).toEqual([]);
  // Flaps back and quiet again: still the same alert, nothing sent.
  await cause();
  expect((await check(at(12))).started).toEqual([]);
  await cure();
  expect((await check(at(20))).cleared).toEqual([]);
  expect((await alertMails()).length).toBe(adminEmails.length);
  // Quiet for the whole hold: cleared, once.
  expect((await check(at(12 + 15 + 1))).cleared).toHaveLength(1);
  expect((await check(at(60))).cleared).toEqual([]);
  const events = (await alertMails()).map((m) => m.event).sort();
  expect(events).toEqual([
    ...adminEmails.map(() => "operations.alert_cleared"),
    ...adminEmails.map(() => "operations.alert_started"),
  ]);
  const rows = await h.db.select().from(operationalAlerts);
  expect(rows).toHaveLength(1);
  expect(rows[0]!.clearedAt?.toISOString()).toBe(at(28).toISOString());
}

describe("alert rules (issue 39)", () => {
  it("a queue whose oldest ready job waits longer than 5 minutes", async () => {
    const start = new Date();
    let jobId: string | null = null;
    await expectOnceEach(
      start,
      async () => {
        jobId = await enqueue(h.db, { name: "hub-notification", data: { notificationId: crypto.randomUUID() } });
        // Ready since before the start: 6 minutes old by the next check.
        await h.db.execute(
          sql`update pgboss.job set start_after = ${new Date(start.getTime() - 5 * MINUTE).toISOString()}::timestamptz where id = ${jobId}`,
        );
      },
      async () => {
        await h.db.execute(sql`delete from pgboss.job where id = ${jobId}`);
      },
      /^ALERT: A job queue is not moving \(hub-notification\)$/,
    );
  });

  it("a provider reporting no credit", async () => {
    const start = new Date();
    const ids: string[] = [];
    await expectOnceEach(
      start,
      async () => {
        // What the send-message worker records when the SMS provider (its fake, too) answers "no credit": retried.
        const [row] = await h.db
          .insert(messages)
          .values({
            channel: "sms",
            recipient: "+233241234567",
            event: "referral.created",
            status: "queued",
            lastError: "no_credit: Insufficient balance",
            createdAt: start,
          })
          .returning({ id: messages.id });
        ids.push(row!.id);
      },
      async () => {
        await h.db
          .update(messages)
          .set({ status: "sent", lastError: null, provider: "arkesel", sentAt: start })
          .where(inArray(messages.id, ids));
      },
      /^ALERT: A messaging provider is failing \(sms\)$/,
    );
  });

  it("a channel failing more than 20% of its messages in 15 minutes, with 5 or more sent", async () => {
    const now = new Date();
    const sms = (status: "sent" | "failed") => ({
      channel: "sms" as const,
      recipient: "+233241234567",
      event: "referral.created",
      status,
      lastError: status === "failed" ? "invalid_number: refused" : null,
      createdAt: new Date(now.getTime() - 60_000),
    });
    // 1 of 5 (20%): not above the limit.
    await h.db.insert(messages).values([sms("failed"), sms("sent"), sms("sent"), sms("sent"), sms("sent")]);
    expect((await check(now)).started).toEqual([]);
    // 2 of 6 (33%).
    await h.db.insert(messages).values(sms("failed"));
    expect((await check(now)).started).toEqual(["provider_failing:sms"]);
    // Still in the window 10 minutes on; out of it 15 minutes after they were made: quiet, then cleared after the hold.
    expect(await check(new Date(now.getTime() + 10 * MINUTE))).toMatchObject({ started: [], cleared: [] });
    expect((await check(new Date(now.getTime() + 16 * MINUTE))).cleared).toEqual([]);
    expect((await check(new Date(now.getTime() + 24 * MINUTE))).cleared).toEqual([]);
    expect((await check(new Date(now.getTime() + 25 * MINUTE))).cleared).toEqual(["provider_failing:sms"]);
  });

  it("an emergency referral waiting more than an hour", async () => {
    const start = new Date();
    let referralId = "";
    await expectOnceEach(
      start,
      async () => {
        const [row] = await h.db
          .insert(referrals)
          .values({
            doctorId,
            facilityId,
            patientId,
            patientName: "Ama Alert",
            patientPhone: "+233200000731",
            chiefComplaint: "Chest pain",
            urgencyLevel: "emergency",
            createdAt: new Date(start.getTime() - 61 * MINUTE),
            referralFee: 100,
            doctorShare: 70,
            platformShare: 30,
          })
          .returning({ id: referrals.id });
        referralId = row!.id;
      },
      async () => {
        await h.db.update(referrals).set({ status: "accepted", acceptedAt: start }).where(eq(referrals.id, referralId));
      },
      /^ALERT: An emergency referral is waiting$/,
    );
  });

  it("a payout pending at the provider for more than 24 hours", async () => {
    const start = new Date();
    const [run] = await h.db
      .insert(payoutRuns)
      .values({
        status: "approved",
        minimumPesewas: 7000,
        totalPesewas: 10_000,
        transferCount: 1,
        preparedBy: adminId,
        approvedBy: otherAdminId,
        approvedAt: start,
      })
      .returning({ id: payoutRuns.id });
    let transferId = "";
    await expectOnceEach(
      start,
      async () => {
        await h.db.delete(payoutTransfers);
        const [row] = await h.db
          .insert(payoutTransfers)
          .values({
            runId: run!.id,
            doctorId,
            amountPesewas: 10_000,
            reference: `alerts-${crypto.randomUUID()}`,
            status: "pending",
            provider: "paystack",
            method: "mobile_money",
            network: "MTN",
            accountNumber: "0241234567",
            accountName: "Dr Alert",
            initiatedAt: new Date(start.getTime() - 25 * 60 * MINUTE),
          })
          .returning({ id: payoutTransfers.id });
        transferId = row!.id;
      },
      async () => {
        await h.db
          .update(payoutTransfers)
          .set({ status: "success", finishedAt: start })
          .where(and(eq(payoutTransfers.id, transferId), eq(payoutTransfers.status, "pending")));
      },
      /^ALERT: A payout is pending at the provider$/,
    );
  });

  it("a ledger that does not sum to zero", async () => {
    const start = new Date();
    const cash = await accountId(h.db, { kind: "cash" });
    const revenue = await accountId(h.db, { kind: "platform_revenue" });
    let entry = 0;
    const bypass = async (statement: () => Promise<unknown>) => {
      await h.db.execute(sql`alter table ledger_postings disable trigger ledger_postings_balanced`);
      await h.db.execute(sql`alter table ledger_entries disable trigger ledger_entries_balanced`);
      await statement();
      await h.db.execute(sql`alter table ledger_postings enable trigger ledger_postings_balanced`);
      await h.db.execute(sql`alter table ledger_entries enable trigger ledger_entries_balanced`);
    };
    // The ledger refuses changes to what it holds: the cure is an entry that undoes the sum.
    const unbalanced = (sign: 1 | -1) =>
      bypass(async () => {
        entry += 1;
        const inserted = await h.db.execute(
          sql`insert into ledger_entries (idempotency_key, kind, memo) values (${`alerts:broken:${entry}`}, 'provider_fee', 'broken') returning id`,
        );
        const id = (inserted as unknown as { rows: { id: string }[] }).rows[0]!.id;
        await h.db.execute(
          sql`insert into ledger_postings (entry_id, account_id, amount) values (${id}, ${cash}, ${sign * 500}), (${id}, ${revenue}, ${sign * -300})`,
        );
      });
    await expectOnceEach(
      start,
      () => unbalanced(1),
      () => unbalanced(-1),
      /^ALERT: The ledger does not balance$/,
    );
  });
});

describe("the backup_stale rule (issue 39)", () => {
  it("says nothing before the backup job first reports", async () => {
    await h.db.delete(backupReports);
    expect((await check(new Date())).started).toEqual([]);
  });

  it("the last good backup older than ALERT_BACKUP_MAX_HOURS", async () => {
    await h.db.delete(backupReports);
    const start = new Date();
    const hoursAgo = (hours: number) => new Date(start.getTime() - hours * 60 * MINUTE);
    // A good backup 25 hours ago: within the 26 hours until a minute after the start.
    await h.db.insert(backupReports).values({ status: "ok", sizeBytes: 1_000_000, reportedAt: hoursAgo(25) });
    await expectOnceEach(
      start,
      async () => {
        // Tonight's backup failed, and the last good one is now 27 hours old.
        await h.db.delete(backupReports);
        await h.db.insert(backupReports).values([
          { status: "ok", reportedAt: hoursAgo(27) },
          { status: "failed", note: "pg_dump: connection refused", reportedAt: hoursAgo(1) },
        ]);
      },
      async () => {
        await h.db.insert(backupReports).values({ status: "ok", reportedAt: start });
      },
      /^ALERT: The last backup is too old$/,
    );
    await h.db.delete(backupReports);
  });
});

describe("readOperationalFigures", () => {
  it("counts ready jobs per queue and how long the oldest has been ready", async () => {
    const now = new Date();
    const id = await enqueue(h.db, { name: "payout-reconcile", data: {} });
    await h.db.execute(
      sql`update pgboss.job set start_after = ${new Date(now.getTime() - 90_000).toISOString()}::timestamptz where id = ${id}`,
    );
    // Not yet due: not ready.
    await enqueue(h.db, {
      name: "payout-reconcile",
      data: { day: "2099-01-01" },
      startAfter: new Date(now.getTime() + 3_600_000),
    });
    const figures = await readOperationalFigures(h.db, now, { ledgerMaxAgeMs: 0 });
    const queue = figures.queues.find((q) => q.queue === "payout-reconcile");
    expect(queue).toMatchObject({ ready: 1, active: 0, failedLastHour: 0 });
    expect(queue!.oldestReadySeconds).toBeGreaterThanOrEqual(89);
    expect(queue!.oldestReadySeconds).toBeLessThan(120);
    expect(figures.queues.map((q) => q.queue)).toContain("operations-alerts");
    expect(figures.queues.filter((q) => q.queue.startsWith("__pgboss"))).toEqual([]);
    await h.db.execute(sql`delete from pgboss.job where name = 'payout-reconcile'`);
  });
});

describe("the health screen's alerts (issue 39)", () => {
  it("lists the open alert first, then the history: one row per alert, a flap within the hold included", async () => {
    const start = new Date();
    const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
    let jobId: string | null = null;
    const stick = async () => {
      jobId = await enqueue(h.db, { name: "hub-notification", data: { notificationId: crypto.randomUUID() } });
      await h.db.execute(
        sql`update pgboss.job set start_after = ${at(-5).toISOString()}::timestamptz where id = ${jobId}`,
      );
    };
    const unstick = async () => {
      await h.db.execute(sql`delete from pgboss.job where id = ${jobId}`);
    };
    // Starts, flaps within the hold (still one alert), clears; starts again and stays open.
    await stick();
    expect((await check(at(1))).started).toEqual(["queue_stuck:hub-notification"]);
    await unstick();
    await check(at(5));
    await stick();
    await check(at(8));
    await unstick();
    expect((await check(at(8 + 15 + 1))).cleared).toEqual(["queue_stuck:hub-notification"]);
    await stick();
    expect((await check(at(30))).started).toEqual(["queue_stuck:hub-notification"]);
    await unstick();

    const admin = await actorById(h.db, adminId);
    const health = await systemHealth(h.db, admin, at(31));
    expect(health.alerts.map((a) => ({ started: a.startedAt, last: a.lastFiringAt, cleared: a.clearedAt }))).toEqual([
      { started: at(30).toISOString(), last: at(30).toISOString(), cleared: null },
      { started: at(1).toISOString(), last: at(8).toISOString(), cleared: at(24).toISOString() },
    ]);
    const page = renderToStaticMarkup(
      createElement(I18nProvider, { i18n: catalogueI18n("en") }, createElement(HealthPanel, { health })),
    );
    expect(page.match(/A job queue is not moving/g)).toHaveLength(2);
    expect(page.match(/>Open</g)).toHaveLength(1);
    for (const moment of [at(30), at(1), at(24)]) expect(page).toContain(formatAccraDateTime(moment));
    expect(page).toContain("Queue hub-notification: 1 jobs ready");
    // Told: started, cleared, started again; each to every administrator, nothing for the flap.
    const events = (await alertMails()).map((m) => m.event);
    expect(events.filter((e) => e === "operations.alert_started")).toHaveLength(2 * adminEmails.length);
    expect(events.filter((e) => e === "operations.alert_cleared")).toHaveLength(adminEmails.length);
  });
});
