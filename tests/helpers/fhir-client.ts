import { randomUUID } from "node:crypto";
import type { Resource } from "@medplum/fhirtypes";
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";
import { fhirProblems, resourcesIn } from "./fhir-validation";

/*
 * A hospital system as tests play it against the FHIR API: its key pair, the SMART Backend
 * Services assertion it signs, the token it gets, and a fetch that validates every FHIR resource
 * an answer carries against the R4 definitions (problems collected for the test to check).
 */

export type ClientKeys = { privateKey: CryptoKey; jwk: JWK };

export async function clientKeys(alg: "RS384" | "ES384"): Promise<ClientKeys> {
  const pair = await generateKeyPair(alg, { extractable: true });
  return { privateKey: pair.privateKey, jwk: { ...(await exportJWK(pair.publicKey)), kid: randomUUID(), alg } };
}

/** A client assertion valid for four minutes from `now`. */
export function clientAssertion(clientId: string, key: ClientKeys, tokenUrl: string, now = new Date()) {
  return new SignJWT({})
    .setProtectedHeader({ alg: key.jwk.alg!, kid: key.jwk.kid, typ: "JWT" })
    .setIssuer(clientId)
    .setSubject(clientId)
    .setAudience(tokenUrl)
    .setJti(randomUUID())
    .setExpirationTime(Math.floor(now.getTime() / 1000) + 240)
    .sign(key.privateKey);
}

export type Invalid = { url: string; resource: string; problems: unknown };

/** `fetch` that validates every FHIR JSON answer's resources, pushing problems onto `invalid`. */
export function validatingFetch(fetcher: (request: Request) => Promise<Response> | Response, invalid: Invalid[]) {
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const response = await fetcher(request);
    if ((response.headers.get("content-type") ?? "").startsWith("application/fhir+json")) {
      const body = (await response.clone().json()) as Resource;
      for (const resource of resourcesIn(body)) {
        const problems = fhirProblems(resource);
        if (problems.length > 0) invalid.push({ url: request.url, resource: resource.resourceType, problems });
      }
    }
    return response;
  };
}

/** A token for the client: its assertion posted to the token endpoint. */
export async function fetchToken(
  fetcher: (input: string, init?: RequestInit) => Promise<Response>,
  tokenUrl: string,
  client: { id: string; key: ClientKeys },
  now = new Date(),
): Promise<string> {
  const response = await fetcher(tokenUrl, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "client_credentials",
      client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
      client_assertion: await clientAssertion(client.id, client.key, tokenUrl, now),
    }),
  });
  if (response.status !== 200) throw new Error(`token: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}
