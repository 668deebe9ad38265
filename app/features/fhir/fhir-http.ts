import type { Context } from "hono";
import type { ClientActor } from "~/auth/actor.server";
import type { TimeSpan } from "~/features/referrals/public.server";
import { FHIR_JSON, type IssueCode, operationOutcome } from "./fhir-resources";
import { allows } from "./smart-auth.server";

/*
 * What every route of the FHIR API shares: its errors (an OperationOutcome with an issue code),
 * its JSON answers, the scope check, and the small parsers of search values.
 */

export type FhirEnv = { Variables: { client: ClientActor } };

export class FhirError extends Error {
  readonly status: number;
  readonly code: IssueCode;
  readonly headers: Record<string, string>;
  constructor(status: number, code: IssueCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.headers = headers;
  }
}

export function fhirJson(c: Context, body: unknown, status = 200, headers: Record<string, string> = {}) {
  return c.body(JSON.stringify(body), status as 200, { "Content-Type": FHIR_JSON, ...headers });
}

export function outcome(
  c: Context,
  status: number,
  code: IssueCode,
  message: string,
  headers: Record<string, string> = {},
) {
  return fhirJson(c, operationOutcome(code, message), status, headers);
}

export function need(client: ClientActor, type: string, permission: "c" | "r" | "s" | "u") {
  if (!allows(client.scopes, type, permission)) {
    throw new FhirError(403, "forbidden", `The token's scopes do not allow this (system/${type}.${permission}).`);
  }
}

export const CURSOR = "_cursor";

/** A token search value `system|code` or `code`: the code, or null when the system is not ours. */
export function tokenCode(value: string, system: string): string | null {
  const bar = value.indexOf("|");
  if (bar === -1) return value;
  return value.slice(0, bar) === "" || value.slice(0, bar) === system ? value.slice(bar + 1) : null;
}

const DATE_PREFIXES = ["eq", "ge", "gt", "le", "lt"] as const;
const DATE_VALUE =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})?)?)?)?$/;

/**
 * A date search value (FHIR's `date` parameter type) as the span of time it matches: its prefix
 * (eq, the default, ge, gt, le or lt) applied to the value's implicit range at its precision
 * (2026 is the whole year, 2026-11-28 the day, ...T10:00:00Z the second, with milliseconds the
 * millisecond). A time without a zone is UTC (Accra's time, the server's). Anything else is a 400.
 */
export function dateSpan(name: string, raw: string): TimeSpan {
  const prefix = (DATE_PREFIXES as readonly string[]).includes(raw.slice(0, 2)) ? raw.slice(0, 2) : "eq";
  const value = /^[a-z]{2}/.test(raw) ? raw.slice(2) : raw;
  const match = value.match(DATE_VALUE);
  if (!match || (/^[a-z]{2}/.test(raw) && !(DATE_PREFIXES as readonly string[]).includes(raw.slice(0, 2)))) {
    throw new FhirError(
      400,
      "invalid",
      `${name}: give a date or time (2026-11-28, 2026-11-28T10:00:00Z) with eq, ge, gt, le or lt before it.`,
    );
  }
  const [, y, mo, d, h, mi, sec, frac, zone] = match;
  const year = Number(y);
  const month = mo ? Number(mo) - 1 : 0;
  const day = d ? Number(d) : 1;
  const offsetMinutes =
    zone && zone !== "Z"
      ? (zone.startsWith("-") ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4)))
      : 0;
  const ms = frac ? Number(frac.slice(0, 3).padEnd(3, "0")) : 0;
  const start = new Date(
    Date.UTC(year, month, day, h ? Number(h) : 0, mi ? Number(mi) : 0, sec ? Number(sec) : 0, ms) -
      offsetMinutes * 60_000,
  );
  const end = new Date(start);
  if (frac) end.setUTCMilliseconds(end.getUTCMilliseconds() + 1);
  else if (sec) end.setUTCSeconds(end.getUTCSeconds() + 1);
  else if (mi) end.setUTCMinutes(end.getUTCMinutes() + 1);
  else if (d) end.setUTCDate(end.getUTCDate() + 1);
  else if (mo) end.setUTCMonth(end.getUTCMonth() + 1);
  else end.setUTCFullYear(end.getUTCFullYear() + 1);
  const valid =
    month >= 0 &&
    month < 12 &&
    !Number.isNaN(start.getTime()) &&
    (!d || new Date(Date.UTC(year, month, day)).getUTCDate() === day) &&
    (!h || (Number(h) < 24 && Number(mi) < 60 && (!sec || Number(sec) < 60)));
  if (!valid) throw new FhirError(400, "invalid", `${name}: ${value} is not a date.`);
  switch (prefix) {
    case "ge":
      return { from: start };
    case "gt":
      return { from: end };
    case "le":
      return { until: end };
    case "lt":
      return { until: start };
    default:
      return { from: start, until: end };
  }
}

/** A reference search value `Type/id` or `id`: the id, or null when it names another type. */
export function referenceId(value: string, type: string): string | null {
  const slash = value.lastIndexOf("/");
  if (slash === -1) return value;
  return value.slice(0, slash).endsWith(type) ? value.slice(slash + 1) : null;
}

/**
 * The parameters of a search, each given at most once and each one the CapabilityStatement lists
 * (`known`); an unknown one is refused (400) rather than ignored. Values are comma-separated lists.
 */
export function searchParams(params: URLSearchParams, known: readonly string[]) {
  const allowed = new Set([...known, CURSOR, "_format"]);
  const seen = new Set<string>();
  for (const [name] of params) {
    if (!allowed.has(name)) throw new FhirError(400, "not-supported", `Search parameter ${name} is not supported.`);
    if (seen.has(name)) throw new FhirError(400, "not-supported", `Give ${name} once (values comma-separated).`);
    seen.add(name);
  }
  const format = params.get("_format");
  if (format !== null && !["json", "application/json", "application/fhir+json"].includes(format)) {
    throw new FhirError(406, "not-supported", "Only JSON is served (_format=json).");
  }
  return {
    values(name: string): string[] | null {
      const raw = params.get(name);
      return raw === null
        ? null
        : raw
            .split(",")
            .map((v) => v.trim())
            .filter(Boolean);
    },
    count(defaultCount: number, max: number): number {
      const raw = params.get("_count");
      if (raw === null) return defaultCount;
      const n = Number(raw);
      if (!Number.isInteger(n) || n < 1)
        throw new FhirError(400, "invalid", "_count must be a whole number of 1 or more.");
      return Math.min(n, max);
    },
    cursor: params.get(CURSOR),
  };
}

/** The search's parameters in a canonical order, `_count` as applied, for the Bundle's links. */
export function canonicalOf(params: URLSearchParams, count: number): string {
  const canonical = new URLSearchParams();
  for (const [name, value] of params) if (name !== CURSOR && name !== "_count") canonical.set(name, value);
  canonical.set("_count", String(count));
  return canonical.toString();
}

export function withCursor(canonical: string, id: string): string {
  const params = new URLSearchParams(canonical);
  params.set(CURSOR, id);
  return params.toString();
}

/** A JSON request body as an object (415 for another type, 400 for what is not a JSON object). */
export async function jsonBody(c: Context): Promise<Record<string, unknown>> {
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
  return body as Record<string, unknown>;
}

/** The weak ETag of a version, and when it last changed, as headers of a read. */
export function versionHeaders(resource: { meta: { versionId: string; lastUpdated: string } }) {
  return {
    ETag: `W/"${resource.meta.versionId}"`,
    "Last-Modified": new Date(resource.meta.lastUpdated).toUTCString(),
  };
}
