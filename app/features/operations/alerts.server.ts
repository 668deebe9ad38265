import { and, desc, eq, isNull } from "drizzle-orm";
import { SITE } from "~/content/site";
import type { Db } from "~/db/client.server";
import { type AlertRule, operationalAlerts } from "~/db/schema";
import { type Env, env } from "~/env.server";
import type { JobHandler } from "~/jobs/queue.server";
import { logger } from "~/lib/logger.server";
import { tellOperators } from "./alert-notices.server.ts";
import { readOperationalFigures, readProviderFailures } from "./figures.server.ts";
import { ALERT_TITLES } from "./health.ts";

/*
 * Alert rules (docs/operations.md), checked every minute by the `operations-alerts` job.
 * Each rule that holds opens an alert (one per rule and subject) and system administrators are
 * emailed (and texted, where they chose it: alert-notices.server.ts) once; when it stops holding, the alert is cleared, and they are emailed once more, only
 * after ALERT_HOLD_MINUTES without it holding again: a rule that flaps stays one open alert and
 * sends nothing more. The database keeps each alert (the health screen lists them).
 */

export type AlertThresholds = Pick<
  Env,
  | "ALERT_QUEUE_OLDEST_MINUTES"
  | "ALERT_PROVIDER_FAILURE_PERCENT"
  | "ALERT_EMERGENCY_WAITING_MINUTES"
  | "ALERT_PAYOUT_PENDING_HOURS"
  | "ALERT_HOLD_MINUTES"
  | "ALERT_BACKUP_MAX_HOURS"
>;

type Firing = { rule: AlertRule; subject: string; detail: string };

const minutes = (seconds: number) => Math.floor(seconds / 60);

/** The rules that hold now, from the figures read at `now`. */
export async function firingRules(
  db: Pick<Db, "execute" | "select">,
  limits: AlertThresholds,
  now: Date,
  options: CheckOptions = {},
): Promise<Firing[]> {
  const figures = await readOperationalFigures(db, now, options);
  const firing: Firing[] = [];
  for (const q of figures.queues) {
    if (q.oldestReadySeconds > limits.ALERT_QUEUE_OLDEST_MINUTES * 60) {
      firing.push({
        rule: "queue_stuck",
        subject: q.queue,
        detail: `Queue ${q.queue}: ${q.ready} jobs ready, the oldest waiting ${minutes(q.oldestReadySeconds)} minutes (limit ${limits.ALERT_QUEUE_OLDEST_MINUTES}).`,
      });
    }
  }
  // Fewer than this many messages in the window say too little for a share (one failure of two is not 50%).
  const SAMPLE = 5;
  for (const p of await readProviderFailures(db, now)) {
    const percent = p.total ? Math.round((p.failing / p.total) * 100) : 0;
    if (p.noCredit > 0 || (p.total >= SAMPLE && percent > limits.ALERT_PROVIDER_FAILURE_PERCENT)) {
      firing.push({
        rule: "provider_failing",
        subject: p.channel,
        detail:
          p.noCredit > 0
            ? `${p.channel}: the provider reports no credit (${p.noCredit} of ${p.total} messages in the last 15 minutes). Last error: ${p.lastError ?? "none"}.`
            : `${p.channel}: ${p.failing} of ${p.total} messages in the last 15 minutes failed or are retrying (${percent}%, limit ${limits.ALERT_PROVIDER_FAILURE_PERCENT}%). Last error: ${p.lastError ?? "none"}.`,
      });
    }
  }
  const emergency = figures.referralsWaiting.find((r) => r.urgency === "emergency");
  if (emergency && emergency.oldestSeconds > limits.ALERT_EMERGENCY_WAITING_MINUTES * 60) {
    firing.push({
      rule: "emergency_waiting",
      subject: "",
      detail: `${emergency.count} emergency referrals pending; the oldest has waited ${minutes(emergency.oldestSeconds)} minutes (limit ${limits.ALERT_EMERGENCY_WAITING_MINUTES}).`,
    });
  }
  if (figures.oldestPayoutPendingSeconds > limits.ALERT_PAYOUT_PENDING_HOURS * 3600) {
    const pending = figures.payouts.find((p) => p.state === "pending");
    firing.push({
      rule: "payout_pending",
      subject: "",
      detail: `${pending?.count ?? 0} transfers pending at the provider; the oldest for ${Math.floor(figures.oldestPayoutPendingSeconds / 3600)} hours (limit ${limits.ALERT_PAYOUT_PENDING_HOURS}).`,
    });
  }
  if (figures.ledgerImbalancePesewas !== 0) {
    firing.push({
      rule: "ledger_imbalance",
      subject: "",
      detail: `The ledger's postings sum to ${figures.ledgerImbalancePesewas} pesewas; they must sum to 0.`,
    });
  }
  const backup = figures.backup;
  if (backup && backup.ageSeconds > limits.ALERT_BACKUP_MAX_HOURS * 3600) {
    const hours = Math.floor(backup.ageSeconds / 3600);
    firing.push({
      rule: "backup_stale",
      subject: "",
      detail: backup.lastSuccessAt
        ? `The last good backup was reported ${hours} hours ago (limit ${limits.ALERT_BACKUP_MAX_HOURS}); the last report (${backup.lastReportAt}) said ${backup.lastStatus}${backup.lastNote ? `: ${backup.lastNote}` : ""}.`
        : `No good backup has been reported in the ${hours} hours since the first report (limit ${limits.ALERT_BACKUP_MAX_HOURS}); the last report said ${backup.lastStatus}${backup.lastNote ? `: ${backup.lastNote}` : ""}.`,
    });
  }
  return firing;
}

export type AlertCheck = { started: string[]; cleared: string[]; open: number };
/** The ledger's sum reads every posting: by default read again at most every 5 minutes. */
type CheckOptions = { ledgerMaxAgeMs?: number };

/**
 * One pass of the rules at `now`: opens (and emails) alerts that start, clears (and emails) those
 * quiet for the hold. Safe to run twice at once: the open alert's unique index and the conditional
 * clear let one pass send each email.
 */
export async function checkAlerts(
  db: Db,
  limits: AlertThresholds,
  now = new Date(),
  options: CheckOptions = {},
): Promise<AlertCheck> {
  const firing = await firingRules(db, limits, now, options);
  const open = await db.select().from(operationalAlerts).where(isNull(operationalAlerts.clearedAt));
  const key = (a: { rule: string; subject: string }) => `${a.rule}:${a.subject}`;
  const openByKey = new Map(open.map((a) => [key(a), a]));
  const firingKeys = new Set(firing.map(key));
  const result: AlertCheck = { started: [], cleared: [], open: 0 };
  const appUrl = env().APP_URL;

  for (const f of firing) {
    const existing = openByKey.get(key(f));
    if (existing) {
      await db
        .update(operationalAlerts)
        .set({ lastFiringAt: now, detail: f.detail })
        .where(eq(operationalAlerts.id, existing.id));
      continue;
    }
    const started = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(operationalAlerts)
        .values({ rule: f.rule, subject: f.subject, detail: f.detail, startedAt: now, lastFiringAt: now })
        .onConflictDoNothing()
        .returning({ id: operationalAlerts.id });
      if (!row) return false;
      const title = `${ALERT_TITLES[f.rule]}${f.subject ? ` (${f.subject})` : ""}`;
      await tellOperators(tx, {
        event: "operations.alert_started",
        subject: `ALERT: ${title}`,
        text: [
          f.detail,
          "",
          `Started ${now.toISOString()}. You will be told once more when it clears.`,
          `What to do: ${appUrl}/dashboard/system-admin/health (docs/operations.md, "Alerts").`,
        ].join("\n"),
        short: `${SITE.name} ALERT: ${title}. ${appUrl}/dashboard/system-admin/health`,
        now,
      });
      return true;
    });
    if (started) {
      logger.error({ rule: f.rule, subject: f.subject, detail: f.detail }, "alert started");
      result.started.push(key(f));
    }
  }

  const holdMs = limits.ALERT_HOLD_MINUTES * 60_000;
  for (const a of open) {
    if (firingKeys.has(key(a))) continue;
    // Quiet, but not for the whole hold yet: it may flap back; no email until it has stayed quiet.
    if (now.getTime() - a.lastFiringAt.getTime() < holdMs) continue;
    const cleared = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(operationalAlerts)
        .set({ clearedAt: now })
        .where(and(eq(operationalAlerts.id, a.id), isNull(operationalAlerts.clearedAt)))
        .returning({ id: operationalAlerts.id });
      if (!row) return false;
      const title = `${ALERT_TITLES[a.rule]}${a.subject ? ` (${a.subject})` : ""}`;
      await tellOperators(tx, {
        event: "operations.alert_cleared",
        subject: `Cleared: ${title}`,
        text: [
          `It started ${a.startedAt.toISOString()} and was last seen ${a.lastFiringAt.toISOString()}.`,
          `Last seen: ${a.detail}`,
          "",
          `Health: ${appUrl}/dashboard/system-admin/health`,
        ].join("\n"),
        short: `${SITE.name} cleared: ${title}. ${appUrl}/dashboard/system-admin/health`,
        now,
      });
      return true;
    });
    if (cleared) {
      logger.warn({ rule: a.rule, subject: a.subject }, "alert cleared");
      result.cleared.push(key(a));
    }
  }
  result.open = open.length + result.started.length - result.cleared.length;
  return result;
}

/** The health screen's list: open alerts first, then the latest cleared ones. */
export async function recentAlerts(db: Pick<Db, "select">, limit = 20) {
  return db
    .select()
    .from(operationalAlerts)
    .orderBy(desc(isNull(operationalAlerts.clearedAt)), desc(operationalAlerts.startedAt))
    .limit(limit);
}

export function operationsAlertsJob(db: Db): JobHandler<"operations-alerts"> {
  return async () => {
    await checkAlerts(db, env());
  };
}
