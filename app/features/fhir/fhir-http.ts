import type { Context } from "hono";
import type { ClientActor } from "~/auth/actor.server";
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
