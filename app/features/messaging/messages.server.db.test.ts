import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { messages } from "~/db/schema";
import type { Mail } from "~/email/send.server";
import type { JobWorkers } from "~/jobs/queue.server";
import { startJobWorkers } from "../../../server/job-workers";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { waitUntil } from "../../../tests/helpers/wait";
import { queueEmail, queueText } from "./messages.server";
import type { MessagingProvider, OutboundMessage } from "./providers/types";

/*
 * The durable outbox (decision 024) on PGlite, and on PostgreSQL with TEST_DATABASE_URL: a message is
 * written with its cause, sent by a worker once, retried with backoff while it may pass, stopped
 * when it cannot.
 */

let h: TestDatabase;
const running: JobWorkers[] = [];

beforeAll(async () => {
  h = await createTestDb({ workers: false });
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((w) => w.stop(2_000)));
  await h.db.execute(sql`delete from pgboss.job`);
  await h.db.delete(messages);
});
afterAll(async () => {
  await h?.drop();
});

function catcher(behaviour: (mail: Mail, attempt: number) => void = () => {}) {
  const sent: (Mail & { at: number })[] = [];
  const attempts: { to: string; at: number }[] = [];
  return {
    sent,
    attempts,
    email: async (mail: Mail) => {
      attempts.push({ to: String(mail.to), at: Date.now() });
      behaviour(mail, attempts.filter((a) => a.to === String(mail.to)).length);
      sent.push({ ...mail, at: Date.now() });
      return { provider: "smtp" as const, providerId: `smtp-${sent.length}` };
    },
  };
}

async function work(email: (mail: Mail) => Promise<unknown>, extra: Parameters<typeof startJobWorkers>[1] = {}) {
  const workers = await startJobWorkers(h, {
    pollingIntervalSeconds: 0.5,
    superviseIntervalSeconds: 1,
    ...extra,
    transports: { email: email as never, ...extra.transports },
  });
  running.push(workers);
  return workers;
}

const row = async (id: string) => (await h.db.select().from(messages).where(eq(messages.id, id)))[0]!;
/** The states of the send-message jobs (of one message, or all). */
const jobStates = async (messageId?: string) =>
  (
    await h.db.execute<{ state: string }>(
      messageId
        ? sql`select state from pgboss.job where name = 'send-message' and data->>'messageId' = ${messageId}`
        : sql`select state from pgboss.job where name = 'send-message'`,
    )
  ).rows.map((r) => r.state);
const jobsOf = async () =>
  (await h.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = 'send-message'`))
    .rows[0]!.n;

describe("the outbox: a message is written with its cause", () => {
  it("a transaction that rolls back queues nothing and sends nothing", async () => {
    const mail = catcher();
    await expect(
      h.db.transaction(async (tx) => {
        await queueEmail(tx, { to: "ama@example.test", subject: "S", text: "T" }, { event: "test.rollback" });
        throw new Error("the cause failed");
      }),
    ).rejects.toThrow("the cause failed");
    expect(await h.db.select().from(messages)).toHaveLength(0);
    expect(await jobsOf()).toBe(0);
    await work(mail.email);
    // A message committed after it is sent: the workers have looked at the queue, and found only that.
    const [control] = await h.db.transaction((tx) =>
      queueEmail(tx, { to: "control@example.test", subject: "S", text: "T" }, { event: "test.control" }),
    );
    await waitUntil(async () => (await row(control!)).status === "sent");
    expect(mail.attempts.map((a) => a.to)).toEqual(["control@example.test"]);
  });

  it("committed while no worker runs (the process died right after), it is sent once a worker starts", async () => {
    const [id] = await h.db.transaction((tx) =>
      queueEmail(tx, { to: "kofi@example.test", subject: "Referral REF-1", text: "Open it" }, { event: "test.commit" }),
    );
    expect((await row(id!)).status).toBe("queued");
    // A "restart": workers start on the same database and find the job.
    const mail = catcher();
    await work(mail.email);
    const sent = await waitUntil(async () => (await row(id!)).status === "sent" && row(id!));
    expect(mail.sent).toHaveLength(1);
    expect(mail.sent[0]).toMatchObject({ to: "kofi@example.test", subject: "Referral REF-1", text: "Open it" });
    // The message's id is its Message-ID: sent again after a crash, it is the same message.
    expect(mail.sent[0]!.messageId).toBe(`<${id}@localhost>`);
    expect(sent).toMatchObject({ attempts: 1, provider: "smtp", providerId: "smtp-1", lastError: null, payload: null });
    expect(sent.sentAt).toBeInstanceOf(Date);
  });

  it("one message per recipient, each sent once by two workers sharing the queue", async () => {
    const to = Array.from({ length: 24 }, (_, i) => `person${i}@example.test`);
    const mail = catcher();
    await work(mail.email, { concurrency: 3 });
    await work(mail.email, { concurrency: 3 });
    const ids = await h.db.transaction((tx) =>
      queueEmail(tx, { to, subject: "Hello", text: "T" }, { event: "test.many" }),
    );
    expect(ids).toHaveLength(24);
    await waitUntil(async () => {
      const rows = await h.db.select({ status: messages.status }).from(messages);
      return rows.every((r) => r.status === "sent");
    });
    // Every job settled (none active or waiting to retry): nothing can send a second copy now.
    await waitUntil(async () => (await jobStates()).every((state) => state === "completed"));
    expect(mail.sent.map((m) => m.to).sort()).toEqual([...to].sort());
  });
});

describe("a sent message the database refuses to record", () => {
  it("is not sent again: a provider id already on another message is dropped, the others are recorded", async () => {
    // The provider answers every message with the same id: the batch's one statement is refused
    // (messages_provider_id_key). Failing the batch would send all of them again on each retry.
    const to = ["abena@example.test", "yaw@example.test", "efua@example.test", "kwesi@example.test"];
    const ids = await h.db.transaction((tx) => queueEmail(tx, { to, subject: "S", text: "T" }, { event: "test.dup" }));
    const calls: string[] = [];
    await work(async (mail: Mail) => {
      calls.push(String(mail.to));
      return { provider: "smtp" as const, providerId: "same-id-every-time" };
    });
    await waitUntil(async () => (await jobStates()).every((state) => state === "completed"));
    const rows = await Promise.all(ids.map(row));
    expect(rows.map((r) => r.status)).toEqual(["sent", "sent", "sent", "sent"]);
    expect(rows.filter((r) => r.providerId === "same-id-every-time")).toHaveLength(1);
    expect(calls.sort()).toEqual([...to].sort());
  });
});

describe("throughput", () => {
  it("a backlog drains at once, not one job a polling interval: 200 mails waiting at a worker's start are sent within seconds", async () => {
    // Queued while no worker ran (a restart, or a waitlist batch): no notification wakes anyone.
    await h.db.transaction((tx) =>
      queueEmail(
        tx,
        { to: Array.from({ length: 200 }, (_, i) => `backlog${i}@example.test`), subject: "S", text: "T" },
        { event: "test.backlog" },
      ),
    );
    const mail = catcher();
    // A long polling interval: only fetching again at once while there is work keeps this fast
    // (one job a fetch, 4 workers, would take 200 / 4 x 5 s = 250 s).
    const started = Date.now();
    await work(mail.email, { pollingIntervalSeconds: 5 });
    await waitUntil(async () => mail.sent.length >= 200, 20_000);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(new Set(mail.sent.map((m) => m.to)).size).toBe(200);
  });

  it("an emergency's message goes ahead of a waitlist's backlog (priority)", async () => {
    await h.db.transaction((tx) =>
      queueEmail(
        tx,
        { to: Array.from({ length: 300 }, (_, i) => `wait${i}@example.test`), subject: "Launch", text: "T" },
        { event: "hub.launch" },
      ),
    );
    const [urgent] = await h.db.transaction((tx) =>
      queueEmail(
        tx,
        { to: "oncall@example.test", subject: "Emergency", text: "T" },
        { event: "referral.created", priority: 10 },
      ),
    );
    const mail = catcher();
    await work(mail.email, { concurrency: 1, batchSize: 5 });
    await waitUntil(async () => (await row(urgent!)).status === "sent");
    // Taken in the first batch, before nearly all of the 300 queued ahead of it.
    expect(mail.sent.findIndex((m) => m.to === "oncall@example.test")).toBeLessThan(5);
  });
});

describe("failures", () => {
  it("retries with exponential backoff while SMTP is down, then sends", async () => {
    const mail = catcher((_m, attempt) => {
      if (attempt <= 3) throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:2525"), { code: "ESOCKET" });
    });
    const workers = await work(mail.email);
    await workers.boss.updateQueue("send-message", { retryDelay: 1 });
    const [id] = await h.db.transaction((tx) =>
      queueEmail(tx, { to: "esi@example.test", subject: "S", text: "T" }, { event: "test.retry" }),
    );
    const sent = await waitUntil(async () => (await row(id!)).status === "sent" && row(id!), 30_000);
    expect(sent.attempts).toBe(4);
    expect(mail.sent).toHaveLength(1);
    const at = mail.attempts.map((a) => a.at);
    const gaps = at.slice(1).map((t, i) => t - at[i]!);
    // delay x 2^n / 2 plus up to as much again at random: at least 1 s, 2 s, 4 s.
    expect(gaps[0]).toBeGreaterThanOrEqual(900);
    expect(gaps[1]).toBeGreaterThanOrEqual(1_900);
    expect(gaps[2]).toBeGreaterThanOrEqual(3_900);
  }, 40_000);

  it("while it waits to retry, the row says queued with the last error; a refusal (5xx) stops at once", async () => {
    const mail = catcher((m) => {
      if (m.to === "nobody@example.test") {
        throw Object.assign(new Error("Can't send mail - all recipients were rejected"), {
          code: "EENVELOPE",
          responseCode: 550,
          response: "550 5.1.1 Recipient address rejected: User unknown",
        });
      }
      throw Object.assign(new Error("Greeting never received"), { code: "ETIMEDOUT" });
    });
    await work(mail.email);
    const [refused] = await h.db.transaction((tx) =>
      queueEmail(tx, { to: "nobody@example.test", subject: "S", text: "T" }, { event: "test.refused" }),
    );
    const [later] = await h.db.transaction((tx) =>
      queueEmail(tx, { to: "later@example.test", subject: "S", text: "T" }, { event: "test.later" }),
    );
    const failed = await waitUntil(async () => (await row(refused!)).status === "failed" && row(refused!));
    expect(failed).toMatchObject({ attempts: 1, lastError: "550 5.1.1 Recipient address rejected: User unknown" });
    const waiting = await waitUntil(async () => (await row(later!)).attempts === 1 && row(later!));
    expect(waiting).toMatchObject({ status: "queued", lastError: "Greeting never received" });
    // The refused message's job is settled for good (not waiting to retry), while the other waits to retry.
    await waitUntil(async () => ["completed", "failed"].includes((await jobStates(refused!))[0] ?? ""));
    // Never tried again.
    expect(mail.attempts.filter((a) => a.to === "nobody@example.test")).toHaveLength(1);
    expect((await row(refused!)).attempts).toBe(1);
  });

  it("when the retries run out the message is failed (and its job is in the dead letter queue)", async () => {
    const mail = catcher(() => {
      throw Object.assign(new Error("421 Service not available"), { responseCode: 421 });
    });
    const workers = await work(mail.email);
    await workers.boss.updateQueue("send-message", { retryDelay: 1, retryLimit: 1 });
    const [id] = await h.db.transaction((tx) =>
      queueEmail(tx, { to: "yaa@example.test", subject: "S", text: "T" }, { event: "test.dead" }),
    );
    const failed = await waitUntil(async () => (await row(id!)).status === "failed" && row(id!), 20_000);
    expect(failed).toMatchObject({ attempts: 2, lastError: "421 Service not available" });
    const dead = await waitUntil(
      async () =>
        (
          await h.db.execute<{ n: number }>(
            sql`select count(*)::int as n from pgboss.job where name = 'send-message-dead' and data->>'messageId' = ${id}`,
          )
        ).rows[0]!.n > 0,
      20_000,
    );
    expect(dead).toBe(true);
  }, 30_000);
});

describe("SMS and WhatsApp go through the same queue", () => {
  it("hands the provider the number, the text and the message's id as idempotency key; records its id and segments", async () => {
    const calls: OutboundMessage[] = [];
    const fake: MessagingProvider = {
      name: "arkesel",
      channel: "sms",
      honoursIdempotencyKey: false,
      async send(message) {
        calls.push(message);
        if (message.to === "+233200000000") {
          return { ok: false, retryable: false, code: "invalid_number", error: "Invalid phone number" };
        }
        return { ok: true, providerId: `ark-${message.to}`, segments: 2 };
      },
    };
    await work(catcher().email, { transports: { sms: () => fake } });
    const [good, bad] = await h.db.transaction(async (tx) => [
      await queueText(tx, "sms", "+233205550147", { text: "Referral REF-9: https://x.test/r" }, { event: "test.sms" }),
      await queueText(tx, "sms", "+233200000000", { text: "T" }, { event: "test.sms" }),
    ]);
    const sent = await waitUntil(async () => (await row(good!)).status === "sent" && row(good!));
    expect(sent).toMatchObject({
      channel: "sms",
      provider: "arkesel",
      providerId: "ark-+233205550147",
      segments: 2,
      attempts: 1,
    });
    // The two messages are sent side by side, so either may reach the provider first.
    expect(calls.find((c) => c.to === "+233205550147")).toMatchObject({ idempotencyKey: good });
    const refused = await waitUntil(async () => (await row(bad!)).status === "failed" && row(bad!));
    expect(refused.lastError).toBe("invalid_number: Invalid phone number");
  });
});
