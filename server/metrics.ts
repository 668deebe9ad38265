import cluster from "node:cluster";
import { createHash, timingSafeEqual } from "node:crypto";
import { AggregatorRegistry } from "prom-client";
import type { Env } from "~/env.server";
import { addressMatcher } from "~/lib/address-list.server";
import { processRegistry } from "~/lib/metrics.server";

/*
 * GET /metrics (docs/operations.md): the Prometheus text format, for the addresses in
 * METRICS_ALLOW (default loopback) or a request bearing METRICS_TOKEN; anyone else is answered as
 * for any unknown address (the app's 404 page), so the endpoint is not even seen to exist.
 *
 * With WEB_CONCURRENCY > 1 a scrape lands on one of the server processes. It asks the primary
 * (node:cluster IPC), which asks every process for its registry and adds them up (prom-client's
 * AggregatorRegistry): the answer is the whole server's, whichever process took the scrape. The
 * figures read from the database are read once, by that process, and added after.
 */

const ASK = "qurhealth:metrics-request";
const ANSWER = "qurhealth:metrics-answer";
/** Set by the primary in its server processes' environment: it answers ASK. */
const PRIMARY_AGGREGATES = "QURHEALTH_METRICS_PRIMARY";
/** prom-client's own wait for every process is 5 s; a little more here. */
const ASK_TIMEOUT_MS = 6_000;

type AccessConfig = Pick<Env, "METRICS_ALLOW" | "METRICS_TOKEN" | "TRUST_PROXY">;
type Asker = { ip: string; headers: Headers };

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * Whether a request may read the metrics: the bearer token (compared in constant time), or a client
 * address in METRICS_ALLOW. Without TRUST_PROXY, a request that came through a proxy (it carries a
 * forwarding header) has the proxy's address, not its client's: the address list does not admit it
 * (a proxy on the same machine would otherwise open /metrics to the internet).
 */
export function metricsAccess(config: AccessConfig): (asker: Asker) => boolean {
  const listed = addressMatcher(config.METRICS_ALLOW);
  const token = config.METRICS_TOKEN ? digest(`Bearer ${config.METRICS_TOKEN}`) : null;
  return ({ ip, headers }) => {
    const authorization = headers.get("authorization")?.trim();
    if (token && authorization && timingSafeEqual(digest(authorization), token)) return true;
    const forwarded = headers.has("x-forwarded-for") || headers.has("forwarded") || headers.has("x-real-ip");
    if (forwarded && !config.TRUST_PROXY) return false;
    return listed(ip);
  };
}

/** The primary of a cluster (server/app.ts `run`): the environment that tells its processes it aggregates. */
export function clusterMetricsEnv(): Record<string, string> {
  return { [PRIMARY_AGGREGATES]: "1" };
}

/** In the primary: answers each server process's request for the whole cluster's metrics. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message: { type?: string; id?: number } | null) => {
    if (message?.type !== ASK) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id: message.id, text }),
      (error: unknown) =>
        worker.send({ type: ANSWER, id: message.id, error: error instanceof Error ? error.message : String(error) }),
    );
  });
}

type Waiting = { resolve(text: string): void; reject(error: Error): void; timer: NodeJS.Timeout };
const waiting = new Map<number, Waiting>();
let asked = 0;
let listening = false;

function askPrimary(): Promise<string> {
  if (!listening) {
    listening = true;
    process.on("message", (message: { type?: string; id?: number; text?: string; error?: string } | null) => {
      if (message?.type !== ANSWER || message.id === undefined) return;
      const entry = waiting.get(message.id);
      if (!entry) return;
      waiting.delete(message.id);
      clearTimeout(entry.timer);
      if (message.error !== undefined || message.text === undefined) {
        entry.reject(new Error(`the cluster's metrics could not be gathered: ${message.error ?? "no answer"}`));
      } else {
        entry.resolve(message.text);
      }
    });
  }
  asked += 1;
  const id = asked;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error("the primary process did not answer for the cluster's metrics"));
    }, ASK_TIMEOUT_MS);
    waiting.set(id, { resolve, reject, timer });
    process.send?.({ type: ASK, id });
  });
}

/** This server's own metrics: the process's, or in a cluster every process's added up by the primary. */
export function serverMetrics(): Promise<string> {
  if (cluster.isWorker && process.send && process.env[PRIMARY_AGGREGATES] === "1") return askPrimary();
  return processRegistry().metrics();
}

/** The exposition: the server's metrics, then the figures read from the database once. */
export async function metricsBody(databaseMetrics: () => Promise<string>): Promise<Response> {
  const [own, figures] = await Promise.all([serverMetrics(), databaseMetrics()]);
  const body = `${own.trimEnd()}\n\n${figures.trimEnd()}\n`;
  return new Response(body, {
    headers: { "Content-Type": processRegistry().contentType, "Cache-Control": "no-store" },
  });
}
