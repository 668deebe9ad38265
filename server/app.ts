import cluster from "node:cluster";
import { randomUUID } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import path from "node:path";
import * as build from "virtual:react-router/server-build";
import { type HttpBindings, serve } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { COOKIE_PREFIX } from "~/auth/auth.server";
import { closeDatabase, database } from "~/database.server";
import { contentVersionReader } from "~/db/content-version.server";
import { ConfigError, env } from "~/env.server";
import { PHOTO_MESSAGES } from "~/features/facilities/facility-photos.server";
import { fhirApi, smartConfiguration } from "~/features/fhir/public.server";
import { databaseMetrics } from "~/features/operations/metrics.server";
import { ATTACHMENT_MESSAGES, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from "~/features/referrals/attachment-rules";
import { transitionReferral } from "~/features/referrals/referral-transitions.server";
import { prepareAttachmentStore } from "~/features/referrals/workspace-files.server";
import { postMessage } from "~/features/referrals/workspace-messages.server";
import type { JobWorkers } from "~/jobs/queue.server";
import { hasFlash } from "~/lib/flash.server";
import { logger } from "~/lib/logger.server";
import { processRegistry, startRequest } from "~/lib/metrics.server";
import { UPLOAD_TOO_LARGE_HEADER } from "~/lib/multipart.server";
import { limitFactor } from "~/lib/rate-limit.server";
import { requestInfoContext } from "~/lib/request-context.server";
import { setBuildVersion } from "~/lib/running-version.server";
import { withoutControlCharacters } from "~/lib/search-text";
import { STATIC_PAGE_HEADER } from "~/lib/static-page";
import { bodyLimit } from "./body-limit";
import { startJobWorkers } from "./job-workers";
import { languageOfferCookie, offersFrench } from "./language-offer";
import { clusterMetricsEnv, metricsAccess, metricsBody, serveClusterMetrics } from "./metrics";
import { createPageCache, gzipWhole } from "./page-cache";
import { publicUrl } from "./public-url";
import { routeIdMatcher } from "./route-id";
import { ALLOWED_METHODS, createNonce, isCrossSiteWrite, isMalformedPath, securityHeaders } from "./security";

type AppEnv = {
  Bindings: HttpBindings;
  Variables: { nonce: string; formKey: string; requestId: string; publicUrl: URL; routeId: string };
};

export const MAX_BODY_BYTES = 1024 * 1024;
/** An upload to a referral's page: one 10 MB file and the form's few other fields. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024 + 64 * 1024;
/** A referral's page (its action, also as React Router's `.data` request). */
const UPLOAD_PATH = /^\/referrals\/REF-[^/]+(\.data)?$/i;
/**
 * The Create Referral form (decision 030): up to 10 files of 10 MB each (a part's own headers are a few
 * hundred bytes), an empty part for each file input left empty, and the form's text fields.
 */
export const MAX_CREATE_UPLOAD_BYTES = MAX_ATTACHMENTS * (MAX_ATTACHMENT_BYTES + 4 * 1024) + 64 * 1024;
/** The Create Referral form (its action, also as a `.data` request). */
const CREATE_UPLOAD_PATH = /^\/referrals\/create(\.data)?$/i;
/** A facility photo: one 5 MB image and the form's few other fields (decision 021). */
export const MAX_PHOTO_UPLOAD_BYTES = 5 * 1024 * 1024 + 64 * 1024;
/** The facility editor (its action, also as a `.data` request). */
const PHOTO_UPLOAD_PATH = /^\/dashboard\/facilities\/[0-9a-f-]{36}(\.data)?$/i;

/**
 * Behind the trusted proxy (TRUST_PROXY), the client address is the last X-Forwarded-For entry:
 * the one our proxy appended. Earlier entries come from the client and can be anything (a
 * client choosing its own address would escape every per-IP limit).
 */
function clientIp(incoming: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = incoming.headers["x-forwarded-for"];
    const last = (Array.isArray(forwarded) ? forwarded.join(",") : forwarded)?.split(",").at(-1)?.trim();
    if (last) return last;
  }
  return incoming.socket.remoteAddress ?? "unknown";
}

const SESSION_COOKIE = `${COOKIE_PREFIX}.session_token=`;

/** An answer to a signed-in request, or one that signs in or out: personal, never to be stored. */
function isPersonal(cookieHeader: string | undefined, response: Response): boolean {
  if (cookieHeader?.includes(SESSION_COOKIE)) return true;
  return response.headers.getSetCookie().some((cookie) => cookie.includes(SESSION_COOKIE));
}

/**
 * The server: `npm start` runs the build's copy; `npm run dev` (server/dev.ts) loads this module
 * through Vite with `mode: "development"`, so development meets the same headers, CSP nonces,
 * cross-site check and compression, with hot reload. In development the page cache is off (an
 * edit must show at once) and Vite serves the assets.
 */
export function createApp({ mode = "production" }: { mode?: "production" | "development" } = {}) {
  const config = env();
  const dev = mode === "development";
  const app = new Hono<AppEnv>();
  const handleRequest = createRequestHandler(build, mode);
  const clientDir = path.resolve(process.env.BUILD_DIR ?? "build", "client");
  // Requests are measured per React Router route id, never per URL.
  const routeIdOf = routeIdMatcher(build.routes);
  setBuildVersion(build.assets.version);
  const mayReadMetrics = metricsAccess(config);
  // METRICS_REQUEST_TIMING=false: requests are not timed (the bench's side-by-side comparison).
  const timeRequest = config.METRICS_REQUEST_TIMING ? startRequest : () => () => {};

  // Request log and security headers wrap everything, including errors and static files.
  app.use(async (c, next) => {
    const started = performance.now();
    const measured = timeRequest(c.req.method);
    const requestId = c.req.header("x-request-id")?.slice(0, 64) || randomUUID();
    const nonce = createNonce();
    c.set("nonce", nonce);
    c.set("requestId", requestId);
    // A page's form key (the idempotency key of its forms, lib/idempotency.ts): new in every answer, kept pages too.
    c.set("formKey", createNonce());
    // The address the browser used: behind a proxy that ends TLS, https (public-url.ts).
    const url = publicUrl(c.req.url, c.req.raw.headers, { trustProxy: config.TRUST_PROXY, appUrl: config.APP_URL });
    c.set("publicUrl", url);
    const https = url.protocol === "https:";
    try {
      await next();
    } finally {
      // Files (assets, public/) never reach React Router: one series for all of them; nor do
      // requests the checks below refuse (a method, a malformed path, a cross-site post, a body too large).
      measured(c.get("routeId") ?? (c.res.status < 400 ? "static" : "refused"), c.res.status);
    }
    for (const [name, value] of Object.entries(securityHeaders(nonce, { https, dev }))) c.res.headers.set(name, value);
    c.res.headers.set("X-Request-Id", requestId);
    const isAsset = c.req.path.startsWith("/assets/") || c.get("routeId") === "metrics";
    logger[isAsset ? "debug" : "info"](
      {
        requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      "request",
    );
  });

  app.use(async (c, next) => {
    if (!ALLOWED_METHODS.includes(c.req.method)) {
      return c.text("Method Not Allowed", 405, { Allow: ALLOWED_METHODS.join(", ") });
    }
    const rawPath = c.req.url.replace(/^[a-z]+:\/\/[^/]+/i, "").split("?")[0] ?? "/";
    if (isMalformedPath(rawPath)) return c.text("Bad Request", 400);
    if (isCrossSiteWrite(c.req.method, c.req.raw.headers, c.get("publicUrl"), config.APP_URL)) {
      return c.text("Cross-site form submissions are not accepted.", 403);
    }
    return next();
  });

  // Uploads (decision 035): a referral's page takes one file of up to 10 MB, the Create
  // Referral form up to 10 of them, a facility's editor one photo of up to 5 MB; each post may be as
  // large as its files and a little more, and its reader enforces each file's limit with the
  // form's own message. Every other body: 1 MB.
  const limitBody = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.text("Payload Too Large", 413) });
  const uploads = [
    { path: CREATE_UPLOAD_PATH, maxSize: MAX_CREATE_UPLOAD_BYTES, message: ATTACHMENT_MESSAGES.tooLarge },
    { path: UPLOAD_PATH, maxSize: MAX_UPLOAD_BYTES, message: ATTACHMENT_MESSAGES.tooLarge },
    { path: PHOTO_UPLOAD_PATH, maxSize: MAX_PHOTO_UPLOAD_BYTES, message: PHOTO_MESSAGES.tooLarge },
  ].map((upload) => ({
    ...upload,
    limit: bodyLimit({ maxSize: upload.maxSize, onError: (c) => c.text(upload.message, 413) }),
  }));
  app.use((c, next) => {
    // The marker is the server's word alone.
    if (c.req.raw.headers.has(UPLOAD_TOO_LARGE_HEADER)) {
      const headers = new Headers(c.req.raw.headers);
      headers.delete(UPLOAD_TOO_LARGE_HEADER);
      c.req.raw = new Request(c.req.raw, { headers });
    }
    const multipart =
      c.req.method === "POST" && c.req.header("content-type")?.toLowerCase().startsWith("multipart/form-data");
    const upload = multipart ? uploads.find((u) => u.path.test(c.req.path)) : undefined;
    if (!upload) return limitBody(c, next);
    // A post that says it is past its limit is handed to its form unread, marked: the form's reader
    // refuses it with the form's own message, an answer the page (and React Router's client, for a
    // `.data` post) shows as what it is. A bare 413 read as a page that failed to load. (A body of
    // undeclared length is counted as it is read, and refused by the limit's text past it: browsers
    // always declare a form's length.)
    const declared = c.req.raw.headers.get("content-length");
    if (declared !== null && !c.req.raw.headers.has("transfer-encoding") && Number(declared) > upload.maxSize) {
      const headers = new Headers(c.req.raw.headers);
      headers.set(UPLOAD_TOO_LARGE_HEADER, "1");
      headers.delete("content-length");
      c.req.raw = new Request(c.req.raw.url, { method: "POST", headers });
      return next();
    }
    return upload.limit(c, next);
  });
  app.use(compress());

  // Prometheus's scrape: only for METRICS_ALLOW's addresses or METRICS_TOKEN; anyone else
  // goes on to React Router, which answers its 404 page as for any unknown address.
  app.get("/metrics", async (c, next) => {
    if (!mayReadMetrics({ ip: clientIp(c.env.incoming, config.TRUST_PROXY), headers: c.req.raw.headers })) {
      return next();
    }
    c.set("routeId", "metrics");
    return metricsBody(async () => databaseMetrics((await database()).db));
  });

  // Hashed build assets never change: cache for a year. Other public files (public/): an hour;
  // only paths under one of them touch the file system (a page's path is never looked up on disk).
  // In development Vite answers for both before the app is asked (server/dev.ts).
  if (!dev) serveBuiltFiles(app, clientDir);

  // The FHIR API for hospital systems (decision 034): an HTTP API beside the pages, with
  // its own tokens and errors; SMART's discovery document also at the site's root.
  app.route(
    "/fhir",
    fhirApi({
      db: async () => (await database()).db,
      baseUrl: config.APP_URL,
      secret: config.AUTH_SECRET,
      transitionReferral,
      postMessage,
      callsPerMinute: config.FHIR_CALLS_PER_MINUTE * limitFactor(),
    }),
  );
  app.get("/.well-known/smart-configuration", (c) => c.json(smartConfiguration(config.APP_URL)));

  // Pages that are the same for every visitor: rendered once (or once per version of the content
  // they show), then served from memory (page-cache.ts).
  let versions: Promise<ReturnType<typeof contentVersionReader>> | null = null;
  const pages = createPageCache({
    version: async (content) => {
      versions ??= database()
        .then(contentVersionReader)
        .catch((error) => {
          versions = null;
          throw error;
        });
      return (await versions)(content);
    },
  });
  app.all("*", async (c) => {
    const acceptEncoding = c.req.header("accept-encoding");
    const { pathname, search } = new URL(c.req.url);
    if (config.METRICS_REQUEST_TIMING) c.set("routeId", routeIdOf(pathname));
    // A request carrying a one-time message (lib/flash.server.ts) is rendered: the kept copy lacks it.
    // So is a signed-in visitor's (the header shows their account): only anonymous pages are kept.
    const cookies = c.req.header("cookie");
    // A first visit from a French-speaking browser is offered French (a banner): rendered for it.
    const offerFrench = offersFrench(c.req.method, pathname, c.req.header("accept-language"), cookies);
    const cacheable =
      c.req.method === "GET" && !hasFlash(cookies) && !cookies?.includes(SESSION_COOKIE) && !offerFrench;
    const lookup =
      cacheable && !dev
        ? await pages.lookup(pathname, search, [c.get("nonce"), c.get("formKey")], acceptEncoding)
        : null;
    if (lookup && "hit" in lookup) {
      if (isPersonal(c.req.header("cookie"), lookup.hit)) lookup.hit.headers.set("Cache-Control", "no-store");
      return lookup.hit;
    }
    const context = new RouterContextProvider();
    context.set(requestInfoContext, {
      nonce: c.get("nonce"),
      ip: clientIp(c.env.incoming, config.TRUST_PROXY),
      formKey: c.get("formKey"),
      requestId: c.get("requestId"),
      offerFrench,
    });
    // React Router sees the public address (its check of an action's Origin compares the two), and
    // no loader sees a control character in it (a NUL in a search once answered 500).
    const cleanSearch =
      ((c.req.method === "GET" || c.req.method === "HEAD") && withoutControlCharacters(search)) || search;
    const url = new URL(`${pathname}${cleanSearch}`, c.get("publicUrl"));
    const request = url.href === c.req.url ? c.req.raw : new Request(url, c.req.raw);
    const response = await handleRequest(request, context);
    const type = response.headers.get("Content-Type") ?? "";
    if (offerFrench && type.startsWith("text/html")) {
      response.headers.append("Set-Cookie", languageOfferCookie(c.get("publicUrl").protocol === "https:"));
    }
    if (isPersonal(c.req.header("cookie"), response)) {
      // A signed-in answer (it may show patient data) is never stored, not even for Back after Sign Out
      // (an answer that already says so, like a file's "private, no-store", keeps its own words).
      if (!/\bno-store\b/.test(response.headers.get("Cache-Control") ?? "")) {
        response.headers.set("Cache-Control", "no-store");
      }
    } else if (type.startsWith("text/html") && !response.headers.has("Cache-Control")) {
      // Short, private caching for pages: they carry a per-request nonce and may be personal.
      response.headers.set("Cache-Control", "private, max-age=0, must-revalidate");
    }
    // The cache's mark is for the cache alone (page-cache.ts removes it from what it keeps).
    if (!lookup) response.headers.delete(STATIC_PAGE_HEADER);
    const answer = lookup
      ? await pages.keep(lookup.miss, response, [c.get("nonce"), c.get("formKey")], acceptEncoding)
      : response;
    return type.startsWith("text/html") ? gzipWhole(answer, acceptEncoding) : answer;
  });

  app.onError((error, c) => {
    logger.error({ err: error, path: c.req.path }, "unhandled server error");
    return c.text("Internal Server Error", 500);
  });
  return app;
}

/** The build's files: hashed assets cached for a year, the other public files for an hour. */
function serveBuiltFiles(app: Hono<AppEnv>, clientDir: string): void {
  const publicEntries = new Set(
    existsSync(clientDir) ? readdirSync(clientDir).filter((name) => name !== "assets") : [],
  );
  const servePublic = serveStatic({
    root: clientDir,
    precompressed: true,
    // The service worker's script is checked on every visit (a deploy's new one is found at once).
    onFound: (file, c) => c.header("Cache-Control", file.endsWith("/sw.js") ? "no-cache" : "public, max-age=3600"),
  });
  app.use(
    "/assets/*",
    serveStatic({
      root: clientDir,
      precompressed: true,
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
    }),
  );
  app.use("*", (c, next) => (publicEntries.has(c.req.path.split("/")[1] ?? "") ? servePublic(c, next) : next()));
}

/**
 * `npm start`'s entry. One server process, or with WEB_CONCURRENCY > 1 (PostgreSQL only) that
 * many, one per core, sharing the port (node:cluster): each is a whole server (`start`), as
 * several servers behind a load balancer are (the first migrates under an advisory lock, the
 * others find nothing to do). A process that dies is replaced; SIGTERM or SIGINT stops them all,
 * each finishing its requests.
 */
export async function run(): Promise<void> {
  let processes: number;
  try {
    processes = env().WEB_CONCURRENCY;
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (processes <= 1 || !cluster.isPrimary) return start();
  let stopping = false;
  // A scrape of /metrics on any process is answered with every process's figures (server/metrics.ts).
  serveClusterMetrics();
  for (let i = 0; i < processes; i++) cluster.fork(clusterMetricsEnv());
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    logger.error({ pid: worker.process.pid, code, signal }, "a server process stopped; starting another");
    cluster.fork(clusterMetricsEnv());
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, processes }, "shutting down the server processes");
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

/** Starts the production server: configuration, database (migrate + seed), HTTP, shutdown. */
export async function start(): Promise<void> {
  let config: ReturnType<typeof env>;
  try {
    config = env();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // The job queue's workers (mail, SMS, WhatsApp, waitlist notifications) run in every server
  // process unless JOB_WORKERS=false (then `npm run worker` runs them): decision 024.
  let workers: JobWorkers | undefined;
  try {
    const handle = await database();
    if (config.JOB_WORKERS) {
      workers = await startJobWorkers(handle, { superviseIntervalSeconds: config.JOB_SUPERVISE_SECONDS });
    }
  } catch (error) {
    logger.fatal({ err: error }, "could not open the database");
    process.exit(1);
  }
  // Files attached while their bytes lived in the database leave it for the file store, once (decision 023).
  await prepareAttachmentStore((await database()).db);
  // Measuring starts now (event-loop lag, memory), and a cluster's primary can ask for the figures at once.
  processRegistry();
  const app = createApp();
  const server = serve({
    fetch: app.fetch,
    port: config.PORT,
    hostname: config.HOST,
    serverOptions: { maxHeaderSize: 16 * 1024, requestTimeout: 30_000, headersTimeout: 20_000 },
  });
  // An idle kept-alive connection stays open longer than clients and load balancers keep theirs
  // (AWS ALB: 60 s), so the server never closes one just as a request is sent on it (ECONNRESET,
  // or a 502 from the balancer). SIGTERM still closes idle connections at once (below).
  if ("keepAliveTimeout" in server) server.keepAliveTimeout = 65_000;
  server.on("listening", () => logger.info({ port: config.PORT, url: config.APP_URL }, "listening"));
  server.on("error", (error) => {
    logger.fatal({ err: error }, "server error");
    process.exit(1);
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => {
      logger.warn("in-flight requests did not finish in 10 s; exiting");
      process.exit(1);
    }, 10_000);
    force.unref();
    server.close(async () => {
      await workers?.stop(5_000).catch((error) => logger.error({ err: error }, "stopping the job workers failed"));
      await closeDatabase().catch((error) => logger.error({ err: error }, "closing the database failed"));
      logger.info("stopped");
      process.exit(0);
    });
    if ("closeIdleConnections" in server) server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

/**
 * `npm run worker`: only the job queue's workers, no HTTP (for deployments that scale them apart
 * from the web servers, which then run with JOB_WORKERS=false). SIGTERM lets running jobs finish.
 */
export async function runWorker(): Promise<void> {
  try {
    env();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  let workers: JobWorkers;
  try {
    workers = await startJobWorkers(await database(), { superviseIntervalSeconds: env().JOB_SUPERVISE_SECONDS });
  } catch (error) {
    logger.fatal({ err: error }, "could not start the job workers");
    process.exit(1);
  }
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing running jobs");
    await workers.stop(10_000).catch((error) => logger.error({ err: error }, "stopping the job workers failed"));
    await closeDatabase().catch((error) => logger.error({ err: error }, "closing the database failed"));
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}
