import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Actor, actorById } from "~/auth/actor.server";
import { messages, providerAlerts } from "~/db/schema";
import type { Mail } from "~/email/send.server";
import type { JobWorkers } from "~/jobs/queue.server";
import { PRIORITY } from "~/jobs/queue-message.server";
import { startJobWorkers } from "../../../server/job-workers";
import { createAccount } from "../../../tests/helpers/accounts";
import {
  type FakeMode,
  README_TEMPLATE,
  type RegisteredTemplate,
  startFakeAfricasTalking,
  startFakeHubtel,
  startFakeWhatsApp,
} from "../../../tests/helpers/fake-providers/index.ts";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { waitUntil } from "../../../tests/helpers/wait";
import { listMessages, listProviderAlerts } from "./message-log.server";
import { queueText } from "./messages.server";
import { createAfricasTalkingProvider } from "./providers/africastalking.server";
import { createHubtelProvider } from "./providers/hubtel.server";
import type { MessagingProvider } from "./providers/types";
import { createWhatsAppProvider } from "./providers/whatsapp.server";

/*
 * Decision 035, point 7: an unapproved sender ID (Hubtel subcode 2, Africa's Talking InvalidSenderId,
 * in each form the providers answer it) or an unapproved WhatsApp template refuses every message,
 * sign-in codes included. That is the operator's to fix, not the message's fault: the messages are
 * kept and retried with backoff, the system administrators are told once, the Messages screen shows
 * the cause, and once it is fixed the messages go out and the alert is cleared.
 */

let h: TestDatabase;
let systemAdmin: Actor;
const running: JobWorkers[] = [];
const mails: Mail[] = [];

beforeAll(async () => {
  h = await createTestDb({ workers: false });
  systemAdmin = await actorById(
    h.db,
    (await createAccount(h.db, { approved: true, role: "system_admin", email: "sam@example.test" })).id,
  );
  await createAccount(h.db, { approved: true, role: "system_admin", email: "sena@example.test" });
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((w) => w.stop(2_000)));
  await h.db.execute(sql`delete from pgboss.job`);
  await h.db.delete(messages);
  await h.db.delete(providerAlerts);
  mails.length = 0;
});
afterAll(async () => {
  await h?.drop();
});

type Fake = { url: string; mode: FakeMode; close(): Promise<void> };
type Case = {
  name: string;
  channel: "sms" | "whatsapp";
  /** The provider's words the Messages screen shows. */
  words: RegExp;
  start(): Promise<{ fake: Fake; provider: MessagingProvider; fix(): void }>;
};

const hubtel =
  (senderRefusal: "http-400" | "http-200"): Case["start"] =>
  async () => {
    const fake = await startFakeHubtel("client-id", "client-secret", { senderRefusal });
    fake.mode = "sender_refused";
    const provider = createHubtelProvider({
      clientId: "client-id",
      clientSecret: "client-secret",
      sender: "Qurhealth",
      baseUrl: fake.url,
      statusBaseUrl: fake.url,
    });
    return { fake, provider, fix: () => (fake.mode = "success") };
  };
const africasTalking =
  (senderRefusal: "recipient" | "message"): Case["start"] =>
  async () => {
    const fake = await startFakeAfricasTalking("qurhealth", "at-key-123456", { senderRefusal });
    fake.mode = "sender_refused";
    const provider = createAfricasTalkingProvider({
      username: "qurhealth",
      apiKey: "at-key-123456",
      sender: "Qurhealth",
      baseUrl: fake.url,
    });
    return { fake, provider, fix: () => (fake.mode = "success") };
  };

const cases: Case[] = [
  {
    name: "Hubtel subcode 2 with HTTP 400",
    channel: "sms",
    words: /Invalid Source address/,
    start: hubtel("http-400"),
  },
  { name: "Hubtel subcode 2 inside a 200", channel: "sms", words: /Invalid Source address/, start: hubtel("http-200") },
  {
    name: "Africa's Talking 402 InvalidSenderId",
    channel: "sms",
    words: /InvalidSenderId/,
    start: africasTalking("recipient"),
  },
  {
    name: "Africa's Talking Message InvalidSenderId, nobody listed",
    channel: "sms",
    words: /InvalidSenderId/,
    start: africasTalking("message"),
  },
  {
    name: "a WhatsApp template not approved yet (132001)",
    channel: "whatsapp",
    words: /132001/,
    start: async () => {
      const template: RegisteredTemplate = { ...README_TEMPLATE, status: "PENDING" };
      const fake = await startFakeWhatsApp("wa-token-1234567890", "1234567890", { templates: [template] });
      const provider = createWhatsAppProvider({
        token: "wa-token-1234567890",
        phoneNumberId: "1234567890",
        baseUrl: fake.url,
        apiVersion: "v23.0",
        template: { name: README_TEMPLATE.name, language: README_TEMPLATE.language },
      });
      return { fake, provider, fix: () => (template.status = "APPROVED") };
    },
  },
];

describe.each(cases)("a configuration refusal: $name (issue 35, point 7)", (c) => {
  it("keeps and retries every message, tells the system administrators once, shows why, and sends once fixed", async () => {
    const { fake, provider, fix } = await c.start();
    try {
      const workers = await startJobWorkers(h, {
        pollingIntervalSeconds: 0.5,
        superviseIntervalSeconds: 1,
        transports: {
          email: async (mail: Mail) => {
            mails.push(mail);
            return { provider: "smtp" as const, providerId: `smtp-${mails.length}` };
          },
          [c.channel]: () => provider,
        },
      });
      running.push(workers);
      await workers.boss.updateQueue("send-message", { retryDelay: 1 });
      // A sign-in (phone confirmation) code and a referral notice.
      const ids = await h.db.transaction(async (tx) => [
        await queueText(
          tx,
          c.channel,
          "+233205550147",
          { text: "Qurhealth: your phone confirmation code is 123456. It expires in 5 minutes. Do not share it." },
          { event: "phone.confirmation", priority: PRIORITY.waiting },
        ),
        await queueText(
          tx,
          c.channel,
          "+233205550148",
          { text: "Qurhealth: New referral REF-2026-000123. https://care.example.org/referrals/REF-2026-000123" },
          { event: "referral.created" },
        ),
      ]);
      const row = async (id: string) => (await h.db.select().from(messages).where(eq(messages.id, id)))[0]!;
      // Refused, and refused again: still queued (kept for the retry), the cause recorded.
      for (const id of ids) {
        const retried = await waitUntil(async () => {
          const r = await row(id);
          return (r.attempts >= 2 || r.status === "failed") && r;
        });
        expect(retried.status).toBe("queued");
        expect(retried.lastError).toMatch(/^configuration: /);
        expect(retried.lastError).toMatch(c.words);
      }
      // The system administrators are told once (one mail each), however many messages were refused.
      const alerts = await h.db
        .select()
        .from(messages)
        .where(and(eq(messages.channel, "email"), eq(messages.event, "messaging.provider_refused")));
      expect(alerts.map((a) => a.recipient).sort()).toEqual(["sam@example.test", "sena@example.test"]);
      // The Messages screen says why.
      const [alert, ...more] = await listProviderAlerts(h.db, systemAdmin);
      expect(more).toEqual([]);
      expect(alert).toMatchObject({ channel: c.channel, provider: provider.name, code: "configuration" });
      expect(alert!.detail).toMatch(c.words);
      // (Counted as they are recorded: a second attempt may still be on its way.)
      expect(alert!.failures).toBeGreaterThanOrEqual(2);
      const listed = await listMessages(h.db, systemAdmin, { status: null, channel: c.channel, page: 1 });
      expect(listed.rows.every((r) => r.status === "queued" && /configuration/.test(r.lastError ?? ""))).toBe(true);

      // The operator fixes it: the kept messages go out at their next retry, and the alert is cleared.
      fix();
      for (const id of ids) await waitUntil(async () => (await row(id)).status === "sent");
      expect(await listProviderAlerts(h.db, systemAdmin)).toEqual([]);
      expect(
        (
          await h.db
            .select()
            .from(messages)
            .where(and(eq(messages.channel, "email"), eq(messages.event, "messaging.provider_refused")))
        ).length,
      ).toBe(2);
    } finally {
      await fake.close();
    }
  }, 60_000);
});
