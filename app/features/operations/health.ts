/*
 * The health screen's figures, client-safe: the shapes the loader answers and the
 * words the screen shows.
 */

import type { Locale } from "~/i18n/locales";

export type QueueFigures = {
  queue: string;
  /** Jobs that could run now (created or retrying, their start time passed). */
  ready: number;
  active: number;
  /** Jobs that failed for good in the last hour. */
  failedLastHour: number;
  /** Seconds the longest-waiting ready job has been ready (0 when none). */
  oldestReadySeconds: number;
};

export type OperationalFigures = {
  queues: QueueFigures[];
  /** Pending referrals per urgency, and how long the oldest of each has waited. */
  referralsWaiting: { urgency: "routine" | "urgent" | "emergency"; count: number; oldestSeconds: number }[];
  /** Emergency referrals pending for more than an hour. */
  emergenciesOverHour: number;
  /** Transfers not settled yet, per state (prepared, queued, pending at the provider). */
  payouts: { state: "prepared" | "queued" | "pending"; count: number; amountPesewas: number }[];
  /** Seconds the oldest transfer pending at the provider has been there (0 when none). */
  oldestPayoutPendingSeconds: number;
  /** The sum of every ledger posting: 0 when the ledger balances. */
  ledgerImbalancePesewas: number;
  /** What the backup job last reported (null: it never has). */
  backup: BackupFigures | null;
};

export type BackupFigures = {
  lastReportAt: string;
  lastStatus: "ok" | "failed";
  lastNote: string | null;
  /** The last good backup (null: none reported good yet). */
  lastSuccessAt: string | null;
  lastSuccessBytes: number | null;
  /** Seconds since the last good backup (or, with none, since the first report). */
  ageSeconds: number;
};

/** One channel's last success and last error (messages of the last 7 days). */
export type ChannelHealth = {
  channel: "email" | "sms" | "whatsapp";
  provider: string | null;
  lastSuccessAt: string | null;
  lastErrorAt: string | null;
  lastError: string | null;
};

export type AlertView = {
  id: string;
  rule: string;
  subject: string;
  detail: string;
  startedAt: string;
  lastFiringAt: string;
  clearedAt: string | null;
};

export type SystemHealth = OperationalFigures & {
  checkedAt: string;
  channels: ChannelHealth[];
  /** The last 24 hours, oldest first: messages handed to a provider, and messages that failed for good. */
  perHour: { hour: string; sent: number; failed: number }[];
  disk: { freeBytes: number; totalBytes: number } | null;
  version: string;
  alerts: AlertView[];
};

export const ALERT_TITLES: Record<string, string> = {
  queue_stuck: "A job queue is not moving",
  provider_failing: "A messaging provider is failing",
  emergency_waiting: "An emergency referral is waiting",
  payout_pending: "A payout is pending at the provider",
  ledger_imbalance: "The ledger does not balance",
  backup_stale: "The last backup is too old",
};

/** "45 s", "12 min", "3 h 5 min", "2 d 4 h" (French: "2 j 4 h"). */
export function formatAge(seconds: number, locale: Locale = "en"): string {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return `${Math.floor(hours / 24)} ${locale === "fr" ? "j" : "d"} ${hours % 24} h`;
}

/** "12.4 GB" (French: "12,4 Go"). */
export function formatBytes(bytes: number, locale: Locale = "en"): string {
  const units = locale === "fr" ? ["o", "Ko", "Mo", "Go", "To"] : ["B", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const number = value >= 100 || unit === 0 ? String(Math.round(value)) : value.toFixed(1);
  return `${locale === "fr" ? number.replace(".", ",") : number} ${units[unit]}`;
}
