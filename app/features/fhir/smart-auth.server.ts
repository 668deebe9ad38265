import { hkdfSync, randomUUID } from "node:crypto";
import { lt, sql } from "drizzle-orm";
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, type JWTVerifyGetKey, jwtVerify, SignJWT } from "jose";
import type { ClientActor } from "~/auth/actor.server";
import type { Db } from "~/db/client.server";
import { API_CLIENT_SCOPES, apiClientAssertions } from "~/db/schema";
import {
  ASSERTION_ALGORITHMS,
  activeApiClient,
  type JwksFetchOptions,
  jwksUrlFrom,
  remoteJwks,
} from "./api-clients.server";

/*
 * SMART App Launch's Backend Services (decision 034): a registered client proves who it
 * is with a JWT signed by its private key (`private_key_jwt`) and gets an access token for at most
 * five minutes. The cryptography is jose's; this file decides what is accepted.
 */

/** How long an access token lives, and the longest an assertion may be valid for (SMART: five minutes). */
export const TOKEN_SECONDS = 300;
const ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";
const TOKEN_ALGORITHM = "HS256";

export type SmartConfig = {
  baseUrl: string;
  secret: string;
  /** How clients' JWKS addresses are fetched (jose's defaults-ish: 5 s, 30 s cooldown, 10 minutes' cache). */
  jwksFetch?: JwksFetchOptions;
};

/**
 * jose's remote key sets, one per address and per API (each keeps its own cache: the keys fetched,
 * when, and the cooldown before an unknown kid fetches again).
 */
const remoteSets = new WeakMap<SmartConfig, Map<string, JWTVerifyGetKey>>();

/** The keys an assertion is checked against: the registered JWKS, or the one at its address. */
function keysOf(client: { jwks: unknown; jwksUrl: string | null }, config: SmartConfig): JWTVerifyGetKey {
  if (client.jwksUrl === null) return createLocalJWKSet(client.jwks as never);
  let sets = remoteSets.get(config);
  if (!sets) {
    sets = new Map();
    remoteSets.set(config, sets);
  }
  let set = sets.get(client.jwksUrl);
  if (!set) {
    // Checked again here, not only at registration: without allowHttp an http address is never fetched.
    set = remoteJwks(jwksUrlFrom(client.jwksUrl, config.jwksFetch), config.jwksFetch);
    sets.set(client.jwksUrl, set);
  }
  return set;
}

/** The token endpoint's address: the audience every client assertion must name. */
export const tokenUrlOf = (baseUrl: string) => `${baseUrl}/fhir/auth/token`;

/** What /.well-known/smart-configuration says: where tokens come from, and how. */
export function smartConfiguration(baseUrl: string) {
  return {
    issuer: baseUrl,
    token_endpoint: tokenUrlOf(baseUrl),
    token_endpoint_auth_methods_supported: ["private_key_jwt"],
    token_endpoint_auth_signing_alg_values_supported: [...ASSERTION_ALGORITHMS],
    grant_types_supported: ["client_credentials"],
    scopes_supported: [...API_CLIENT_SCOPES],
    capabilities: ["client-confidential-asymmetric", "permission-v2"],
  };
}

/** An OAuth error answer (RFC 6749 section 5.2): its status and body. */
export type TokenAnswer =
  | { status: 200; body: { access_token: string; token_type: "bearer"; expires_in: number; scope: string } }
  | { status: 400 | 401; body: { error: string; error_description: string } };

const refuse = (status: 400 | 401, error: string, description: string): TokenAnswer => ({
  status,
  body: { error, error_description: description },
});

/** The key that signs access tokens, derived from AUTH_SECRET (no key of its own to keep). */
function signingKey(secret: string): Uint8Array {
  return new Uint8Array(hkdfSync("sha256", secret, "qurhealth-fhir", "access tokens", 32));
}

/** Whether a granted scope allows `permission` (c, r, u, d or s: SMART v2) on `type`. */
export function allows(scopes: readonly string[], type: string, permission: "c" | "r" | "u" | "d" | "s"): boolean {
  return scopes.some((scope) => {
    const match = scope.match(/^system\/([A-Za-z]+|\*)\.([cruds]+)$/);
    return !!match && (match[1] === "*" || match[1] === type) && match[2]!.includes(permission);
  });
}

/**
 * The token endpoint: `grant_type=client_credentials`, `client_assertion_type` jwt-bearer, the
 * signed `client_assertion` and the `scope` asked for. The assertion must be signed with one of
 * the client's registered keys (RS384 or ES384), name the client as `iss` and `sub`, the token
 * endpoint as `aud`, expire within five minutes, and carry a `jti` never used before by this
 * client. The token grants the scopes asked for that the client was registered with (all of them
 * when it asks for none: clients such as MedplumClient send no scope).
 */
export async function issueToken(db: Db, form: URLSearchParams, config: SmartConfig, now: Date): Promise<TokenAnswer> {
  if (form.get("grant_type") !== "client_credentials") {
    return refuse(400, "unsupported_grant_type", "Only grant_type=client_credentials is supported.");
  }
  if (form.get("client_assertion_type") !== ASSERTION_TYPE) {
    return refuse(400, "invalid_request", `client_assertion_type must be ${ASSERTION_TYPE}.`);
  }
  const assertion = form.get("client_assertion");
  const scope = form.get("scope");
  if (!assertion) return refuse(400, "invalid_request", "client_assertion is required.");

  let clientId: string;
  try {
    const header = decodeProtectedHeader(assertion);
    if (!(ASSERTION_ALGORITHMS as readonly string[]).includes(String(header.alg))) {
      return refuse(401, "invalid_client", "The assertion must be signed with RS384 or ES384.");
    }
    clientId = String(decodeJwt(assertion).iss ?? "");
  } catch {
    return refuse(401, "invalid_client", "The client assertion is not a JWT.");
  }
  const client = await activeApiClient(db, clientId);
  if (!client) return refuse(401, "invalid_client", "Unknown or revoked client.");

  let exp: number;
  let jti: string;
  try {
    const { payload } = await jwtVerify(assertion, keysOf(client, config), {
      algorithms: [...ASSERTION_ALGORITHMS],
      issuer: client.id,
      subject: client.id,
      audience: tokenUrlOf(config.baseUrl),
      requiredClaims: ["exp", "jti"],
      currentDate: now,
      clockTolerance: 30,
    });
    exp = payload.exp!;
    jti = String(payload.jti);
  } catch (error) {
    const reason = error instanceof Error ? error.message : "invalid";
    return refuse(401, "invalid_client", `The client assertion was refused: ${reason}.`);
  }
  if (exp * 1000 > now.getTime() + (TOKEN_SECONDS + 30) * 1000) {
    return refuse(401, "invalid_client", "The client assertion must expire within five minutes.");
  }
  // Used assertions are kept until they expire (then they are refused anyway): sweep those first.
  await db.delete(apiClientAssertions).where(lt(apiClientAssertions.expiresAt, sql`now() - interval '1 minute'`));
  const used = await db
    .insert(apiClientAssertions)
    .values({ clientId: client.id, jti, expiresAt: new Date(exp * 1000) })
    .onConflictDoNothing()
    .returning({ jti: apiClientAssertions.jti });
  if (used.length === 0) return refuse(401, "invalid_client", "This client assertion (its jti) was already used.");

  // No scope asked for: the client's registered scopes (RFC 6749 section 3.3 lets the server choose a default).
  const asked = scope === null ? client.scopes : scope.split(" ").filter(Boolean);
  const granted = asked.filter((s) => client.scopes.includes(s));
  if (granted.length === 0) {
    return refuse(400, "invalid_scope", `This client may ask for: ${client.scopes.join(" ")}.`);
  }
  const issuedAt = Math.floor(now.getTime() / 1000);
  const accessToken = await new SignJWT({ scope: granted.join(" ") })
    .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: "at+jwt" })
    .setIssuer(config.baseUrl)
    .setAudience(`${config.baseUrl}/fhir`)
    .setSubject(client.id)
    .setJti(randomUUID())
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + TOKEN_SECONDS)
    .sign(signingKey(config.secret));
  return {
    status: 200,
    body: { access_token: accessToken, token_type: "bearer", expires_in: TOKEN_SECONDS, scope: granted.join(" ") },
  };
}

/**
 * The client a request's bearer token stands for, or null: no token, a token this server did not
 * sign, an expired one, or one whose client has since been revoked. Its scopes are those granted
 * that the client still has.
 */
export async function clientOfToken(
  db: Db,
  authorization: string | undefined,
  config: SmartConfig,
  now: Date,
): Promise<ClientActor | null> {
  const token = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (!token) return null;
  let sub: string;
  let scope: string;
  try {
    const { payload } = await jwtVerify(token, signingKey(config.secret), {
      algorithms: [TOKEN_ALGORITHM],
      issuer: config.baseUrl,
      audience: `${config.baseUrl}/fhir`,
      typ: "at+jwt",
      currentDate: now,
    });
    sub = String(payload.sub);
    scope = String(payload.scope ?? "");
  } catch {
    return null;
  }
  const client = await activeApiClient(db, sub);
  if (!client) return null;
  return {
    kind: "client",
    id: client.id,
    name: client.name,
    facilityId: client.facilityId,
    scopes: scope.split(" ").filter((s) => client.scopes.includes(s)),
  };
}
