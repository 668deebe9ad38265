import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Signed, single-purpose links that remove one waitlist entry: the entry id plus an
 * HMAC-SHA256 over (purpose, entry id). Single use because removal deletes the row.
 */
const PURPOSE = "hub-waitlist-removal";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function mac(entryId: string, secret: string): string {
  return createHmac("sha256", secret).update(`${PURPOSE}\n${entryId}`).digest("base64url");
}

export function signRemovalToken(entryId: string, secret: string): string {
  return `${entryId}.${mac(entryId, secret)}`;
}

/** The entry id a genuine token names, or null for anything else (never throws). */
export function verifyRemovalToken(token: unknown, secret: string): string | null {
  if (typeof token !== "string" || token.length > 200) return null;
  const dot = token.indexOf(".");
  if (dot < 0) return null;
  const entryId = token.slice(0, dot);
  if (!UUID.test(entryId)) return null;
  const given = Buffer.from(token.slice(dot + 1), "utf8");
  const expected = Buffer.from(mac(entryId, secret), "utf8");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return entryId;
}
