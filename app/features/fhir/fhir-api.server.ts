import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { ClientActor } from "~/auth/actor.server";
import type { Db } from "~/db/client.server";
import { apiClientCalls } from "~/db/schema";
import {
  type ExchangedReferral,
  type ExchangeQuery,
  type PostMessage,
  type ReferralStatus,
  referralForClient,
  referralsForClient,
  type TransitionReferral,
} from "~/features/referrals/public.server";
import { logger } from "~/lib/logger.server";
import { hitRateLimit } from "~/lib/rate-limit.server";
import type { FileStore } from "~/storage/file-store.server";
import { capabilityStatement, INCLUDES, SEARCH_PARAMETERS, type SearchableType } from "./capability";
import { directoryRoutes } from "./directory-routes.server";
import {
  CURSOR,
  dateSpan,
  type FhirEnv,
  FhirError,
  fhirJson,
  need,
  outcome,
  referenceId,
  tokenCode,
  versionHeaders,
  withCursor,
} from "./fhir-http";
import {
  BSER_BUSINESS_STATUS,
  referralNumberSystem,
  referralStatusesFor,
  SERVICE_REQUEST_STATUS,
  searchBundle,
  serviceRequestOf,
  TASK_STATUS,
  taskOf,
} from "./fhir-resources";
import { partRoutes } from "./part-routes.server";
import { clientOfToken, issueToken, type SmartConfig, smartConfiguration } from "./smart-auth.server";
import { taskUpdateRoutes } from "./task-update.server";

/*
 * The FHIR R4 API under /fhir (decision 034), a Hono app the server mounts beside
 * React Router: an HTTP API for machines, with its own errors (OperationOutcome), its own
 * authentication (bearer tokens) and no pages. Every rule about referrals is the referrals
 * feature's: this file parses FHIR, checks the token's scopes, and maps answers.
 */

export const DEFAULT_COUNT = 20;
export const MAX_COUNT = 100;

export type FhirApiOptions = SmartConfig & {
  db: () => Promise<Db>;
  /**
   * The referrals' own transition (referral-transitions.server.ts's transitionReferral: the status table,
   * ledger, notifications and audit of the web page), handed in by the server (see its type).
   */
  transitionReferral: TransitionReferral;
  /** The referral page's own postMessage (workspace-messages.server.ts), handed in the same way. */
  postMessage: PostMessage;
  /** Where attached files are kept (the server's file store by default). */
  store?: () => FileStore;
  /** Calls one client may make a minute (FHIR_CALLS_PER_MINUTE); then 429 `throttled` until the minute ends. */
  callsPerMinute?: number;
  /** The clock (tests move it); the server's by default. */
  now?: () => Date;
};

export function fhirApi(options: FhirApiOptions) {
  const now = options.now ?? (() => new Date());
  const { baseUrl } = options;
  const app = new Hono<FhirEnv>();

  app.onError((error, c) => {
    if (error instanceof FhirError) return outcome(c, error.status, error.code, error.message, error.headers);
    logger.error({ err: error, path: c.req.path }, "FHIR API error");
    return outcome(c, 500, "exception", "Internal Server Error");
  });

  // Public: what the server is, and where tokens come from.
  app.get("/metadata", (c) => fhirJson(c, capabilityStatement(baseUrl, now().toISOString())));
  app.get("/.well-known/smart-configuration", (c) => c.json(smartConfiguration(baseUrl)));

  app.post("/auth/token", async (c) => {
    const type = c.req.header("content-type") ?? "";
    if (!type.toLowerCase().startsWith("application/x-www-form-urlencoded")) {
      return c.json({ error: "invalid_request", error_description: "Send the form as x-www-form-urlencoded." }, 400);
    }
    const form = new URLSearchParams(await c.req.text());
    const answer = await issueToken(await options.db(), form, options, now());
    return c.json(answer.body, answer.status, { "Cache-Control": "no-store", Pragma: "no-cache" });
  });

  // Everything else needs a bearer token.
  app.use("*", async (c, next) => {
    const client = await clientOfToken(await options.db(), c.req.header("authorization"), options, now());
    if (!client) {
      return outcome(c, 401, "login", "A valid bearer token is required (SMART Backend Services).", {
        "WWW-Authenticate": 'Bearer realm="fhir", error="invalid_token"',
      });
    }
    c.set("client", client);
    const db = await options.db();
    const limit = await unflushed(db, (tx) =>
      hitRateLimit(tx, `fhir:${client.id}`, { limit: options.callsPerMinute ?? 600, windowMs: 60_000 }, now()),
    );
    if (limit.ok) await next();
    else {
      c.res = outcome(c, 429, "throttled", `Too many calls: at most ${options.callsPerMinute ?? 600} a minute.`, {
        "Retry-After": String(limit.retryAfterSeconds),
      });
    }
    c.header("Cache-Control", "no-store");
    // Every call, answered or refused, is recorded with the client (the admin screen names it).
    const url = new URL(c.req.url);
    await unflushed(db, (tx) =>
      tx.insert(apiClientCalls).values({
        clientId: client.id,
        method: c.req.method,
        path: `${url.pathname}${url.search}`.slice(0, 2000),
        status: c.res.status,
      }),
    );
  });

  for (const type of ["ServiceRequest", "Task"] as const) {
    const toResource = type === "Task" ? taskOf : serviceRequestOf;

    app.get(`/${type}`, async (c) => {
      const client = c.get("client");
      need(client, type, "s");
      const url = new URL(c.req.url);
      const { query, canonical } = searchQuery(type, url.searchParams, baseUrl);
      const found = await referralsForClient(await options.db(), client, query);
      const resources = found.rows.map((r) => toResource(r, baseUrl));
      // One referral, two resources, one id: the included one is the same row's other resource.
      const include = url.searchParams.get(type === "Task" ? "_include" : "_revinclude");
      if (include !== null && !(INCLUDES as readonly string[]).includes(include)) {
        throw new FhirError(400, "not-supported", `Only ${INCLUDES.join(" or ")} can be included.`);
      }
      const other = type === "Task" ? serviceRequestOf : taskOf;
      const included = include ? found.rows.map((r) => other(r, baseUrl)) : [];
      const self = `${baseUrl}/fhir/${type}?${canonical}`;
      const last = found.rows.at(-1);
      const next = found.hasMore && last ? `${baseUrl}/fhir/${type}?${withCursor(canonical, last.id)}` : null;
      return fhirJson(c, searchBundle(resources, { self, next }, baseUrl, included));
    });

    app.get(`/${type}/:id`, async (c) => {
      const client = c.get("client");
      need(client, type, "r");
      const referral = await readable(await options.db(), client, c.req.param("id"), type);
      const resource = toResource(referral, baseUrl);
      return fhirJson(c, resource, 200, versionHeaders(resource));
    });
  }

  taskUpdateRoutes(app, options);
  directoryRoutes(app, options);
  partRoutes(app, options);

  const served = [
    "ServiceRequest",
    "Task",
    "Organization",
    "Location",
    "Practitioner",
    "PractitionerRole",
    "Patient",
    "Communication",
    "DocumentReference",
    "Binary",
    "AuditEvent",
  ];
  app.all(`/:type{${served.join("|")}}/*`, (c) =>
    outcome(c, 405, "not-supported", `${c.req.method} is not supported here: see /fhir/metadata.`),
  );
  app.all(`/:type{${served.join("|")}}`, (c) =>
    outcome(c, 405, "not-supported", `${c.req.method} is not supported here: see /fhir/metadata.`),
  );
  // Last: under /fhir nothing falls through to the pages.
  app.all("*", (c) => outcome(c, 404, "not-found", "No such resource type or interaction: see /fhir/metadata."));
  return app;
}

/**
 * A write of the API's own bookkeeping (the per-client count, the record of a call) committed
 * without waiting for the disk (synchronous_commit off, this transaction only): two such commits
 * on every call were most of a call's time at 1M referrals (bench/fhir-scale.ts). A crash may lose
 * the last moment's counts and records, never a referral's change, which commits as always.
 */
function unflushed<T>(db: Db, write: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`);
    return write(tx as unknown as Db);
  });
}

async function readable(db: Db, client: ClientActor, id: string, type: string): Promise<ExchangedReferral> {
  const referral = await referralForClient(db, client, id);
  if (!referral) throw new FhirError(404, "not-found", `${type}/${id} is not known.`);
  return referral;
}

/**
 * A search's parameters as the referrals' query, and in canonical order for the Bundle's links.
 * A parameter the CapabilityStatement does not list is refused (400) rather than ignored: a
 * client that filters by it would otherwise act on referrals it did not mean.
 */
function searchQuery(
  type: SearchableType,
  params: URLSearchParams,
  baseUrl: string,
): { query: ExchangeQuery; canonical: string } {
  const parameters: ReadonlyArray<{ name: string; type: string }> = SEARCH_PARAMETERS[type];
  const known = new Set<string>([...parameters.map((p) => p.name), CURSOR, "_format"]);
  // A date may be given twice or more (ANDed: a range, ge...&...=lt...); any other parameter once.
  const dates = new Set(parameters.filter((p) => p.type === "date").map((p) => p.name));
  const canonical = new URLSearchParams();
  const query: ExchangeQuery = { limit: DEFAULT_COUNT };
  const seen = new Set<string>();
  for (const [name] of params) {
    if (!known.has(name)) throw new FhirError(400, "not-supported", `Search parameter ${name} is not supported.`);
    if (seen.has(name) && !dates.has(name)) {
      throw new FhirError(400, "not-supported", `Give ${name} once (values comma-separated).`);
    }
    seen.add(name);
  }
  const values = (name: string) => {
    const raw = params.get(name);
    return raw === null
      ? null
      : raw
          .split(",")
          .map((v) => v.trim())
          .filter(Boolean);
  };
  const format = params.get("_format");
  if (format !== null && !["json", "application/json", "application/fhir+json"].includes(format)) {
    throw new FhirError(406, "not-supported", "Only JSON is served (_format=json).");
  }
  const ids = values("_id");
  if (ids) query.ids = ids;
  const identifiers = values("identifier");
  if (identifiers) {
    query.referralNumbers = identifiers.flatMap((v) => tokenCode(v, referralNumberSystem(baseUrl)) ?? []);
  }
  const statuses = values("status");
  if (statuses) {
    const table = type === "Task" ? TASK_STATUS : SERVICE_REQUEST_STATUS;
    query.statuses = [...new Set(statuses.flatMap((s) => referralStatusesFor(table, s)))];
  }
  const business = values("business-status");
  if (business) {
    const codes = business.map((v) => tokenCode(v, BSER_BUSINESS_STATUS));
    const wanted = (Object.keys(TASK_STATUS) as ReferralStatus[]).filter((s) =>
      codes.includes(TASK_STATUS[s].business),
    );
    query.statuses = query.statuses ? query.statuses.filter((s) => wanted.includes(s)) : wanted;
  }
  const facility = values(type === "Task" ? "owner" : "performer");
  if (facility) query.facilityIds = facility.flatMap((v) => referenceId(v, "Organization") ?? []);
  const focus = type === "Task" ? values("focus") : null;
  if (focus) {
    const focusIds = focus.flatMap((v) => referenceId(v, "ServiceRequest") ?? []);
    query.ids = query.ids ? query.ids.filter((id) => focusIds.includes(id)) : focusIds;
  }
  const requesters = type === "ServiceRequest" ? values("requester") : null;
  if (requesters) query.doctorIds = requesters.flatMap((v) => referenceId(v, "Practitioner") ?? []);
  // Every occurrence is ANDed; the comma-separated values of one are ORed.
  const spans = (name: string) =>
    params.getAll(name).map((raw) =>
      raw
        .split(",")
        .map((v) => v.trim())
        .filter(Boolean)
        .map((v) => dateSpan(name, v)),
    );
  const created = type === "ServiceRequest" ? spans("authored") : [];
  if (created.length > 0) query.created = created;
  const changed = [...spans("_lastUpdated"), ...(type === "Task" ? spans("modified") : [])];
  if (changed.length > 0) query.lastChanged = changed;
  const count = params.get("_count");
  if (count !== null) {
    const n = Number(count);
    if (!Number.isInteger(n) || n < 1)
      throw new FhirError(400, "invalid", "_count must be a whole number of 1 or more.");
    query.limit = Math.min(n, MAX_COUNT);
  }
  query.after = params.get(CURSOR);
  for (const [name, value] of params) if (name !== CURSOR && name !== "_count") canonical.append(name, value);
  canonical.set("_count", String(query.limit));
  return { query, canonical: canonical.toString() };
}
