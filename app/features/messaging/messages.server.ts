import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { messages } from "~/db/schema";
import { type Mail, type MailSent, sendMail } from "~/email/send.server";
import { env } from "~/env.server";
import type { BatchJobHandler, JobHandler, QueuedJob } from "~/jobs/queue.server";
import type { EmailPayload, TextPayload } from "~/jobs/queue-message.server";
import { logger } from "~/lib/logger.server";
import { countMessage, countProviderError } from "~/lib/metrics.server";
import { clearProviderAlerts, noteProviderRefusal } from "./provider-alerts.server";
import { smsProvider, whatsappProvider } from "./providers/index.server";
import { type FailureCode, type MessagingProvider, OPERATOR_FAILURES } from "./providers/types";

/*
 * Every outbound message (decision 024): a row of `messages` and a `send-message` job, both written in
 * the transaction of what caused it. The worker sends it through its channel (email over SMTP or
 * the development outbox; SMS and WhatsApp through app/features/messaging/providers), retries
 * with exponential backoff while the failure may pass (a server down, no credit, a timeout), and
 * stops at once when it cannot (an address or number refused). The row's id is the message's
 * idempotency key: the Message-ID of an email, the key handed to an SMS provider.
 */

export { queueEmail, queueEmails, queueText } from "~/jobs/queue-message.server";

/* ------------------------------------------------------------------------------------------------
 * Sending (the worker)
 * ---------------------------------------------------------------------------------------------- */

/** How the worker reaches each channel; tests pass their own. */
export type Transports = {
  email(mail: Mail): Promise<MailSent | undefined>;
  sms(): MessagingProvider;
  whatsapp(): MessagingProvider;
};

export function defaultTransports(): Transports {
  let sms: MessagingProvider | undefined;
  let whatsapp: MessagingProvider | undefined;
  return {
    email: sendMail,
    sms: () => {
      sms ??= smsProvider();
      return sms;
    },
    whatsapp: () => {
      whatsapp ??= whatsappProvider();
      return whatsapp;
    },
  };
}

type Outcome =
  | { ok: true; provider: string; providerId: string | null; segments?: number }
  | {
      ok: false;
      retryable: boolean;
      error: string;
      provider: string;
      /** The metrics' kind of provider error. */
      kind: string;
      code?: FailureCode;
      said?: string;
    };

/**
 * SMTP's answer decides: a 5xx reply (mailbox unknown, address refused, message rejected) will not
 * change by trying again; anything else (no connection, a timeout, a 4xx "try later") may.
 * Authentication failures are 5xx too, but configuration fixes them: kept for retries.
 */
export function classifyMailError(error: unknown): { retryable: boolean; error: string } {
  const e = (error ?? {}) as { responseCode?: unknown; code?: unknown; message?: unknown; response?: unknown };
  const code = typeof e.responseCode === "number" ? e.responseCode : undefined;
  const text = String(e.response ?? e.message ?? error).slice(0, 300);
  if (e.code === "EAUTH") return { retryable: true, error: text };
  if (code !== undefined && code >= 500 && code < 600) return { retryable: false, error: text };
  if (e.code === "EENVELOPE" && code === undefined) return { retryable: false, error: text };
  return { retryable: true, error: text };
}

function messageIdFor(id: string): string {
  const domain = new URL(env().APP_URL).hostname || "localhost";
  return `<${id}@${domain}>`;
}

async function deliver(
  row: typeof messages.$inferSelect,
  transports: Transports,
  signal: AbortSignal | undefined,
): Promise<Outcome> {
  if (!row.payload) {
    return {
      ok: false,
      retryable: false,
      error: "Nothing to send (the message has no content)",
      provider: "none",
      kind: "no_content",
    };
  }
  if (row.channel === "email") {
    const payload = row.payload as EmailPayload;
    try {
      const sent = await transports.email({ to: row.recipient, ...payload, messageId: messageIdFor(row.id) });
      return { ok: true, provider: sent?.provider ?? "smtp", providerId: sent?.providerId ?? messageIdFor(row.id) };
    } catch (error) {
      const classified = classifyMailError(error);
      const kind =
        (error as { code?: unknown } | null)?.code === "EAUTH"
          ? "auth"
          : classified.retryable
            ? "temporary"
            : "refused";
      return { ok: false, ...classified, provider: "smtp", kind };
    }
  }
  const provider = row.channel === "sms" ? transports.sms() : transports.whatsapp();
  const payload = row.payload as TextPayload;
  const result = await provider.send(
    // (Rows queued before decision 035 may carry a template of their own: it is ignored, the configured one is sent.)
    { to: row.recipient, text: payload.text, idempotencyKey: row.id },
    { signal },
  );
  if (result.ok) {
    return { ok: true, provider: provider.name, providerId: result.providerId, segments: result.segments };
  }
  return {
    ok: false,
    retryable: result.retryable,
    error: `${result.code}: ${result.error}`.slice(0, 300),
    code: result.code,
    provider: provider.name,
    kind: result.code,
    said: result.error,
  };
}

/**
 * The `send-message` job, a batch at a time: sends each queued message once. One UPDATE takes the
 * batch's rows that are still `queued` (counting the attempt), the messages go out side by side,
 * and one UPDATE records those sent. A message no longer queued (sent, failed, or handed over by
 * an earlier attempt that finished) is left alone, so a job run twice sends once as far as the
 * database can tell; the window left is a crash after the provider accepted it and before the row
 * says so: the retry sends it again with the same Message-ID / idempotency key.
 */
export function sendMessageJob(db: Db, transports: Transports): BatchJobHandler<"send-message"> {
  return {
    batch: async (jobs) => {
      const byMessage = new Map(jobs.map((job) => [job.data.messageId, job]));
      const ids = [...byMessage.keys()].filter((id) => UUID.test(id));
      const rows =
        ids.length === 0
          ? []
          : await db
              .update(messages)
              .set({ attempts: sql`${messages.attempts} + 1`, updatedAt: new Date() })
              .where(and(inArray(messages.id, ids), eq(messages.status, "queued")))
              .returning();
      const sent: SentRecord[] = [];
      const results = await Promise.all(
        rows.map(async (row) => {
          const job = byMessage.get(row.id)!;
          const outcome = await deliver(row, transports, job.signal);
          if (outcome.ok) {
            countMessage(row.channel, outcome.provider, "sent");
            sent.push({
              id: row.id,
              provider: outcome.provider,
              providerId: outcome.providerId,
              segments: outcome.segments ?? null,
            });
            return { id: job.id };
          }
          return { id: job.id, error: await recordFailure(db, row, job, outcome) };
        }),
      );
      if (sent.length > 0) {
        await recordSent(db, sent);
        // A provider that accepts again has had its configuration fixed (decision 035).
        await clearProviderAlerts(
          db,
          sent.map((s) => s.provider).filter((p) => p !== "smtp"),
        );
      }
      // Jobs whose message was not queued any more have nothing left to do.
      const done = new Set(results.map((r) => r.id));
      return [...results, ...jobs.filter((job) => !done.has(job.id)).map((job) => ({ id: job.id }))];
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Marks the batch's sent messages in one statement. An email's content is no longer kept (links in
 * it may still be valid); an SMS's or WhatsApp message's short text is kept until it is reported
 * delivered (recordDeliveryReport drops it then), so that one reported undelivered or failed can be
 * sent again from the Messages screen.
 */
async function recordSent(db: Db, sent: SentRecord[]): Promise<void> {
  try {
    await recordSentTogether(db, sent);
  } catch (error) {
    // The providers have accepted these messages: failing the batch would send every one of them
    // again on each retry. One row the statement refused (a provider id already on another message)
    // must not hold back the others: each is recorded on its own, and one still refused is
    // recorded sent without the provider's id, which the operator is told about.
    logger.error({ err: error, messages: sent.length }, "recording a batch of sent messages failed: one by one");
    for (const one of sent) {
      try {
        await recordSentTogether(db, [one]);
      } catch (again) {
        logger.error(
          { err: again, message: one.id, provider: one.provider },
          "sent message recorded without its provider id",
        );
        await recordSentTogether(db, [{ ...one, providerId: null }]);
      }
    }
  }
}

type SentRecord = { id: string; provider: string; providerId: string | null; segments: number | null };

async function recordSentTogether(db: Db, sent: SentRecord[]): Promise<void> {
  const values = sql.join(
    sent.map((s) => sql`(${s.id}::uuid, ${s.provider}::text, ${s.providerId}::text, ${s.segments}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    update messages as m
       set status = 'sent', provider = v.provider, provider_id = v.provider_id, segments = v.segments,
           last_error = null, payload = case when m.channel = 'email' then null else m.payload end,
           sent_at = now(), updated_at = now()
      from (values ${values}) as v(id, provider, provider_id, segments)
     where m.id = v.id and m.status = 'queued'`);
}

/** Records a failed attempt; returns the job's error when it should be retried, undefined when it stops here. */
async function recordFailure(
  db: Db,
  row: typeof messages.$inferSelect,
  job: QueuedJob<"send-message">,
  outcome: Extract<Outcome, { ok: false }>,
): Promise<string | undefined> {
  const lastAttempt = job.retryCount >= job.retryLimit;
  const stop = !outcome.retryable || lastAttempt;
  countProviderError(outcome.provider, outcome.kind);
  countMessage(row.channel, outcome.provider, stop ? "failed" : "retrying");
  await db
    .update(messages)
    .set({ lastError: outcome.error, updatedAt: new Date(), ...(stop ? { status: "failed" as const } : {}) })
    .where(and(eq(messages.id, row.id), eq(messages.status, "queued")));
  if (outcome.code && OPERATOR_FAILURES.has(outcome.code) && outcome.provider && row.channel !== "email") {
    await noteProviderRefusal(db, {
      channel: row.channel,
      provider: outcome.provider,
      code: outcome.code,
      detail: outcome.said ?? outcome.error,
    });
  }
  if (!outcome.retryable) {
    logger.warn({ message: row.id, channel: row.channel, error: outcome.error }, "message refused: not retried");
    return undefined;
  }
  logger.warn(
    { message: row.id, channel: row.channel, attempt: row.attempts, error: outcome.error },
    lastAttempt ? "message failed: no retries left" : "message failed: will retry",
  );
  return outcome.error;
}

/** The dead letter of `send-message`: retries ran out (or the last attempt's worker died): the row is failed. */
export function deadMessageJob(db: Db): JobHandler<"send-message-dead"> {
  return async (job) => {
    const failed = await db
      .update(messages)
      .set({
        status: "failed",
        lastError: sql`coalesce(${messages.lastError}, 'No attempt finished: the worker stopped each time')`,
        updatedAt: new Date(),
      })
      .where(and(eq(messages.id, job.data.messageId), eq(messages.status, "queued")))
      .returning({ channel: messages.channel });
    for (const row of failed) countMessage(row.channel, "unknown", "failed");
  };
}
