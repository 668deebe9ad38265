import { isNull, sql } from "drizzle-orm";
import { Gauge, Registry } from "prom-client";
import type { Db } from "~/db/client.server";
import { ALERT_RULES, operationalAlerts } from "~/db/schema";
import { logger } from "~/lib/logger.server";
import { runningVersion } from "~/lib/running-version.server";
import { readOperationalFigures } from "./figures.server.ts";

/**
 * The figures read from the database at scrape time, in the Prometheus text format
 * (docs/operations.md). Served once per scrape by whichever process answers it, beside the
 * processes' own metrics (app/lib/metrics.server.ts): summing them across processes would count
 * each queue once per process.
 */
export async function databaseMetrics(db: Pick<Db, "execute" | "select">, now = new Date()): Promise<string> {
  try {
    return await readDatabaseMetrics(db, now);
  } catch (error) {
    // The processes' own metrics still answer (a scrape that failed whole would hide them too).
    logger.error({ err: error }, "metrics: the database's figures could not be read");
    const registry = new Registry();
    figuresGauge(registry).set(0);
    return registry.metrics();
  }
}

const figuresGauge = (registry: Registry) =>
  new Gauge({
    name: "qurhealth_database_figures_ok",
    help: "1 when this scrape read the database's figures, 0 when the database did not answer",
    registers: [registry],
  });

async function readDatabaseMetrics(db: Pick<Db, "execute" | "select">, now: Date): Promise<string> {
  const figures = await readOperationalFigures(db, now);
  const registry = new Registry();
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Gauge<L>({ name, help, labelNames, registers: [registry] });
  figuresGauge(registry).set(1);

  gauge("qurhealth_build_info", "The version running (label), always 1", ["version"]).set(
    { version: runningVersion() },
    1,
  );
  const ready = gauge("qurhealth_job_queue_ready", "Jobs that could run now, per queue", ["queue"]);
  const active = gauge("qurhealth_job_queue_active", "Jobs running now, per queue", ["queue"]);
  const failed = gauge("qurhealth_job_queue_failed_last_hour", "Jobs failed for good in the last hour, per queue", [
    "queue",
  ]);
  const oldest = gauge(
    "qurhealth_job_queue_oldest_ready_age_seconds",
    "How long the longest-waiting ready job has been ready to run, per queue (0: none waiting)",
    ["queue"],
  );
  for (const q of figures.queues) {
    ready.set({ queue: q.queue }, q.ready);
    active.set({ queue: q.queue }, q.active);
    failed.set({ queue: q.queue }, q.failedLastHour);
    oldest.set({ queue: q.queue }, q.oldestReadySeconds);
  }
  const waiting = gauge("qurhealth_referrals_waiting", "Referrals pending a facility's answer, per urgency", [
    "urgency",
  ]);
  const waitingOldest = gauge(
    "qurhealth_referrals_waiting_oldest_age_seconds",
    "How long the oldest pending referral of each urgency has waited (0: none)",
    ["urgency"],
  );
  for (const r of figures.referralsWaiting) {
    waiting.set({ urgency: r.urgency }, r.count);
    waitingOldest.set({ urgency: r.urgency }, r.oldestSeconds);
  }
  gauge("qurhealth_emergencies_waiting_over_1h", "Emergency referrals pending for more than an hour").set(
    figures.emergenciesOverHour,
  );
  const transfers = gauge("qurhealth_payout_transfers", "Payout transfers not yet settled, per state", ["state"]);
  const amounts = gauge(
    "qurhealth_payout_amount_pesewas",
    "Amount of the payout transfers not yet settled, per state",
    ["state"],
  );
  for (const p of figures.payouts) {
    transfers.set({ state: p.state }, p.count);
    amounts.set({ state: p.state }, p.amountPesewas);
  }
  gauge(
    "qurhealth_payout_oldest_pending_age_seconds",
    "How long the oldest transfer pending at the provider has been there (0: none)",
  ).set(figures.oldestPayoutPendingSeconds);
  gauge(
    "qurhealth_ledger_imbalance_pesewas",
    "The sum of every ledger posting (0: the ledger balances), read at most every 5 minutes",
  ).set(figures.ledgerImbalancePesewas);
  if (figures.backup) {
    // Absent until the backup job first reports (an alert rule on it then says nothing wrong).
    gauge(
      "qurhealth_backup_age_seconds",
      "Seconds since the last good backup the backup job reported (with none good yet: since its first report)",
    ).set(figures.backup.ageSeconds);
    if (figures.backup.lastSuccessAt) {
      gauge(
        "qurhealth_backup_last_success_timestamp_seconds",
        "When the last good backup was reported (Unix time)",
      ).set(Date.parse(figures.backup.lastSuccessAt) / 1000);
    }
  }
  const open = await db
    .select({ rule: operationalAlerts.rule, count: sql<number>`count(*)::int` })
    .from(operationalAlerts)
    .where(isNull(operationalAlerts.clearedAt))
    .groupBy(operationalAlerts.rule);
  const alerts = gauge("qurhealth_alerts_open", "Alerts open now, per rule (docs/operations.md, Alerts)", ["rule"]);
  for (const rule of ALERT_RULES) alerts.set({ rule }, Number(open.find((o) => o.rule === rule)?.count ?? 0));
  return registry.metrics();
}
