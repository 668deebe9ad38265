import { AggregatorRegistry, Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/*
 * The process's own metrics (docs/operations.md), with prom-client: what this process
 * counted or measured (requests, sign-in failures, messages, its event loop and memory, its
 * database pool). With WEB_CONCURRENCY > 1 each server process keeps its own and the primary adds
 * them up at scrape time (prom-client's AggregatorRegistry: server/metrics.ts). Figures read from
 * the database at scrape time (queues, payouts, referrals waiting) are not here: one process reads
 * them once per scrape (app/features/operations).
 *
 * Kept on globalThis: the server entry and the bundled app, or a module reloaded by Vite in
 * development, share one registry (prom-client refuses a metric registered twice).
 */

/** Request methods the server answers (server/security.ts); any other is counted as "other". */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

function create() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requestDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer a request, by React Router route id (not the URL), method and status class",
    labelNames: ["route", "method", "status_class"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const inFlight = new Gauge({
    name: "http_requests_in_flight",
    help: "Requests being answered now",
    registers: [registry],
  });
  const signInFailures = new Counter({
    name: "qurhealth_sign_in_failures_total",
    help: "Sign-ins refused for a wrong address or password",
    registers: [registry],
  });
  const signInLockouts = new Counter({
    name: "qurhealth_sign_in_lockouts_total",
    help: "Clients locked out of an account after repeated failures",
    registers: [registry],
  });
  const messages = new Counter({
    name: "qurhealth_messages_total",
    help: "Outbound messages by channel, provider and outcome (sent, retrying, failed, delivered, undelivered)",
    labelNames: ["channel", "provider", "outcome"] as const,
    registers: [registry],
  });
  const providerErrors = new Counter({
    name: "qurhealth_message_provider_errors_total",
    help: "Failed sends by provider and kind of error (no_credit, auth, timeout, ...)",
    labelNames: ["provider", "kind"] as const,
    registers: [registry],
  });
  const webhookRefusals = new Counter({
    name: "qurhealth_webhook_refusals_total",
    help: "Provider webhooks refused (bad token or signature)",
    labelNames: ["source"] as const,
    registers: [registry],
  });
  // A cluster's server processes answer the primary's aggregation from this registry (constructing
  // an AggregatorRegistry is what makes a worker listen for the primary's requests).
  AggregatorRegistry.setRegistries([registry]);
  new AggregatorRegistry();
  return {
    registry,
    requestDuration,
    inFlight,
    signInFailures,
    signInLockouts,
    messages,
    providerErrors,
    webhookRefusals,
  };
}

const KEY = Symbol.for("qurhealth.metrics");
const holder = globalThis as { [KEY]?: ReturnType<typeof create> };

function metrics() {
  holder[KEY] ??= create();
  return holder[KEY];
}

/** This process's registry (server/metrics.ts exposes it). */
export function processRegistry(): Registry {
  return metrics().registry;
}

/**
 * Starts timing one request; call the result with the route id and status when it is answered.
 * `route` is a React Router route id, or a fixed word (static, metrics): never a path.
 */
export function startRequest(method: string): (route: string, status: number) => void {
  const m = metrics();
  m.inFlight.inc();
  const end = m.requestDuration.startTimer({ method: METHODS.has(method) ? method : "other" });
  let done = false;
  return (route, status) => {
    if (done) return;
    done = true;
    m.inFlight.dec();
    end({ route, status_class: `${Math.floor(status / 100)}xx` });
  };
}

export function countSignInFailure(lockedOut: boolean): void {
  const m = metrics();
  m.signInFailures.inc();
  if (lockedOut) m.signInLockouts.inc();
}

export type MessageOutcome = "sent" | "retrying" | "failed" | "delivered" | "undelivered";

export function countMessage(channel: string, provider: string, outcome: MessageOutcome, count = 1): void {
  if (count > 0) metrics().messages.inc({ channel, provider, outcome }, count);
}

export function countProviderError(provider: string, kind: string): void {
  metrics().providerErrors.inc({ provider, kind });
}

export function countWebhookRefusal(source: string): void {
  metrics().webhookRefusals.inc({ source });
}

/**
 * Reports a database pool's connections at each scrape (node-postgres; PGlite has no pool). Once
 * per process: a second call replaces the pool watched.
 */
export function watchDatabasePool(pool: { totalCount: number; idleCount: number; waitingCount: number }): void {
  const registry = metrics().registry;
  const POOL = Symbol.for("qurhealth.metrics.pool");
  const slot = globalThis as { [POOL]?: { pool: typeof pool } };
  if (slot[POOL]) {
    slot[POOL].pool = pool;
    return;
  }
  const watched = { pool };
  slot[POOL] = watched;
  new Gauge({
    name: "qurhealth_db_pool_connections",
    help: "Database connections of the pool, in use or idle",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const { totalCount, idleCount } = watched.pool;
      this.set({ state: "in_use" }, totalCount - idleCount);
      this.set({ state: "idle" }, idleCount);
    },
  });
  new Gauge({
    name: "qurhealth_db_pool_waiting",
    help: "Queries waiting for a database connection",
    registers: [registry],
    collect() {
      this.set(watched.pool.waitingCount);
    },
  });
}
