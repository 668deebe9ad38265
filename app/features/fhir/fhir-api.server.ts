import { type Context, Hono } from "hono";
import type { ClientActor } from "~/auth/actor.server";
import type { Db } from "~/db/client.server";
import {
  type ExchangedReferral,
  type ExchangeQuery,
  type ReferralStatus,
  referralForClient,
  referralsForClient,
  TRANSITIONS,
  type Transition,
  type TransitionReferral,
} from "~/features/referrals/public.server";
import { logger } from "~/lib/logger.server";
import { capabilityStatement, SEARCH_PARAMETERS, type SearchableType } from "./capability";
import {
  BSER_BUSINESS_STATUS,
  etagOf,
  FHIR_JSON,
  type IssueCode,
  lastUpdatedOf,
  operationOutcome,
  referralNumberSystem,
  referralStatusesFor,
  SERVICE_REQUEST_STATUS,
  searchBundle,
  serviceRequestOf,
  TASK_STATUS,
  taskOf,
  versionFromIfMatch,
  versionOf,
} from "./fhir-resources";
import { allows, clientOfToken, issueToken, type SmartConfig, smartConfiguration } from "./smart-auth.server";

/*
 * The FHIR R4 API under /fhir (issue 36, decision 034), a Hono app the server mounts beside
 * React Router: an HTTP API for machines, with its own errors (OperationOutcome), its own
 * authentication (bearer tokens) and no pages. Every rule about referrals is the referrals
 * feature's: this file parses FHIR, checks the token's scopes, and maps answers.
 */

export const DEFAULT_COUNT = 20;
export const MAX_COUNT = 100;

export type FhirApiOptions = SmartConfig & {
  db: () => Promise<Db>;
  /**
   * The referrals' own transition (referrals.server.ts's transitionReferral: the status table,
   * ledger, notifications and audit of the web page), handed in by the server (see its type).
   */
  transitionReferral: TransitionReferral;
  /** The clock (tests move it); the server's by default. */
  now?: () => Date;
};

type Env = { Variables: { client: ClientActor } };

class FhirError extends Error {
  readonly status: number;
  readonly code: IssueCode;
  constructor(status: number, code: IssueCode, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

function fhirJson(c: Context, body: unknown, status = 200, headers: Record<string, string> = {}) {
  return c.body(JSON.stringify(body), status as 200, { "Content-Type": FHIR_JSON, ...headers });
}

function outcome(c: Context, status: number, code: IssueCode, message: string, headers: Record<string, string> = {}) {
  return fhirJson(c, operationOutcome(code, message), status, headers);
}

/** The FHIR status of what a domain function threw (`data(message, { status })`), or null. */
function domainRefusal(error: unknown): { status: number; message: string } | null {
  const init = (error as { init?: { status?: number } } | null)?.init;
  if (!init?.status) return null;
  const body = (error as { data?: unknown }).data;
  return { status: init.status, message: typeof body === "string" ? body : "Refused" };
}

const ISSUE_FOR_STATUS: Record<number, IssueCode> = {
  400: "invalid",
  401: "login",
  403: "forbidden",
  404: "not-found",
  409: "conflict",
  412: "conflict",
  422: "processing",
  429: "throttled",
};

export function fhirApi(options: FhirApiOptions) {
  const now = options.now ?? (() => new Date());
  const { baseUrl } = options;
  const app = new Hono<Env>();

  app.onError((error, c) => {
    if (error instanceof FhirError) return outcome(c, error.status, error.code, error.message);
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
    await next();
    c.header("Cache-Control", "no-store");
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
      const self = `${baseUrl}/fhir/${type}?${canonical}`;
      const last = found.rows.at(-1);
      const next = found.hasMore && last ? `${baseUrl}/fhir/${type}?${withCursor(canonical, last.id)}` : null;
      return fhirJson(c, searchBundle(resources, { self, next }, baseUrl));
    });

    app.get(`/${type}/:id`, async (c) => {
      const client = c.get("client");
      need(client, type, "r");
      const referral = await readable(await options.db(), client, c.req.param("id"), type);
      return fhirJson(c, toResource(referral, baseUrl), 200, versionHeaders(referral));
    });
  }

  app.put("/Task/:id", async (c) => {
    const client = c.get("client");
    if (client.facilityId === null) {
      throw new FhirError(403, "forbidden", "The network's client reads referrals; it cannot update them.");
    }
    need(client, "Task", "u");
    const db = await options.db();
    const id = c.req.param("id");
    const body = await fhirBody(c);
    if (body.resourceType !== "Task") throw new FhirError(400, "invalid", "The body must be a Task.");
    if (body.id !== id) throw new FhirError(400, "invalid", "The Task's id must be the id in the address.");
    const current = await readable(db, client, id, "Task");
    const ifMatch = c.req.header("if-match");
    const wanted = versionFromIfMatch(ifMatch);
    if (!ifMatch || !wanted) {
      throw new FhirError(428, "required", 'Send If-Match with the version you read (its ETag, e.g. W/"1").');
    }
    if (wanted !== versionOf(current.status)) {
      throw new FhirError(412, "conflict", `The Task has changed since version ${wanted}: read it again.`);
    }
    const target = typeof body.status === "string" ? body.status : "";
    if (target === TASK_STATUS[current.status].status) {
      // Nothing to change: the Task as it is (an update that changes nothing is not a new version).
      return fhirJson(c, taskOf(current, baseUrl), 200, versionHeaders(current));
    }
    const transition = transitionTo(current.status, target);
    if (!transition) {
      throw new FhirError(
        422,
        "processing",
        `A Task that is ${TASK_STATUS[current.status].status} cannot become ${target || "(no status)"}.`,
      );
    }
    try {
      await options.transitionReferral(db, client, id, transition, {
        reason: body.statusReason?.text,
        outcome: body.output?.find((o) => typeof o.valueString === "string")?.valueString,
      });
    } catch (error) {
      const refusal = domainRefusal(error);
      // Someone else moved it between our read and the update: the version asked for is gone.
      if (refusal?.status === 409) throw new FhirError(412, "conflict", refusal.message);
      // A reason or an outcome missing or too long: the web form's own words.
      if (refusal?.status === 400) throw new FhirError(422, "required", refusal.message);
      // The others (403, 404, 429) as the domain said them. Hono hands only Errors to onError.
      if (refusal)
        throw new FhirError(refusal.status, ISSUE_FOR_STATUS[refusal.status] ?? "processing", refusal.message);
      throw error;
    }
    const updated = await readable(db, client, id, "Task");
    return fhirJson(c, taskOf(updated, baseUrl), 200, versionHeaders(updated));
  });

  app.on(["POST", "PATCH", "DELETE"], ["/ServiceRequest", "/ServiceRequest/*", "/Task", "/Task/*"], (c) =>
    outcome(c, 405, "not-supported", `${c.req.method} is not supported here: see /fhir/metadata.`),
  );
  // Last: under /fhir nothing falls through to the pages.
  app.all("*", (c) => outcome(c, 404, "not-found", "No such resource type or interaction: see /fhir/metadata."));
  return app;
}

function need(client: ClientActor, type: string, permission: "r" | "s" | "u") {
  if (!allows(client.scopes, type, permission)) {
    throw new FhirError(403, "forbidden", `The token's scopes do not allow this (system/${type}.${permission}).`);
  }
}

async function readable(db: Db, client: ClientActor, id: string, type: string): Promise<ExchangedReferral> {
  const referral = await referralForClient(db, client, id);
  if (!referral) throw new FhirError(404, "not-found", `${type}/${id} is not known.`);
  return referral;
}

function versionHeaders(r: ExchangedReferral): Record<string, string> {
  return { ETag: etagOf(r.status), "Last-Modified": lastUpdatedOf(r).toUTCString() };
}

/** The transition of the status table that takes a referral in `from` to the Task status `target`. */
function transitionTo(from: ReferralStatus, target: string): Transition | null {
  const found = (Object.keys(TRANSITIONS) as Transition[]).find(
    (t) => TRANSITIONS[t].from === from && TASK_STATUS[TRANSITIONS[t].to].status === target,
  );
  return found ?? null;
}

type TaskBody = {
  resourceType?: unknown;
  id?: unknown;
  status?: unknown;
  statusReason?: { text?: unknown };
  output?: Array<{ valueString?: unknown }>;
};

async function fhirBody(c: Context): Promise<TaskBody> {
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  if (!type.startsWith("application/fhir+json") && !type.startsWith("application/json")) {
    throw new FhirError(415, "not-supported", "Send the resource as application/fhir+json.");
  }
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    throw new FhirError(400, "invalid", "The body is not JSON.");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new FhirError(400, "invalid", "The body must be a FHIR resource.");
  }
  const task = body as TaskBody;
  if (task.output !== undefined && !Array.isArray(task.output))
    throw new FhirError(400, "invalid", "Task.output is a list.");
  return task;
}

const CURSOR = "_cursor";

function withCursor(canonical: string, id: string): string {
  const params = new URLSearchParams(canonical);
  params.set(CURSOR, id);
  return params.toString();
}

/** A token search value `system|code` or `code`: the code, or null when the system is not ours. */
function tokenCode(value: string, system: string): string | null {
  const bar = value.indexOf("|");
  if (bar === -1) return value;
  return value.slice(0, bar) === "" || value.slice(0, bar) === system ? value.slice(bar + 1) : null;
}

/** A reference search value `Type/id` or `id`: the id, or null when it names another type. */
function referenceId(value: string, type: string): string | null {
  const slash = value.lastIndexOf("/");
  if (slash === -1) return value;
  return value.slice(0, slash).endsWith(type) ? value.slice(slash + 1) : null;
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
  const known = new Set<string>([...SEARCH_PARAMETERS[type].map((p) => p.name), CURSOR, "_format"]);
  const canonical = new URLSearchParams();
  const query: ExchangeQuery = { limit: DEFAULT_COUNT };
  const seen = new Set<string>();
  for (const [name] of params) {
    if (!known.has(name)) throw new FhirError(400, "not-supported", `Search parameter ${name} is not supported.`);
    if (seen.has(name)) throw new FhirError(400, "not-supported", `Give ${name} once (values comma-separated).`);
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
  const count = params.get("_count");
  if (count !== null) {
    const n = Number(count);
    if (!Number.isInteger(n) || n < 1)
      throw new FhirError(400, "invalid", "_count must be a whole number of 1 or more.");
    query.limit = Math.min(n, MAX_COUNT);
  }
  query.after = params.get(CURSOR);
  for (const [name, value] of params) if (name !== CURSOR && name !== "_count") canonical.set(name, value);
  canonical.set("_count", String(query.limit));
  return { query, canonical: canonical.toString() };
}
