import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "~/env.server";
import { localePath } from "~/i18n/locales";
import type { MessageLanguage } from "./appointment-status";

/**
 * The patient's link (decision 041): /appointment/{request id}.{HMAC-SHA256 of it}. Nothing is stored
 * (every SMS carries the same link, made again from the id); it names one request and works for
 * nothing else (its own purpose in the MAC, like the waitlist's links).
 */
const PURPOSE = "appointment-request";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function mac(id: string): string {
  return createHmac("sha256", env().AUTH_SECRET).update(`${PURPOSE}\n${id}`).digest("base64url");
}

export function appointmentToken(id: string): string {
  return `${id}.${mac(id)}`;
}

/** The patient's page, in French for a patient who reads French (Twi has no pages: English). */
export function appointmentLink(id: string, language: MessageLanguage = "en"): string {
  return `${env().APP_URL}${localePath(language === "fr" ? "fr" : "en", `/appointment/${appointmentToken(id)}`)}`;
}

/** The request id a genuine token names, or null (never throws). */
export function verifyAppointmentToken(token: unknown): string | null {
  if (typeof token !== "string" || token.length > 200) return null;
  const dot = token.indexOf(".");
  const id = token.slice(0, Math.max(0, dot));
  if (dot < 0 || !UUID.test(id)) return null;
  const given = Buffer.from(token.slice(dot + 1), "utf8");
  const expected = Buffer.from(mac(id), "utf8");
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}
