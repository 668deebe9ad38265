import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Signed, single-purpose links about one waitlist entry: the entry id plus an HMAC-SHA256 over
 * (purpose, entry id). The removal link (single use because removal deletes the row) and the stop
 * link of waitlist SMS have different purposes: one never works as the other.
 */
const PURPOSE = "hub-waitlist-removal";
const SMS_STOP_PURPOSE = "hub-waitlist-sms-stop";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function mac(entryId: string, secret: string, purpose: string): string {
  return createHmac("sha256", secret).update(`${purpose}\n${entryId}`).digest("base64url");
}

export function signRemovalToken(entryId: string, secret: string): string {
  return `${entryId}.${mac(entryId, secret, PURPOSE)}`;
}

/** The entry id a genuine token names, or null for anything else (never throws). */
export function verifyRemovalToken(token: unknown, secret: string): string | null {
  return verify(token, secret, PURPOSE);
}

/** The token of the "Stop" link in a waitlist SMS. */
export function signSmsStopToken(entryId: string, secret: string): string {
  return `${entryId}.${mac(entryId, secret, SMS_STOP_PURPOSE)}`;
}

/** The entry id a genuine stop token names, or null for anything else (a removal token too; never throws). */
export function verifySmsStopToken(token: unknown, secret: string): string | null {
  return verify(token, secret, SMS_STOP_PURPOSE);
}

function verify(token: unknown, secret: string, purpose: string): string | null {
  if (typeof token !== "string" || token.length > 200) return null;
  const dot = token.indexOf(".");
  if (dot < 0) return null;
  const entryId = token.slice(0, dot);
  if (!UUID.test(entryId)) return null;
  const given = Buffer.from(token.slice(dot + 1), "utf8");
  const expected = Buffer.from(mac(entryId, secret, purpose), "utf8");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return entryId;
}
