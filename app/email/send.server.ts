import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "../env.server.ts";
import { logger } from "../lib/logger.server.ts";

export type Mail = {
  to: string | string[];
  subject: string;
  /** Plain-text body: always sent, and the whole message for simple mail. */
  text: string;
  html?: string;
  replyTo?: string;
  /** A stable Message-ID (`<id@domain>`): a message sent again after a crash is the same message. */
  messageId?: string;
};

let transport: { url: string; transporter: Transporter } | undefined;

function transporterFor(url: string): Transporter {
  if (transport?.url !== url) {
    transport?.transporter.close();
    transport = {
      url,
      // Pooled: the job queue's workers send side by side over a few kept connections (5), instead of
      // a connection per message. The URL's query string overrides (?pool=false, ?maxConnections=10, timeouts).
      transporter: nodemailer.createTransport({ url, pool: true }),
    };
  }
  return transport.transporter;
}

/** Who took a message and their id for it (the SMTP server's queue id answer, or the outbox file). */
export type MailSent = { provider: "smtp" | "outbox"; providerId: string | null };

/**
 * Hands one message to SMTP when SMTP_URL is set; otherwise (development) writes it to
 * DATA_DIR/outbox and logs its links. Product code does not call this: it queues mail with
 * `queueEmail` (app/features/messaging/messages.server.ts), whose worker calls it.
 */
export async function sendMail(mail: Mail): Promise<MailSent> {
  const config = env();
  const to = Array.isArray(mail.to) ? mail.to : [mail.to];
  if (to.length === 0) return { provider: config.SMTP_URL ? "smtp" : "outbox", providerId: null };
  if (config.SMTP_URL) {
    const info = await transporterFor(config.SMTP_URL).sendMail({
      from: config.MAIL_FROM,
      to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      replyTo: mail.replyTo,
      messageId: mail.messageId,
    });
    logger.info({ to: to.length, subject: mail.subject }, "mail sent");
    return { provider: "smtp", providerId: info.messageId ?? mail.messageId ?? null };
  }
  const outbox = path.join(config.DATA_DIR, "outbox");
  mkdirSync(outbox, { recursive: true });
  const file = path.join(
    outbox,
    `${new Date().toISOString().replace(/[:.]/g, "-")}-${Math.random().toString(36).slice(2, 8)}.json`,
  );
  writeFileSync(file, JSON.stringify({ from: config.MAIL_FROM, ...mail, to }, null, 2));
  const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
  logger.info({ to, subject: mail.subject, links, file }, "mail written to the development outbox (SMTP_URL is unset)");
  return { provider: "outbox", providerId: path.basename(file) };
}
