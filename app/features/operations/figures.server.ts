import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { readBackupFigures } from "./backup.server.ts";
import type { OperationalFigures, QueueFigures } from "./health.ts";

/*
 * The figures operators act on, read from the database when asked: by a Prometheus
 * scrape (metrics.server.ts), the health screen (health.server.ts) and the alert rules
 * (alerts.server.ts). Each statement reads a small, indexed slice: the queue's live jobs
 * (pg-boss's job_i14 and job_i16), pending referrals (referrals_status_created_at_idx), transfers
 * not yet settled (payout_transfers_status_idx). The ledger's sum reads every posting, so it is
 * kept for a few minutes (the database refuses an unbalanced entry at commit; this is the guard
 * behind the guard).
 */

const URGENCIES = ["emergency", "urgent", "routine"] as const;
const PAYOUT_STATES = ["prepared", "queued", "pending"] as const;
const HOUR_MS = 3_600_000;

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

export async function readQueueFigures(db: Pick<Db, "execute">, now: Date): Promise<QueueFigures[]> {
  const at = now.toISOString();
  const hourAgo = new Date(now.getTime() - HOUR_MS).toISOString();
  const [liveResult, failedResult, queuesResult] = await Promise.all([
    db.execute(sql`
      select name,
             (count(*) filter (where state in ('created', 'retry') and start_after <= ${at}::timestamptz and not blocked))::int as ready,
             (count(*) filter (where state = 'active'))::int as active,
             extract(epoch from ${at}::timestamptz - min(start_after) filter (
               where state in ('created', 'retry') and start_after <= ${at}::timestamptz and not blocked))::float8 as oldest
        from pgboss.job
       where state in ('created', 'retry', 'active')
       group by name`),
    db.execute(sql`
      select name, count(*)::int as failed from pgboss.job
       where completed_on > ${hourAgo}::timestamptz and state = 'failed'
       group by name`),
    // pg-boss's own queues (__pgboss__send-it: its cron) are not the product's.
    db.execute(sql`select name from pgboss.queue where not starts_with(name, '__pgboss') order by name`),
  ]);
  const live = rowsOf<{ name: string; ready: number; active: number; oldest: number | null }>(liveResult);
  const failed = rowsOf<{ name: string; failed: number }>(failedResult);
  const queues = rowsOf<{ name: string }>(queuesResult);
  const liveBy = new Map(live.map((r) => [r.name, r]));
  const failedBy = new Map(failed.map((r) => [r.name, Number(r.failed)]));
  return queues.map(({ name }) => {
    const row = liveBy.get(name);
    return {
      queue: name,
      ready: Number(row?.ready ?? 0),
      active: Number(row?.active ?? 0),
      failedLastHour: failedBy.get(name) ?? 0,
      oldestReadySeconds: Math.max(0, Math.round(Number(row?.oldest ?? 0))),
    };
  });
}

async function readReferralsWaiting(db: Pick<Db, "execute">, now: Date) {
  const at = now.toISOString();
  const hourAgo = new Date(now.getTime() - HOUR_MS).toISOString();
  const rows = rowsOf<{ urgency: string; count: number; oldest: number | null; over_hour: number }>(
    await db.execute(sql`
      select urgency_level as urgency, count(*)::int as count,
             extract(epoch from ${at}::timestamptz - min(created_at))::float8 as oldest,
             (count(*) filter (where created_at < ${hourAgo}::timestamptz))::int as over_hour
        from referrals where status = 'pending'
       group by urgency_level`),
  );
  const by = new Map(rows.map((r) => [r.urgency, r]));
  return {
    referralsWaiting: URGENCIES.map((urgency) => ({
      urgency,
      count: Number(by.get(urgency)?.count ?? 0),
      oldestSeconds: Math.max(0, Math.round(Number(by.get(urgency)?.oldest ?? 0))),
    })),
    emergenciesOverHour: Number(by.get("emergency")?.over_hour ?? 0),
  };
}

async function readPayouts(db: Pick<Db, "execute">, now: Date) {
  const at = now.toISOString();
  const rows = rowsOf<{ state: string; count: number; amount: string; oldest: number | null }>(
    await db.execute(sql`
      select status as state, count(*)::int as count, coalesce(sum(amount_pesewas), 0)::text as amount,
             extract(epoch from ${at}::timestamptz - min(coalesce(initiated_at, updated_at)))::float8 as oldest
        from payout_transfers where status in ('prepared', 'queued', 'pending')
       group by status`),
  );
  const by = new Map(rows.map((r) => [r.state, r]));
  return {
    payouts: PAYOUT_STATES.map((state) => ({
      state,
      count: Number(by.get(state)?.count ?? 0),
      amountPesewas: Number(by.get(state)?.amount ?? 0),
    })),
    oldestPayoutPendingSeconds: Math.max(0, Math.round(Number(by.get("pending")?.oldest ?? 0))),
  };
}

/** Per channel, the messages made in the 15 minutes before `now`: how many, how many failing, how many out of credit. */
export async function readProviderFailures(db: Pick<Db, "execute">, now: Date) {
  const rows = rowsOf<{
    channel: string;
    total: number;
    failing: number;
    no_credit: number;
    last_error: string | null;
  }>(
    await db.execute(sql`
      select channel, count(*)::int as total,
             (count(*) filter (where status in ('failed', 'undelivered') or (status = 'queued' and last_error is not null)))::int as failing,
             (count(*) filter (where last_error like 'no_credit:%'))::int as no_credit,
             (array_agg(last_error order by updated_at desc) filter (where last_error is not null))[1] as last_error
        from messages
       where created_at > ${new Date(now.getTime() - 15 * 60_000).toISOString()}::timestamptz
         and created_at <= ${now.toISOString()}::timestamptz
       group by channel`),
  );
  return rows.map((r) => ({
    channel: r.channel,
    total: Number(r.total),
    failing: Number(r.failing),
    noCredit: Number(r.no_credit),
    lastError: r.last_error,
  }));
}

const LEDGER_KEY = Symbol.for("qurhealth.ledger-sum");
const ledgerCache = globalThis as { [LEDGER_KEY]?: WeakMap<object, { at: number; total: number }> };

/** The sum of every posting, read again when the kept one is older than `maxAgeMs` (per database). */
export async function ledgerImbalance(db: Pick<Db, "execute">, now: Date, maxAgeMs = 5 * 60_000): Promise<number> {
  ledgerCache[LEDGER_KEY] ??= new WeakMap();
  const cache = ledgerCache[LEDGER_KEY];
  const kept = cache.get(db);
  if (kept && Math.abs(now.getTime() - kept.at) < maxAgeMs) return kept.total;
  const [row] = rowsOf<{ total: string }>(
    await db.execute(sql`select coalesce(sum(amount), 0)::text as total from ledger_postings`),
  );
  const total = Number(row?.total ?? 0);
  cache.set(db, { at: now.getTime(), total });
  return total;
}

/**
 * Every figure at once: on PostgreSQL the statements run side by side on the pool's connections (a
 * scrape costs the slowest, not the sum); PGlite runs them one after another anyway.
 */
export async function readOperationalFigures(
  db: Pick<Db, "execute" | "select">,
  now = new Date(),
  options: { ledgerMaxAgeMs?: number } = {},
): Promise<OperationalFigures> {
  const [queues, referrals, payouts, ledgerImbalancePesewas, backup] = await Promise.all([
    readQueueFigures(db, now),
    readReferralsWaiting(db, now),
    readPayouts(db, now),
    ledgerImbalance(db, now, options.ledgerMaxAgeMs),
    readBackupFigures(db, now),
  ]);
  return { queues, ...referrals, ...payouts, ledgerImbalancePesewas, backup };
}
