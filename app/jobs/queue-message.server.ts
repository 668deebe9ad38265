import type { Db } from "../db/client.server.ts";
import { type MessageChannel, messages } from "../db/schema.ts";
import type { Mail } from "../email/send.server.ts";
import { enqueue, enqueueMany } from "./queue.server.ts";

/*
 * Writing an outbound message (decision 024): a row of `messages` and a `send-message`
 * job, both in the transaction of what caused it. The worker that sends them lives in
 * app/features/messaging/messages.server.ts. Relative imports with .ts extensions: the
 * administrators' notices (app/features/accounts/admin-alerts.server.ts) are queued from here, and
 * scripts/create-admin.ts loads that chain under plain Node. Account mail is queued from here too,
 * handed to app/auth/ as its outbox by app/features/accounts/accounts.server.ts.
 */

/** Who goes first when the queue has a backlog (higher first). */
export const PRIORITY = {
  /** An emergency referral and its escalations. */
  emergency: 10,
  /** Account mail a person is waiting for (reset, verification), an urgent referral. */
  waiting: 5,
  /** Everything else a person did. */
  normal: 0,
  /** Waitlist launches and updates: thousands at once, never ahead of the rest. */
  bulk: -5,
} as const;

export type EmailPayload = { subject: string; text: string; html?: string; replyTo?: string };
/** An SMS or WhatsApp message: its text (on WhatsApp, the configured template's one parameter). */
export type TextPayload = { text: string };

export type MessageMeta = {
  /** What caused it, e.g. "referral.created", "account.approved", "hub.launch". */
  event: string;
  referralId?: string | null;
  userId?: string | null;
  /** Higher goes first (PRIORITY). */
  priority?: number;
  /** Not sent before this (the end of the recipient's quiet hours). */
  startAfter?: Date;
};

/** What can write messages: the database or one of its transactions. */
type Writer = Pick<Db, "insert" | "execute">;

/**
 * Queues an email, one message per recipient, in the caller's transaction (pass the transaction
 * that makes the change the mail tells of). Returns the messages' ids.
 */
export async function queueEmail(tx: Writer, mail: Omit<Mail, "messageId">, meta: MessageMeta): Promise<string[]> {
  const recipients = [...new Set((Array.isArray(mail.to) ? mail.to : [mail.to]).filter(Boolean))];
  if (recipients.length === 0) return [];
  const payload = emailPayload(mail);
  return queueMessages(
    tx,
    recipients.map((recipient) => ({ channel: "email" as const, recipient, payload })),
    meta,
  );
}

/** Queues many emails of one kind (a waitlist batch) in the caller's transaction, in two statements. */
export async function queueEmails(tx: Writer, mails: Omit<Mail, "messageId">[], meta: MessageMeta): Promise<string[]> {
  const rows = mails.flatMap((mail) =>
    (Array.isArray(mail.to) ? mail.to : [mail.to]).filter(Boolean).map((recipient) => ({
      channel: "email" as const,
      recipient,
      payload: emailPayload(mail),
    })),
  );
  if (rows.length === 0) return [];
  return queueMessages(tx, rows, meta);
}

function emailPayload(mail: Omit<Mail, "messageId">): EmailPayload {
  return {
    subject: mail.subject,
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
  };
}

/** Queues an SMS or a WhatsApp message to one E.164 number, in the caller's transaction. */
export async function queueText(
  tx: Writer,
  channel: "sms" | "whatsapp",
  to: string,
  payload: TextPayload,
  meta: MessageMeta,
): Promise<string> {
  const [id] = await queueMessages(tx, [{ channel, recipient: to, payload }], meta);
  return id!;
}

async function queueMessages(
  tx: Writer,
  rows: { channel: MessageChannel; recipient: string; payload: EmailPayload | TextPayload }[],
  meta: MessageMeta,
): Promise<string[]> {
  const inserted = await tx
    .insert(messages)
    .values(
      rows.map((r) => ({
        channel: r.channel,
        recipient: r.recipient,
        event: meta.event,
        payload: r.payload as Record<string, unknown>,
        referralId: meta.referralId ?? null,
        userId: meta.userId ?? null,
      })),
    )
    .returning({ id: messages.id });
  const ids = inserted.map((r) => r.id);
  if (ids.length === 1) {
    await enqueue(tx, {
      name: "send-message",
      data: { messageId: ids[0]! },
      singletonKey: ids[0],
      priority: meta.priority,
      startAfter: meta.startAfter,
    });
  } else {
    await enqueueMany(
      tx,
      "send-message",
      ids.map((id) => ({
        data: { messageId: id },
        singletonKey: id,
        priority: meta.priority,
        startAfter: meta.startAfter,
      })),
    );
  }
  return ids;
}
