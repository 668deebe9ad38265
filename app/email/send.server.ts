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
      // Options such as ?pool=true or timeouts can be given in the URL's query string.
      transporter: nodemailer.createTransport(url),
    };
  }
  return transport.transporter;
}

/**
 * The one way the product sends mail: over SMTP when SMTP_URL is set; otherwise (development)
 * each message is written to DATA_DIR/outbox and its links are logged.
 */
export async function sendMail(mail: Mail): Promise<void> {
  const config = env();
  const to = Array.isArray(mail.to) ? mail.to : [mail.to];
  if (to.length === 0) return;
  if (config.SMTP_URL) {
    await transporterFor(config.SMTP_URL).sendMail({
      from: config.MAIL_FROM,
      to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      replyTo: mail.replyTo,
      messageId: mail.messageId,
    });
    logger.info({ to: to.length, subject: mail.subject }, "mail sent");
    return;
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
}

/** Sends without making the request wait; a failure is logged (`what` names the mail in the log). */
export function mailInBackground(mail: Mail, what: string): void {
  sendMail(mail).catch((error: unknown) => logger.error({ err: error }, `sending the ${what} mail failed`));
}
