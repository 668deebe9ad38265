import { and, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { type Actor, assertGate } from "~/auth/actor.server";
import type { Db } from "~/db/client.server";
import { type MessageChannel, type MessageStatus, messages, providerAlerts, users } from "~/db/schema";
import { recordAudit } from "~/features/audit/public.server";
import { enqueue } from "~/jobs/queue.server";
import { PRIORITY } from "~/jobs/queue-message.server";
import { type ProbedPage, probedPage } from "~/lib/paging";
import { refuse } from "~/lib/refusal";
import { eventLabel, maskRecipient, RETRYABLE_STATUSES, STATUS_LABELS } from "./message-labels";

/*
 * Seeing the outbox work (decision 024): the system administrator's Messages screen (every outbound
 * message, filtered and paged), Retry of one that did not reach its person, the Overview's counts
 * per month, and a referral's deliveries for its timeline. Recipients leave the server masked.
 */

export const MESSAGES_PAGE_SIZE = 50;

export type MessageFilters = { status: MessageStatus | null; channel: MessageChannel | null; page: number };

export type MessageLogRow = {
  id: string;
  channel: MessageChannel;
  /** Masked: `+233 ••• •• 0147`, `a•••@example.com`. */
  recipient: string;
  event: string;
  eventLabel: string;
  status: MessageStatus;
  attempts: number;
  segments: number | null;
  lastError: string | null;
  createdAt: string;
  /** Retry is offered: it did not reach the person and its content is still kept. */
  canRetry: boolean;
};

/** One page of every outbound message, newest first (approved system administrators only). */
export async function listMessages(db: Db, actor: Actor, filters: MessageFilters): Promise<ProbedPage<MessageLogRow>> {
  assertGate(actor, "system-admin");
  const where: SQL[] = [];
  if (filters.status) where.push(eq(messages.status, filters.status));
  if (filters.channel) where.push(eq(messages.channel, filters.channel));
  const page = Math.max(1, filters.page);
  const rows = await db
    .select({
      id: messages.id,
      channel: messages.channel,
      recipient: messages.recipient,
      event: messages.event,
      status: messages.status,
      attempts: messages.attempts,
      segments: messages.segments,
      lastError: messages.lastError,
      createdAt: messages.createdAt,
      hasContent: sql<boolean>`${messages.payload} is not null`,
    })
    .from(messages)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(MESSAGES_PAGE_SIZE + 1)
    .offset((page - 1) * MESSAGES_PAGE_SIZE);
  return probedPage(rows, page, MESSAGES_PAGE_SIZE, (r) => ({
    id: r.id,
    channel: r.channel,
    recipient: maskRecipient(r.channel, r.recipient),
    event: r.event,
    eventLabel: eventLabel(r.event),
    status: r.status,
    attempts: r.attempts,
    segments: r.segments,
    lastError: r.lastError,
    createdAt: r.createdAt.toISOString(),
    canRetry: RETRYABLE_STATUSES.includes(r.status) && r.hasContent,
  }));
}

export type ProviderAlertRow = {
  channel: MessageChannel;
  provider: string;
  code: string;
  /** The provider's own words. */
  detail: string;
  failures: number;
  firstAt: string;
  lastAt: string;
};

/**
 * The providers refusing our configuration now (decision 035): an unapproved sender ID or template,
 * wrong keys, no credit. Their messages are kept and retried; the Messages screen shows why.
 */
export async function listProviderAlerts(db: Db, actor: Actor): Promise<ProviderAlertRow[]> {
  assertGate(actor, "system-admin");
  const rows = await db
    .select()
    .from(providerAlerts)
    .where(isNull(providerAlerts.clearedAt))
    .orderBy(desc(providerAlerts.lastAt));
  return rows.map((r) => ({
    channel: r.channel,
    provider: r.provider,
    code: r.code,
    detail: r.detail,
    failures: r.failures,
    firstAt: r.firstAt.toISOString(),
    lastAt: r.lastAt.toISOString(),
  }));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type RetriedMessage = { id: string; channel: MessageChannel; recipient: string; again: boolean };

/**
 * Sends a failed or undelivered message again (approved system administrators): in one
 * transaction its row goes back to `queued` and a `send-message` job is written for it, with the
 * message's id as its singleton key and idempotency key as at first (the same Message-ID, the
 * same key handed to the SMS provider); the provider id of the attempt it supersedes is cleared, so a
 * late report about that attempt changes nothing. Audited. Any other state is refused (409) and changes
 * nothing; a message whose content was not kept (an email once handed over) cannot be rebuilt.
 * The same administrator's second post while it is queued again (a double tap) is answered as the first.
 */
export async function retryMessage(db: Db, actor: Actor, messageId: string): Promise<RetriedMessage> {
  const admin = assertGate(actor, "system-admin");
  if (!UUID.test(messageId)) refuse(404, "Message not found.");
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: messages.id,
        channel: messages.channel,
        recipient: messages.recipient,
        event: messages.event,
        status: messages.status,
        hasContent: sql<boolean>`${messages.payload} is not null`,
      })
      .from(messages)
      .where(eq(messages.id, messageId))
      .for("update");
    if (!row) refuse(404, "Message not found.");
    const masked = maskRecipient(row.channel, row.recipient);
    if (!RETRYABLE_STATUSES.includes(row.status)) {
      if (row.status === "queued" && (await retriedAlreadyBy(tx, admin.id, row.id))) {
        return { id: row.id, channel: row.channel, recipient: masked, again: true };
      }
      refuse(
        409,
        `Only a failed or undelivered message can be sent again; this one is ${STATUS_LABELS[row.status].toLowerCase()}.`,
      );
    }
    if (!row.hasContent) {
      refuse(
        409,
        "This message cannot be sent again: its content is not kept once it was handed over (an email) or delivered. Send the person a new one.",
      );
    }
    await tx
      .update(messages)
      // The superseded attempt's provider id goes: its late reports (webhook or poll) match nothing,
      // and the next attempt's id is recorded when the provider accepts it.
      .set({ status: "queued", providerId: null, updatedAt: new Date() })
      .where(and(eq(messages.id, row.id), inArray(messages.status, [...RETRYABLE_STATUSES])));
    await enqueue(tx, {
      name: "send-message",
      data: { messageId: row.id },
      singletonKey: row.id,
      priority: PRIORITY.waiting,
    });
    await recordAudit(tx, {
      actorId: admin.id,
      action: "message.retried",
      subjectType: "message",
      subjectId: row.id,
      fromStatus: row.status,
      toStatus: "queued",
      reason: `${row.channel === "email" ? "Email" : row.channel === "sms" ? "SMS" : "WhatsApp"} to ${masked} (${row.event})`,
    });
    return { id: row.id, channel: row.channel, recipient: masked, again: false };
  });
}

/** Whether `adminId` queued this message again and it has not been tried since (its last audit row is theirs, a retry). */
async function retriedAlreadyBy(tx: Pick<Db, "execute">, adminId: string, messageId: string): Promise<boolean> {
  const result = await tx.execute<{ actor_id: string | null; action: string }>(sql`
    select actor_id, action from audit_events
     where subject_type = 'message' and subject_id = ${messageId}
     order by created_at desc limit 1`);
  const last = result.rows[0];
  return last?.action === "message.retried" && last.actor_id === adminId;
}

export type MessageMonth = {
  /** The month's first day (Africa/Accra), YYYY-MM-DD. */
  start: string;
  messages: Record<MessageChannel, number>;
  /** Billed parts (SMS and WhatsApp; email has none). */
  segments: Record<MessageChannel, number>;
};

const zero = (): Record<MessageChannel, number> => ({ email: 0, sms: 0, whatsapp: 0 });

/** Messages written and segments billed per month of `starts` (Ghana's months), per channel. */
export async function messagesPerMonth(db: Db, starts: string[], today: string): Promise<MessageMonth[]> {
  const result = await db.execute<{ bucket: string; channel: MessageChannel; n: string; segments: string }>(sql`
    select to_char(date_trunc('month', created_at at time zone 'Africa/Accra'), 'YYYY-MM-DD') as bucket,
           channel, count(*) as n, coalesce(sum(segments), 0) as segments
      from messages
     where created_at >= (${starts[0]}::date::timestamp at time zone 'Africa/Accra')
       and created_at < ((${today}::date + 1)::timestamp at time zone 'Africa/Accra')
     group by 1, 2`);
  const months = new Map(starts.map((start) => [start, { start, messages: zero(), segments: zero() }]));
  for (const r of result.rows) {
    const month = months.get(r.bucket);
    if (!month) continue;
    month.messages[r.channel] = Number(r.n);
    month.segments[r.channel] = Number(r.segments);
  }
  return [...months.values()];
}

export type ReferralDelivery = {
  id: string;
  /** The person's name, or null when the message went to an address of no account (an on-call number). */
  name: string | null;
  channel: MessageChannel;
  recipient: string;
  event: string;
  eventLabel: string;
  status: MessageStatus;
  at: string;
  deliveredAt: string | null;
};

/**
 * Who was told about a referral, how, and whether it reached them, oldest first: for the
 * referral's timeline. Not a check of who reads it: the referral's own deliveries function
 * (features/referrals/referral-deliveries.server.ts) checks the reader first, as the referral's
 * page does. No error text is returned, and recipients are masked.
 */
export async function messagesAboutReferral(db: Pick<Db, "select">, referralId: string): Promise<ReferralDelivery[]> {
  const rows = await db
    .select({
      id: messages.id,
      name: users.fullName,
      channel: messages.channel,
      recipient: messages.recipient,
      event: messages.event,
      status: messages.status,
      createdAt: messages.createdAt,
      deliveredAt: messages.deliveredAt,
    })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.userId))
    .where(eq(messages.referralId, referralId))
    .orderBy(messages.createdAt, messages.id)
    .limit(200);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    channel: r.channel,
    recipient: maskRecipient(r.channel, r.recipient),
    event: r.event,
    eventLabel: eventLabel(r.event),
    status: r.status,
    at: r.createdAt.toISOString(),
    deliveredAt: r.deliveredAt?.toISOString() ?? null,
  }));
}
