import { and, eq, isNull } from "drizzle-orm";
import { importJWK, type JWK } from "jose";
import { z } from "zod";
import type { Db } from "../../db/client.server.ts";
import { API_CLIENT_SCOPES, type ApiClientScope, apiClients, facilities, type PublicJwks } from "../../db/schema.ts";

/*
 * The registry of the FHIR API's clients (issue 36): hospital systems, each with its public keys.
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
});

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
  input: { name: string; jwks: unknown; facilitySlug?: string | null; scopes?: string[] | null },
  createdBy: string | null = null,
): Promise<{ id: string; scopes: ApiClientScope[]; facilityId: string | null }> {
  const parsed = inputSchema.safeParse({
    name: input.name,
    facilitySlug: input.facilitySlug ?? null,
    scopes: input.scopes ?? null,
    jwks: input.jwks,
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
  const scopes = parsed.data.scopes ?? [...DEFAULT_SCOPES[facilityId ? "facility" : "network"]];
  const unknown = scopes.filter((s) => !(API_CLIENT_SCOPES as readonly string[]).includes(s));
  if (unknown.length > 0) {
    throw new ApiClientInputError(`Unknown scope ${unknown.join(", ")}: choose from ${API_CLIENT_SCOPES.join(", ")}.`);
  }
  if (scopes.length === 0) throw new ApiClientInputError("Give the client at least one scope.");
  if (!facilityId && scopes.some((s) => s !== "system/*.rs")) {
    throw new ApiClientInputError("The network's client only reads (system/*.rs): give --facility for writes.");
  }
  const jwks = await publicJwksFrom(parsed.data.jwks);
  const [created] = await db
    .insert(apiClients)
    .values({ name, facilityId, scopes: [...new Set(scopes)], jwks, createdBy })
    .returning({ id: apiClients.id });
  return { id: created!.id, scopes: scopes as ApiClientScope[], facilityId };
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
    })
    .from(apiClients)
    .where(and(eq(apiClients.id, id), isNull(apiClients.revokedAt)))
    .limit(1);
  return client ?? null;
}
