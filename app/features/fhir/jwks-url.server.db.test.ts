import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { exportJWK } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClients } from "~/db/schema";
import { transitionReferral } from "~/features/referrals/referral-transitions.server";
import { postMessage } from "~/features/referrals/workspace-messages.server";
import { insertFacility } from "../../../tests/helpers/domain";
import { type ClientKeys, clientAssertion, clientKeys } from "../../../tests/helpers/fhir-client";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { ApiClientInputError, registerApiClient } from "./api-clients.server";
import { type FhirApiOptions, fhirApi } from "./fhir-api.server";

/*
 * Clients registered by the address of their JWKS (decision 047): the keys are fetched with jose's
 * remote key set (a timeout, a cache, a refetch for an unknown kid), from a local HTTP server
 * here (no network). Plain http is admitted only by the explicit `allowHttp` these tests pass.
 */

const BASE = "http://localhost:3000";
const TOKEN_URL = `${BASE}/fhir/auth/token`;
const SECRET = "test-secret-test-secret-test-secret-0123456789";

let h: TestDatabase;
let server: Server;
let origin: string;
/** What the JWKS server answers: the keys it publishes, or a hang (never answers). */
let published: { keys: unknown[] } | "hang" = { keys: [] };
let fetches = 0;

function api(jwksFetch: FhirApiOptions["jwksFetch"]) {
  return new Hono().route(
    "/fhir",
    fhirApi({ db: async () => h.db, baseUrl: BASE, secret: SECRET, jwksFetch, transitionReferral, postMessage }),
  );
}

async function askToken(app: Hono, clientId: string, key: ClientKeys) {
  const response = await app.fetch(
    new Request(TOKEN_URL, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
        client_assertion: await clientAssertion(clientId, key, TOKEN_URL),
      }),
    }),
  );
  return {
    status: response.status,
    body: (await response.json()) as { access_token?: string; error_description?: string },
  };
}

beforeAll(async () => {
  h = await createTestDb({ workers: false });
  await insertFacility(h.db, "alpha-hospital", "Alpha Hospital");
  server = createServer((request, response) => {
    if (request.url === "/private.json") {
      response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(privateSet));
      return;
    }
    if (request.url !== "/jwks.json") {
      response.writeHead(404).end();
      return;
    }
    fetches += 1;
    if (published === "hang") return; // the fetch's own timeout must end it
    response.writeHead(200, { "Content-Type": "application/jwk-set+json" }).end(JSON.stringify(published));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

let privateSet: unknown;

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await h?.drop();
});

describe("clients registered by their JWKS address", () => {
  it("refuses a plain-http address unless told, a missing set, a private key, and both or neither of keys and address", async () => {
    const key = await clientKeys("ES384");
    published = { keys: [key.jwk] };
    const pair = await clientKeys("RS384");
    privateSet = { keys: [{ ...(await exportJWK(pair.privateKey)), kid: "p1", alg: "RS384" }] };
    const before = (await h.db.select().from(apiClients)).length;
    const refused = async (input: Parameters<typeof registerApiClient>[1], allowHttp = true) => {
      const error = await registerApiClient(h.db, input, null, { allowHttp, timeoutMs: 1_000 }).catch((e) => e);
      expect(error, JSON.stringify(input)).toBeInstanceOf(ApiClientInputError);
      return (error as Error).message;
    };
    expect(await refused({ name: "EMR", jwksUrl: `${origin}/jwks.json` }, false)).toMatch(/https/);
    expect(await refused({ name: "EMR", jwksUrl: "ftp://example.test/jwks.json" })).toMatch(/https/);
    expect(await refused({ name: "EMR", jwksUrl: "not a url" })).toMatch(/not a URL/);
    expect(await refused({ name: "EMR", jwksUrl: `${origin}/missing.json` })).toMatch(/Could not fetch/);
    expect(await refused({ name: "EMR", jwksUrl: `${origin}/private.json` })).toMatch(/private/);
    expect(await refused({ name: "EMR", jwksUrl: `${origin}/jwks.json`, jwks: { keys: [key.jwk] } })).toMatch(
      /not both/,
    );
    expect(await refused({ name: "EMR" })).toMatch(/not both/);
    expect((await h.db.select().from(apiClients)).length).toBe(before);
  });

  it("fetches the keys once, caches them, and fetches again for a rotated key", async () => {
    const first = await clientKeys("ES384");
    published = { keys: [first.jwk] };
    const { id } = await registerApiClient(
      h.db,
      { name: "Alpha EMR", jwksUrl: `${origin}/jwks.json`, facilitySlug: "alpha-hospital" },
      null,
      { allowHttp: true },
    );
    const [row] = await h.db.select().from(apiClients).where(eq(apiClients.id, id));
    expect(row).toMatchObject({ jwks: null, jwksUrl: `${origin}/jwks.json` });

    const app = api({ allowHttp: true, cooldownMs: 0 });
    fetches = 0;
    expect((await askToken(app, id, first)).status).toBe(200);
    expect((await askToken(app, id, first)).status).toBe(200);
    expect(fetches).toBe(1);
    // The hospital rotates: a new key published at the same address is fetched when first used.
    const second = await clientKeys("RS384");
    published = { keys: [first.jwk, second.jwk] };
    expect((await askToken(app, id, second)).status).toBe(200);
    expect(fetches).toBe(2);
    // A key it never published is refused (after one more look).
    const stranger = await clientKeys("ES384");
    expect((await askToken(app, id, { ...stranger, jwk: { ...stranger.jwk, kid: first.jwk.kid } })).status).toBe(401);
    // Without allowHttp (production) the http address is never fetched: the assertion is refused.
    fetches = 0;
    const strict = await askToken(api(undefined), id, first);
    expect(strict).toMatchObject({ status: 401, body: { error_description: expect.stringMatching(/https/) } });
    expect(fetches).toBe(0);
  });

  it("gives up on a JWKS address that does not answer within the timeout (401), and recovers when it does", async () => {
    const key = await clientKeys("ES384");
    published = { keys: [key.jwk] };
    const { id } = await registerApiClient(h.db, { name: "Slow EMR", jwksUrl: `${origin}/jwks.json` }, null, {
      allowHttp: true,
    });
    published = "hang";
    const app = api({ allowHttp: true, timeoutMs: 200, cooldownMs: 0 });
    const started = Date.now();
    const slow = await askToken(app, id, key);
    expect(slow.status).toBe(401);
    expect(slow.body.error_description).toMatch(/timed out/i);
    expect(Date.now() - started).toBeLessThan(5_000);
    published = { keys: [key.jwk] };
    expect((await askToken(app, id, key)).status).toBe(200);
  });
});
