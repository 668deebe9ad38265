import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { logger } from "~/lib/logger.server";
import type { Channel, MessagingProvider, OutboundMessage, SendResult } from "./types.ts";

/**
 * Without a provider configured (development, tests): each message is written to
 * DATA_DIR/outbox as a JSON file and its links are logged, as mail is when SMTP_URL is unset, so
 * `npm start` works with no account anywhere. A message sent again with the same idempotency key
 * overwrites its own file: the outbox holds it once.
 */
export function createOutboxProvider(
  dataDir: string,
  channel: Channel,
  /** WhatsApp: the template the message would be sent with (its text is the one parameter). */
  template?: { name: string; language: string },
): MessagingProvider {
  const outbox = path.join(dataDir, "outbox");
  return {
    name: "outbox",
    channel,
    honoursIdempotencyKey: true,
    async send(message: OutboundMessage): Promise<SendResult> {
      mkdirSync(outbox, { recursive: true });
      const key = message.idempotencyKey.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 80);
      const file = path.join(outbox, `${channel}-${key}.json`);
      writeFileSync(
        file,
        JSON.stringify(
          { channel, to: message.to, text: message.text, ...(template ? { template } : {}), writtenAt: new Date() },
          null,
          2,
        ),
      );
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      logger.info(
        { channel, to: maskNumber(message.to), links, file },
        `${channel === "sms" ? "SMS" : "WhatsApp message"} written to the development outbox (no provider configured)`,
      );
      return { ok: true, providerId: `outbox-${key}` };
    },
  };
}

/** +233205550147 -> +233 ••• ••0147: enough to tell numbers apart in a log. */
export function maskNumber(e164: string): string {
  return e164.length > 8 ? `${e164.slice(0, 4)} ••• ••${e164.slice(-4)}` : "•••";
}
