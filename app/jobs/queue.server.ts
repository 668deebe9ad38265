import { sql } from "drizzle-orm";
import { type Db as BossDatabase, fromDrizzle, fromPglite, type Job, PgBoss, type Queue } from "pg-boss";
import type { DatabaseHandle, Db } from "../db/client.server.ts";
import { logger } from "../lib/logger.server.ts";

/*
 * The one job queue (docs/decisions/024): pg-boss on the app's own database, PGlite or
 * PostgreSQL. A job is written with `enqueue(tx, job)` in the transaction that causes it (a
 * transactional outbox): rolled back, it never existed; committed, a worker runs it even if this
 * process dies the next moment. This folder is only the queue: which feature handles which queue is
 * the composition root's (server/job-workers.ts), whose workers run in the app server, or alone with
 * `npm run worker`; on several servers each job is taken by one of them.
 */

/** What each job carries. Payloads are ids: the rows they name hold the rest. */
export type JobData = {
  /** Sends one row of `messages` (email, SMS or WhatsApp). */
  "send-message": { messageId: string };
  /** A message whose retries ran out (pg-boss's dead letter): marks its row failed. */
  "send-message-dead": { messageId: string };
  /** Escalates a referral still pending 15 minutes (emergency) or 4 hours (urgent) after it was made. */
  "referral-escalation": { referralId: string };
  /** Tells a hub's waitlist about a launch or an update (hub_notifications row). */
  "hub-notification": { notificationId: string };
  /** Nightly: the ledger sums to zero, or system administrators are emailed (decision 026). */
  "ledger-check": Record<string, never>;
  /** Sends one payout transfer under its reference (decision 026). */
  "payout-transfer": { transferId: string };
  /** Asks the provider for a transfer's state when no webhook came (the attempt counts up to 48). */
  "payout-verify": { transferId: string; attempt: number };
  /** Compares a day's transfers with the provider's list (default: yesterday). */
  "payout-reconcile": { day?: string };
  /** Asks the SMS provider for the delivery state of sent messages without a report (every 5 minutes). */
  "message-poll": Record<string, never>;
  /** Checks the alert rules and emails system administrators when one starts or clears (every minute). */
  "operations-alerts": Record<string, never>;
  /** Expires unanswered appointment requests, sends due reminders, removes old patient data (every minute, decision 041). */
  "appointment-sweep": Record<string, never>;
  /** Removes FHIR API calls past FHIR_CALL_RETENTION_DAYS, each client's latest kept (nightly, decision 047). */
  "api-call-prune": Record<string, never>;
};
export type JobName = keyof JobData;

export type EnqueueJob = {
  [N in JobName]: {
    name: N;
    data: JobData[N];
    /** At most one queued or running job per key and queue (pg-boss's exclusive policy). */
    singletonKey?: string;
    /** Higher runs first (an emergency's message before a waitlist's 10,000). */
    priority?: number;
    startAfter?: Date;
  };
}[JobName];

/**
 * Retry settings of outbound messages (JOB_RETRY_DELAY_SECONDS, JOB_RETRY_LIMIT), the heartbeat
 * after which a job whose worker died is taken over (JOB_HEARTBEAT_SECONDS) and a payout
 * transfer's first retry delay (PAYOUT_RETRY_DELAY_SECONDS). Tests shorten them (decision 038).
 */
export type RetrySettings = {
  retryDelaySeconds: number;
  retryLimit: number;
  heartbeatSeconds?: number;
  payoutRetryDelaySeconds?: number;
};
export const DEFAULT_RETRY: RetrySettings = { retryDelaySeconds: 30, retryLimit: 10 };

/** Every queue and its policy; created (or brought up to date) whenever the database is migrated. */
export function queueDefinitions(retry: RetrySettings): Record<JobName, Omit<Queue, "name">> {
  const heartbeatSeconds = retry.heartbeatSeconds ?? 30;
  return {
    "send-message-dead": { policy: "standard", retryLimit: 5, retryDelay: 60, retryBackoff: true },
    "send-message": {
      // One queued or running job per message: a second send of the same message is refused.
      policy: "exclusive",
      // Workers hear of a new message at once (LISTEN/NOTIFY) instead of at their next poll.
      notify: true,
      retryLimit: retry.retryLimit,
      // Exponential backoff: about delay x 2^n between attempts, at most an hour.
      retryDelay: retry.retryDelaySeconds,
      retryBackoff: true,
      retryDelayMax: 3600,
      // A worker that stops heartbeating (killed mid-send) loses the job to another within a minute.
      heartbeatSeconds,
      expireInSeconds: 300,
      deadLetter: "send-message-dead",
    },
    "ledger-check": { policy: "singleton", retryLimit: 3, retryDelay: 300, expireInSeconds: 600 },
    // One run at a time; a failed run is simply followed by the next one five minutes later.
    "message-poll": { policy: "singleton", retryLimit: 0, expireInSeconds: 240 },
    // One check at a time; a failed one is followed by the next a minute later.
    "operations-alerts": { policy: "singleton", retryLimit: 0, expireInSeconds: 120 },
    // One sweep at a time; a failed one is followed by the next a minute later (decision 041).
    "appointment-sweep": { policy: "singleton", retryLimit: 0, expireInSeconds: 120 },
    // One prune at a time; a failed one is tried again, then left to the next night.
    "api-call-prune": { policy: "singleton", retryLimit: 2, retryDelay: 600, expireInSeconds: 1800 },
    "payout-transfer": {
      // One queued or running job per transfer; a worker killed mid-call loses the job to another,
      // which finds the reference at the provider instead of sending it again.
      policy: "exclusive",
      notify: true,
      retryLimit: 12,
      retryDelay: retry.payoutRetryDelaySeconds ?? 30,
      retryBackoff: true,
      retryDelayMax: 3600,
      heartbeatSeconds,
      expireInSeconds: 300,
    },
    "payout-verify": { policy: "standard", retryLimit: 10, retryDelay: 60, retryBackoff: true, retryDelayMax: 3600 },
    "payout-reconcile": {
      policy: "standard",
      retryLimit: 5,
      retryDelay: 600,
      retryBackoff: true,
      expireInSeconds: 1800,
    },
    "referral-escalation": {
      // One queued or running escalation per referral (singleton key escalation:<id>).
      policy: "exclusive",
      notify: true,
      retryLimit: 20,
      retryDelay: 10,
      retryBackoff: true,
      retryDelayMax: 300,
      heartbeatSeconds,
      expireInSeconds: 300,
    },
    "hub-notification": {
      policy: "exclusive",
      notify: true,
      retryLimit: 20,
      retryDelay: 10,
      retryBackoff: true,
      retryDelayMax: 600,
      heartbeatSeconds,
      expireInSeconds: 3600,
    },
  };
}

/** Jobs that run on a clock (cron, Africa/Accra), sent by whichever worker keeps the schedule. */
export const JOB_SCHEDULES: Partial<Record<JobName, string>> = {
  "ledger-check": "30 1 * * *",
  "payout-reconcile": "0 3 * * *",
  "message-poll": "*/5 * * * *",
  "operations-alerts": "* * * * *",
  "appointment-sweep": "* * * * *",
  "api-call-prune": "45 2 * * *",
};

/* ------------------------------------------------------------------------------------------------
 * One producer per database (writes jobs inside the caller's transactions)
 * ---------------------------------------------------------------------------------------------- */

/**
 * Producers by the drizzle dialect of their database: a transaction shares its database's dialect
 * object, so `enqueue(tx, ...)` finds the queue of the database the transaction runs on. On
 * globalThis: the server entry and the bundled app each have a copy of this module.
 */
const PRODUCERS = Symbol.for("qurhealth.job-producers");
const processWide = globalThis as { [PRODUCERS]?: WeakMap<object, PgBoss> };
processWide[PRODUCERS] ??= new WeakMap();
const producers = processWide[PRODUCERS];

function dialectOf(db: unknown): object | undefined {
  const dialect = (db as { dialect?: unknown } | null)?.dialect;
  return typeof dialect === "object" && dialect !== null ? dialect : undefined;
}

/** pg-boss's view of the database: PGlite's own adapter, or statements on the app's pool. */
function bossDatabase(handle: DatabaseHandle): BossDatabase {
  if (handle.driver.kind === "pglite") return fromPglite(handle.driver.client);
  const pool = handle.driver.pool;
  return { executeSql: (text, values) => pool.query(text, values as unknown[] | undefined) };
}

function backendOf(handle: DatabaseHandle) {
  return handle.kind === "pglite" ? ("pglite" as const) : ("postgres" as const);
}

/**
 * Installs (or upgrades) pg-boss's tables in the `pgboss` schema, creates the queues and keeps a
 * producer for `enqueue`. Called after the migrations by whatever opens a database for work
 * (app/database.server.ts for the process's one, the test and bench helpers for theirs); the
 * producer stops when the database is closed. Under the database's migration lock, so servers
 * starting together create each queue once.
 */
export async function installJobQueue(handle: DatabaseHandle, retry: RetrySettings = DEFAULT_RETRY): Promise<void> {
  const key = dialectOf(handle.db);
  if (!key) throw new Error("installJobQueue: not a drizzle database");
  if (producers.has(key)) return;
  await handle.exclusive(() => startProducer(handle, key, retry));
}

async function startProducer(handle: DatabaseHandle, key: object, retry: RetrySettings): Promise<void> {
  if (producers.has(key)) return;
  const boss = new PgBoss({
    db: bossDatabase(handle),
    backend: backendOf(handle),
    supervise: false,
    schedule: false,
    migrate: true,
  });
  boss.on("error", (error) => logger.error({ err: error }, "job queue error"));
  await boss.start();
  const existing = new Set((await boss.getQueues()).map((q) => q.name));
  for (const [name, options] of Object.entries(queueDefinitions(retry))) {
    if (!existing.has(name)) {
      await boss.createQueue(name, options);
    } else {
      const { policy: _policy, deadLetter, retryDelayMax, heartbeatSeconds, ...rest } = options;
      // pg-boss refuses these as `undefined` (a server on an existing database then died at start):
      // null says the queue has none.
      await boss.updateQueue(name, {
        ...rest,
        deadLetter: deadLetter ?? null,
        retryDelayMax: retryDelayMax ?? null,
        heartbeatSeconds: heartbeatSeconds ?? null,
      });
    }
  }
  for (const [name, cron] of Object.entries(JOB_SCHEDULES)) {
    await boss.schedule(name, cron, {}, { tz: "Africa/Accra" });
  }
  producers.set(key, boss);
  const close = handle.close;
  handle.close = async () => {
    producers.delete(key);
    await boss.stop({ graceful: false, close: false }).catch(() => {});
    await close();
  };
}

function producerOf(db: unknown): PgBoss {
  const key = dialectOf(db);
  const boss = key ? producers.get(key) : undefined;
  if (!boss) throw new Error("The job queue is not installed on this database (installJobQueue, after the migrations)");
  return boss;
}

/** Something to run SQL on: the database, or a transaction of it. */
export type Executor = Pick<Db, "execute">;

/**
 * Writes a job in the caller's transaction (or, given the database, on its own). Returns the
 * job's id, or null when a job with the same singleton key is already queued or running.
 */
export async function enqueue(tx: Executor, job: EnqueueJob): Promise<string | null> {
  const boss = producerOf(tx);
  return boss.send(job.name, job.data, {
    db: fromDrizzle(tx, sql),
    ...(job.singletonKey ? { singletonKey: job.singletonKey } : {}),
    ...(job.priority ? { priority: job.priority } : {}),
    ...(job.startAfter ? { startAfter: job.startAfter } : {}),
  });
}

/** Several jobs of one queue in one statement (a waitlist batch), in the caller's transaction. */
export async function enqueueMany<N extends JobName>(
  tx: Executor,
  name: N,
  jobs: { data: JobData[N]; singletonKey?: string; priority?: number; startAfter?: Date }[],
): Promise<void> {
  if (jobs.length === 0) return;
  await producerOf(tx).insert(
    name,
    jobs.map((j) => ({ data: j.data, singletonKey: j.singletonKey, priority: j.priority, startAfter: j.startAfter })),
    { db: fromDrizzle(tx, sql) },
  );
}

/** The jobs of one queue with this singleton key that are queued or running (for progress screens). */
export async function pendingJobs(db: Db, name: JobName, singletonKey: string) {
  return producerOf(db).findJobs(name, { key: singletonKey, queued: true });
}

/* ------------------------------------------------------------------------------------------------
 * Workers
 * ---------------------------------------------------------------------------------------------- */

export type QueuedJob<N extends JobName> = Job<JobData[N]> & { retryLimit: number };
/** Runs one job; throwing fails it (retried per its queue's policy). */
export type JobHandler<N extends JobName> = (job: QueuedJob<N>) => Promise<void>;
/**
 * Runs a batch of jobs together (a few statements for the lot instead of a few per job) and says
 * how each went: an `error` fails that job alone.
 */
export type BatchJobHandler<N extends JobName> = {
  batch(jobs: QueuedJob<N>[]): Promise<{ id: string; error?: string }[]>;
};
export type JobHandlers = { [N in JobName]: JobHandler<N> | BatchJobHandler<N> };

/**
 * Queues whose jobs a worker takes several at a time and runs side by side, each settled on its
 * own. A payout run's transfers are each one call to the provider (about 50-250 ms): taken one a
 * fetch, a run of 10,000 would drain at workers / polling interval = 2 a second (83 minutes); ten a
 * fetch, with the next fetch at once while they come back full, it is bounded by the provider.
 */
const JOBS_SIDE_BY_SIDE: Partial<Record<JobName, number>> = { "payout-transfer": 10 };

export type WorkerOptions = {
  /** Seconds between looks at the queue when no notification arrives (default 2; PGlite and PostgreSQL both notify). */
  pollingIntervalSeconds?: number;
  /** Workers per queue in this process (default 4); each runs a batch of jobs side by side. */
  concurrency?: number;
  /** Jobs a worker of a batch queue (send-message) takes at once (default 10): up to concurrency x batchSize sends under way. */
  batchSize?: number;
  /** Seconds between maintenance and monitor passes (expired and abandoned jobs retried). Default 30. */
  superviseIntervalSeconds?: number;
};

export type JobWorkers = {
  /** Stops taking jobs, lets running ones finish (up to `timeoutMs`), then disconnects. */
  stop(timeoutMs?: number): Promise<void>;
  boss: PgBoss;
};

/**
 * Starts a worker instance on `handle`: it takes jobs from every queue and runs `handlers`, and
 * supervises the queue (a job whose worker died is retried after its heartbeat lapses). Any number
 * of these, in one process or on several servers, share the queue: each job runs once at a time.
 */
export async function startWorkers(
  handle: DatabaseHandle,
  handlers: JobHandlers,
  options: WorkerOptions = {},
): Promise<JobWorkers> {
  const boss = new PgBoss(
    handle.driver.kind === "postgres"
      ? {
          connectionString: handle.driver.url,
          // Its own few connections: one listens for new jobs, the others fetch and complete them.
          max: 5,
          backend: "postgres",
          supervise: true,
          schedule: true,
          migrate: false,
          useListenNotify: true,
          superviseIntervalSeconds: options.superviseIntervalSeconds ?? 30,
          // Jobs whose heartbeat lapsed are failed (to be retried) by the monitor pass: as often as
          // supervision, not pg-boss's default of every 60 s.
          monitorIntervalSeconds: options.superviseIntervalSeconds ?? 30,
        }
      : {
          db: fromPglite(handle.driver.client),
          backend: "pglite",
          supervise: true,
          schedule: true,
          migrate: false,
          useListenNotify: true,
          superviseIntervalSeconds: options.superviseIntervalSeconds ?? 30,
          // Jobs whose heartbeat lapsed are failed (to be retried) by the monitor pass: as often as
          // supervision, not pg-boss's default of every 60 s.
          monitorIntervalSeconds: options.superviseIntervalSeconds ?? 30,
        },
  );
  boss.on("error", (error) => logger.error({ err: error }, "job worker error"));
  await boss.start();
  const concurrency = options.concurrency ?? 4;
  for (const name of Object.keys(handlers) as JobName[]) {
    const handler = handlers[name] as JobHandler<JobName> | BatchJobHandler<JobName>;
    // pg-boss waits a polling interval after each fetch unless told of a new job or the fetch came
    // back full: with one job a fetch, a backlog drains at (workers / interval) jobs a second. A
    // batch handler's workers take batches (several statements saved per job) and fetch again at
    // once while batches come back full; each job is still settled on its own (perJobResults).
    const batchSize = "batch" in handler ? (options.batchSize ?? 10) : (JOBS_SIDE_BY_SIDE[name] ?? 1);
    const settle = (id: string, error?: string) =>
      error === undefined
        ? { id, status: "completed" as const }
        : { id, status: "failed" as const, output: { message: error } };
    await boss.work(
      name,
      {
        pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
        // A retry's time comes without a notification: keep looking as often as without LISTEN.
        notifyPollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
        localConcurrency: concurrency,
        batchSize,
        burstWhenBatchFull: batchSize > 1,
        includeMetadata: true as const,
        perJobResults: true as const,
      },
      async (jobs) => {
        const queued = jobs as QueuedJob<JobName>[];
        if ("batch" in handler) {
          try {
            const outcomes = new Map((await handler.batch(queued)).map((o) => [o.id, o.error]));
            return queued.map((job) => settle(job.id, outcomes.has(job.id) ? outcomes.get(job.id) : "no outcome"));
          } catch (error) {
            // The whole batch failed (not one job's send): every job is retried, and the operator
            // must be able to see why.
            logger.error({ err: error, queue: name, jobs: queued.length }, "job batch failed");
            const message = error instanceof Error ? error.message : String(error);
            return queued.map((job) => settle(job.id, message));
          }
        }
        return Promise.all(
          queued.map(async (job) => {
            try {
              await handler(job);
              return settle(job.id);
            } catch (error) {
              return settle(job.id, error instanceof Error ? error.message : String(error));
            }
          }),
        );
      },
    );
  }
  logger.info({ queues: Object.keys(handlers) }, "job workers started");
  return {
    boss,
    stop: async (timeoutMs = 10_000) => {
      await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    },
  };
}
