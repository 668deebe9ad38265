import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/*
 * The e2e server has no SMS provider: each SMS (and WhatsApp message) is a JSON file in
 * DATA_DIR/outbox (app/features/messaging/providers/outbox.server.ts). These read it.
 */
const outbox = path.resolve(`test-results/e2e-${process.env.E2E_PORT ?? 4173}/data/outbox`);

type Sms = { to: string; text: string; writtenAt: string };

/** The SMS sent to `e164` since `since` (ms), newest first. */
export function smsTo(e164: string, since = 0): Sms[] {
  let names: string[] = [];
  try {
    names = readdirSync(outbox).filter((name) => name.startsWith("sms-"));
  } catch {
    return [];
  }
  return names
    .map((name) => JSON.parse(readFileSync(path.join(outbox, name), "utf8")) as Sms)
    .filter((sms) => sms.to === e164 && Date.parse(sms.writtenAt) >= since)
    .sort((a, b) => Date.parse(b.writtenAt) - Date.parse(a.writtenAt));
}

/** The 6-digit code of the newest SMS to `e164` whose text matches `pattern` (its first group: the code). */
export function latestSmsCode(e164: string, pattern: RegExp): string {
  for (const sms of smsTo(e164)) {
    const code = pattern.exec(sms.text)?.[1];
    if (code) return code;
  }
  throw new Error(`no SMS to ${e164} matching ${pattern}`);
}
