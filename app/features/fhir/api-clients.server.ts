import { and, eq, isNull } from "drizzle-orm";
import { createRemoteJWKSet, importJWK, type JWK } from "jose";
import { z } from "zod";
import type { Db } from "../../db/client.server.ts";
import { API_CLIENT_SCOPES, type ApiClientScope, apiClients, facilities, type PublicJwks } from "../../db/schema.ts";

/*
 * The registry of the FHIR API's clients (decision 034): hospital systems, each with its public keys.
 * `npm run create-api-client` registers one from the shell (the admin screen will call the same
 * function). Loaded by plain Node, so this file and what it imports use relative imports with .ts
 * extensions.
 */

/** The signing algorithms SMART Backend Services requires servers to support. */
export const ASSERTION_ALGORITHMS = ["RS384", "ES384"] as const;

/** Members only a private (or symmetric) key has: a JWKS that carries one is refused. */
const PRIVATE_MEMBERS = ["d", "p", "q", "dp", "dq", "qi", "oth", "k"] as const;

/** What a facility's client gets unless told otherwise; the network's client only reads. */
const DEFAULT_SCOPES = {
  facility: ["system/*.rs", "system/Task.u", "system/Communication.c"],
  network: ["system/*.rs"],
} as const satisfies Record<string, readonly ApiClientScope[]>;

export class ApiClientInputError extends Error {}

const inputSchema = z.object({
  name: z.string().trim().min(1, "--name is required").max(200, "--name must be at most 200 characters"),
  facilitySlug: z.string().trim().min(1, "--facility must be a facility's slug").nullable(),
  scopes: z.array(z.string()).nullable(),
  jwks: z.unknown(),
  jwksUrl: z.string().trim().max(2000, "The JWKS address must be at most 2,000 characters").nullable(),
});

/**
 * How a JWKS address is fetched (jose's remote key set): how long one fetch may take, how soon an
 * unknown `kid` may fetch again (a rotated key), and how long keys are trusted before they are
 * fetched anew. `allowHttp` admits a plain-http address: for tests (a local server), never set in
 * production, where a key set fetched in clear could be swapped on the way.
 */
export type JwksFetchOptions = { allowHttp?: boolean; timeoutMs?: number; cooldownMs?: number; cacheMaxAgeMs?: number };

export const JWKS_FETCH_DEFAULTS = { timeoutMs: 5_000, cooldownMs: 30_000, cacheMaxAgeMs: 10 * 60_000 } as const;

/** A JWKS address as registered: absolute, https (http only when `allowHttp`), no credentials or fragment. */
export function jwksUrlFrom(value: string, options: Pick<JwksFetchOptions, "allowHttp"> = {}): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ApiClientInputError("The JWKS address is not a URL: give it as https://...");
  }
  const schemes = options.allowHttp ? ["https:", "http:"] : ["https:"];
  if (!schemes.includes(url.protocol)) throw new ApiClientInputError("The JWKS address must start with https://.");
  if (url.username || url.password || url.hash) {
    throw new ApiClientInputError("The JWKS address must not carry a user name, password or #fragment.");
  }
  return url;
}

/** jose's resolver of the keys at a JWKS address: fetched on first use, cached, refetched for an unknown kid. */
export function remoteJwks(url: URL, options: JwksFetchOptions = {}) {
  return createRemoteJWKSet(url, {
    timeoutDuration: options.timeoutMs ?? JWKS_FETCH_DEFAULTS.timeoutMs,
    cooldownDuration: options.cooldownMs ?? JWKS_FETCH_DEFAULTS.cooldownMs,
    cacheMaxAge: options.cacheMaxAgeMs ?? JWKS_FETCH_DEFAULTS.cacheMaxAgeMs,
    headers: { Accept: "application/jwk-set+json, application/json" },
  });
}

/**
 * The keys published at a JWKS address, fetched once at registration and checked as registered
 * keys are (public RS384/ES384 keys with a kid), so a wrong address or a private key is refused
 * before the hospital tries to connect.
 */
async function keysAt(url: URL, options: JwksFetchOptions): Promise<PublicJwks> {
  const set = remoteJwks(url, options);
  try {
    await set.reload();
  } catch (error) {
    throw new ApiClientInputError(
      `Could not fetch a JWKS from ${url.href}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return publicJwksFrom(set.jwks());
}

/** A public JWKS with at least one RS384 or ES384 key, each with a `kid`; private members refused. */
export async function publicJwksFrom(value: unknown): Promise<PublicJwks> {
  const keys = (value as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys) || keys.length === 0)
    throw new ApiClientInputError("The JWKS must have a non-empty keys array.");
  const kept: PublicJwks["keys"] = [];
  for (const [i, key] of keys.entries()) {
    if (typeof key !== "object" || key === null) throw new ApiClientInputError(`Key ${i + 1} is not a JSON object.`);
    const jwk = key as JWK;
    if (PRIVATE_MEMBERS.some((m) => m in jwk)) {
      throw new ApiClientInputError(`Key ${i + 1} is private or symmetric: register the public key only.`);
    }
    if (typeof jwk.kid !== "string" || jwk.kid.length === 0) throw new ApiClientInputError(`Key ${i + 1} has no kid.`);
    const alg = jwk.alg ?? (jwk.kty === "RSA" ? "RS384" : jwk.kty === "EC" ? "ES384" : undefined);
    if (!alg || !(ASSERTION_ALGORITHMS as readonly string[]).includes(alg)) {
      throw new ApiClientInputError(`Key ${i + 1} must be an RS384 (RSA) or ES384 (EC P-384) key.`);
    }
    try {
      await importJWK(jwk, alg);
    } catch (error) {
      throw new ApiClientInputError(
        `Key ${i + 1} is not a valid ${alg} key: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    kept.push(jwk as Record<string, unknown>);
  }
  return { keys: kept };
}

/**
 * Registers a client and returns its id (the `client_id` it signs its assertions with). A
 * facility's client (`facilitySlug`) may be granted any of API_CLIENT_SCOPES; the network's
 * only reads (`system/*.rs`). Refuses unknown scopes, an unknown or inactive facility and any
 * key that is not a public RS384/ES384 key with a kid (ApiClientInputError).
 */
export async function registerApiClient(
  db: Db,
  input: {
    name: string;
    /** The public keys themselves, or (`jwksUrl`) where they are published: exactly one. */
    jwks?: unknown;
    jwksUrl?: string | null;
    facilitySlug?: string | null;
    scopes?: string[] | null;
  },
  createdBy: string | null = null,
  fetchOptions: JwksFetchOptions = {},
): Promise<{ id: string; scopes: ApiClientScope[]; facilityId: string | null }> {
  const parsed = inputSchema.safeParse({
    name: input.name,
    facilitySlug: input.facilitySlug ?? null,
    scopes: input.scopes ?? null,
    jwks: input.jwks,
    jwksUrl: input.jwksUrl || null,
  });
  if (!parsed.success) throw new ApiClientInputError(parsed.error.issues.map((i) => i.message).join("\n"));
  const { name, facilitySlug } = parsed.data;
  let facilityId: string | null = null;
  if (facilitySlug) {
    const [facility] = await db
      .select({ id: facilities.id })
      .from(facilities)
      .where(and(eq(facilities.slug, facilitySlug), eq(facilities.isActive, true)))
      .limit(1);
    if (!facility) throw new ApiClientInputError(`No active facility has the slug "${facilitySlug}".`);
    facilityId = facility.id;
  }
  const scopes = checkedScopes(
    parsed.data.scopes ?? [...DEFAULT_SCOPES[facilityId ? "facility" : "network"]],
    facilityId,
  );
  const { jwksUrl } = parsed.data;
  if ((jwksUrl === null) === (parsed.data.jwks === undefined || parsed.data.jwks === null)) {
    throw new ApiClientInputError("Give the public keys (a JWKS) or the address they are published at, not both.");
  }
  let keys: { jwks: PublicJwks; jwksUrl: null } | { jwks: null; jwksUrl: string };
  if (jwksUrl !== null) {
    const url = jwksUrlFrom(jwksUrl, fetchOptions);
    await keysAt(url, fetchOptions);
    keys = { jwks: null, jwksUrl: url.href };
  } else {
    keys = { jwks: await publicJwksFrom(parsed.data.jwks), jwksUrl: null };
  }
  const [created] = await db
    .insert(apiClients)
    .values({ name, facilityId, scopes, ...keys, createdBy })
    .returning({ id: apiClients.id });
  return { id: created!.id, scopes, facilityId };
}

/**
 * Scopes a client may hold: known ones, at least one, and for the network's client (no facility)
 * reading only. Refused with ApiClientInputError; duplicates dropped, in API_CLIENT_SCOPES' order.
 */
export function checkedScopes(scopes: readonly string[], facilityId: string | null): ApiClientScope[] {
  const unknown = scopes.filter((s) => !(API_CLIENT_SCOPES as readonly string[]).includes(s));
  if (unknown.length > 0) {
    throw new ApiClientInputError(`Unknown scope ${unknown.join(", ")}: choose from ${API_CLIENT_SCOPES.join(", ")}.`);
  }
  if (scopes.length === 0) throw new ApiClientInputError("Give the client at least one scope.");
  if (!facilityId && scopes.some((s) => s !== "system/*.rs")) {
    throw new ApiClientInputError(
      "The network's client only reads (system/*.rs): choose a facility for updates and messages.",
    );
  }
  return API_CLIENT_SCOPES.filter((s) => scopes.includes(s));
}

/** A client that may get tokens and use them: registered and not revoked. */
export async function activeApiClient(db: Pick<Db, "select">, id: string) {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const [client] = await db
    .select({
      id: apiClients.id,
      name: apiClients.name,
      facilityId: apiClients.facilityId,
      scopes: apiClients.scopes,
      jwks: apiClients.jwks,
      jwksUrl: apiClients.jwksUrl,
    })
    .from(apiClients)
    .where(and(eq(apiClients.id, id), isNull(apiClients.revokedAt)))
    .limit(1);
  return client ?? null;
}
