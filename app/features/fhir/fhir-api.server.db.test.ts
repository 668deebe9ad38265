import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { MedplumClient, OperationOutcomeError } from "@medplum/core";
import type { Resource, Task } from "@medplum/fhirtypes";
import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type Actor, actorById } from "~/auth/actor.server";
import { apiClients, auditEvents, paymentRecords, referrals } from "~/db/schema";
import { auditFiltersFrom, listAuditLog } from "~/features/audit/audit-log.server";
import { createReferral } from "~/features/referrals/referral-create.server";
import { transitionReferral } from "~/features/referrals/referral-transitions.server";
import { postMessage } from "~/features/referrals/workspace-messages.server";
import { createAccount } from "../../../tests/helpers/accounts";
import { insertFacility } from "../../../tests/helpers/domain";
import { fhirProblems, resourcesIn } from "../../../tests/helpers/fhir-validation";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { ApiClientInputError, registerApiClient } from "./api-clients.server";
import { fhirApi, MAX_COUNT } from "./fhir-api.server";
import { BSER_BUSINESS_STATUS } from "./fhir-resources";
import { TOKEN_SECONDS } from "./smart-auth.server";

/*
 * The FHIR API (decision 034) in process: the Hono app the server mounts at /fhir, on a fresh
 * database, called through `fetch` by MedplumClient (a FHIR client written by others) and by hand.
 * Every FHIR resource any response carries is validated against the R4 definitions, required
 * code bindings included (tests/helpers/fhir-validation.ts).
 */

const BASE = "http://localhost:3000";
const TOKEN_URL = `${BASE}/fhir/auth/token`;
const SECRET = "test-secret-test-secret-test-secret-0123456789";
vi.stubEnv("AUTH_SECRET", SECRET);
vi.stubEnv("APP_URL", BASE);
vi.stubEnv("DATA_DIR", mkdtempSync(path.join(tmpdir(), "fhir-api-")));

let h: TestDatabase;
/** The server's clock (tests move it to expire tokens). */
let clock = new Date();
const app = new Hono().route(
  "/fhir",
  fhirApi({ db: async () => h.db, baseUrl: BASE, secret: SECRET, now: () => clock, transitionReferral, postMessage }),
);

/** Problems found in the resources of every FHIR response so far (checked after each test). */
const invalid: Array<{ url: string; resource: string; problems: unknown }> = [];

/** The app, as fetch: every FHIR JSON answer's resources validated on the way back. */
async function appFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const request = input instanceof Request ? input : new Request(input, init);
  const response = await app.fetch(request);
  if ((response.headers.get("content-type") ?? "").startsWith("application/fhir+json")) {
    const body = (await response.clone().json()) as Resource;
    for (const resource of resourcesIn(body)) {
      const problems = fhirProblems(resource);
      if (problems.length > 0) invalid.push({ url: request.url, resource: resource.resourceType, problems });
    }
  }
  return response;
}

afterEach(() => {
  expect(invalid).toEqual([]);
});

type Keys = { privateKey: CryptoKey; jwk: JWK };
async function keys(alg: "RS384" | "ES384", kid: string = randomUUID()): Promise<Keys> {
  const pair = await generateKeyPair(alg, { extractable: true });
  return { privateKey: pair.privateKey, jwk: { ...(await exportJWK(pair.publicKey)), kid, alg } };
}

/** A client assertion (SMART Backend Services), by default valid for four minutes. */
async function assertion(
  clientId: string,
  key: Keys,
  options: { alg?: string; aud?: string; expiresIn?: number; jti?: string } = {},
): Promise<string> {
  const now = Math.floor(clock.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: options.alg ?? key.jwk.alg!, kid: key.jwk.kid, typ: "JWT" })
    .setIssuer(clientId)
    .setSubject(clientId)
    .setAudience(options.aud ?? TOKEN_URL)
    .setJti(options.jti ?? randomUUID())
    .setExpirationTime(now + (options.expiresIn ?? 240))
    .sign(key.privateKey);
}

function tokenRequest(jwt: string, scope: string | null = "system/*.rs system/Task.u") {
  const form = new URLSearchParams({
    grant_type: "client_credentials",
    client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
    client_assertion: jwt,
  });
  if (scope !== null) form.set("scope", scope);
  return appFetch(TOKEN_URL, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: form,
  });
}

async function tokenFor(client: { id: string; key: Keys }, scope?: string | null): Promise<string> {
  const response = await tokenRequest(await assertion(client.id, client.key), scope);
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

function get(pathAndQuery: string, token?: string) {
  return appFetch(`${BASE}${pathAndQuery}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
}

function put(task: unknown, token: string, ifMatch?: string, id = (task as { id: string }).id) {
  return appFetch(`${BASE}/fhir/Task/${id}`, {
    method: "PUT",
    headers: {
      Authorization: `Bearer ${token}`,
      "Content-Type": "application/fhir+json",
      ...(ifMatch ? { "If-Match": ifMatch } : {}),
    },
    body: JSON.stringify(task),
  });
}

function medplumWith(token: string): MedplumClient {
  const medplum = new MedplumClient({
    baseUrl: BASE,
    fhirUrlPath: "fhir",
    tokenUrl: TOKEN_URL,
    fetch: appFetch,
    cacheTime: 0,
    autoBatchTime: 0,
  });
  medplum.setAccessToken(token);
  return medplum;
}

let facilityA: string;
let facilityB: string;
let doctor: Actor;
const clients = {} as Record<"a" | "b" | "network", { id: string; key: Keys }>;
/** Referrals to facility A, oldest first. */
const made: Array<{ id: string; number: string }> = [];

async function newReferral(facility = facilityA, urgency = "urgent") {
  const created = await createReferral(h.db, doctor, {
    facility_id: facility,
    patient_name: "Ama Mensah",
    patient_phone: "024 123 4567",
    chief_complaint: "Persistent chest pain on exertion",
    urgency_level: urgency,
  });
  return { id: created.id, number: created.referralNumber };
}

beforeAll(async () => {
  h = await createTestDb({ workers: false });
  facilityA = await insertFacility(h.db, "alpha-hospital", "Alpha Hospital");
  facilityB = await insertFacility(h.db, "beta-clinic", "Beta Clinic");
  doctor = await actorById(h.db, (await createAccount(h.db, { role: "doctor", approved: true })).id);
  for (const [name, slug, alg] of [
    ["a", "alpha-hospital", "RS384"],
    ["b", "beta-clinic", "ES384"],
    ["network", null, "ES384"],
  ] as const) {
    const key = await keys(alg);
    const { id } = await registerApiClient(h.db, {
      name: `System ${name}`,
      jwks: { keys: [key.jwk] },
      facilitySlug: slug,
    });
    clients[name] = { id, key };
  }
  for (let i = 0; i < 25; i++) made.push(await newReferral(facilityA, i % 3 === 0 ? "emergency" : "routine"));
  await newReferral(facilityB);
});

afterAll(async () => {
  await h?.drop();
});

describe("the client registry", () => {
  it("gives a facility's client read and Task update, the network's only read", async () => {
    const [a] = await h.db.select().from(apiClients).where(eq(apiClients.id, clients.a.id));
    const [network] = await h.db.select().from(apiClients).where(eq(apiClients.id, clients.network.id));
    expect(a).toMatchObject({
      facilityId: facilityA,
      scopes: ["system/*.rs", "system/Task.u", "system/Communication.c"],
      revokedAt: null,
    });
    expect(network).toMatchObject({ facilityId: null, scopes: ["system/*.rs"] });
  });

  it("refuses private keys, keys without a kid or of another algorithm, unknown scopes and facilities, and network writes", async () => {
    const rsa = await keys("RS384");
    const privateJwk = { ...(await exportJWK(rsa.privateKey)), kid: "k1", alg: "RS384" };
    const rs256 = { ...rsa.jwk, alg: "RS256" };
    const { kid: _kid, ...noKid } = rsa.jwk;
    const refusals = [
      { name: "x", jwks: { keys: [privateJwk] } },
      { name: "x", jwks: { keys: [noKid] } },
      { name: "x", jwks: { keys: [rs256] } },
      { name: "x", jwks: { keys: [] } },
      { name: "x", jwks: "not a jwks" },
      { name: "", jwks: { keys: [rsa.jwk] } },
      { name: "x", jwks: { keys: [rsa.jwk] }, facilitySlug: "no-such-facility" },
      { name: "x", jwks: { keys: [rsa.jwk] }, facilitySlug: "alpha-hospital", scopes: ["system/*.cruds"] },
      { name: "x", jwks: { keys: [rsa.jwk] }, scopes: ["system/*.rs", "system/Task.u"] },
    ];
    for (const input of refusals) {
      await expect(registerApiClient(h.db, input), JSON.stringify(input).slice(0, 80)).rejects.toBeInstanceOf(
        ApiClientInputError,
      );
    }
  });
});

describe("SMART Backend Services tokens", () => {
  it("publishes the SMART configuration", async () => {
    const response = await get("/fhir/.well-known/smart-configuration");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      token_endpoint: TOKEN_URL,
      token_endpoint_auth_methods_supported: ["private_key_jwt"],
      token_endpoint_auth_signing_alg_values_supported: ["RS384", "ES384"],
      grant_types_supported: ["client_credentials"],
    });
  });

  it("issues a five-minute token for an RS384 or ES384 assertion, with the scopes asked for that the client has", async () => {
    for (const client of [clients.a, clients.b]) {
      const response = await tokenRequest(await assertion(client.id, client.key), "system/*.rs system/Patient.c");
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.json()).toMatchObject({
        token_type: "bearer",
        expires_in: TOKEN_SECONDS,
        scope: "system/*.rs",
      });
    }
    expect(TOKEN_SECONDS).toBeLessThanOrEqual(300);
  });

  it("never accepts an assertion twice (401), nor a forged, misaddressed, long-lived or HS256 one", async () => {
    const jwt = await assertion(clients.a.id, clients.a.key);
    expect((await tokenRequest(jwt)).status).toBe(200);
    const replay = await tokenRequest(jwt);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ error: "invalid_client" });

    const stranger = await keys("RS384", clients.a.key.jwk.kid as string);
    const hmac = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(clients.a.id)
      .setSubject(clients.a.id)
      .setAudience(TOKEN_URL)
      .setJti(randomUUID())
      .setExpirationTime("4m")
      .sign(new TextEncoder().encode(SECRET));
    for (const bad of [
      await assertion(clients.a.id, stranger),
      await assertion(clients.a.id, clients.a.key, { aud: `${BASE}/somewhere-else` }),
      await assertion(clients.a.id, clients.a.key, { expiresIn: 3600 }),
      await assertion(clients.a.id, clients.a.key, { expiresIn: -120 }),
      await assertion(randomUUID(), clients.a.key),
      hmac,
      "not-a-jwt",
    ]) {
      expect((await tokenRequest(bad)).status).toBe(401);
    }
    expect((await tokenRequest(await assertion(clients.a.id, clients.a.key), "system/Patient.c")).status).toBe(400);
  });

  it("answers 401 without a token, with a forged or expired one, and once the client is revoked", async () => {
    const noToken = await get("/fhir/Task");
    expect(noToken.status).toBe(401);
    expect(noToken.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(await noToken.json()).toMatchObject({ resourceType: "OperationOutcome", issue: [{ code: "login" }] });
    expect((await get("/fhir/Task", "forged.token.here")).status).toBe(401);

    const token = await tokenFor(clients.b);
    expect((await get("/fhir/Task", token)).status).toBe(200);
    clock = new Date(clock.getTime() + (TOKEN_SECONDS + 1) * 1000);
    try {
      expect((await get("/fhir/Task", token)).status).toBe(401);
    } finally {
      clock = new Date();
    }

    const key = await keys("ES384");
    const { id } = await registerApiClient(h.db, { name: "Soon revoked", jwks: { keys: [key.jwk] } });
    const revokedToken = await tokenFor({ id, key });
    expect((await get("/fhir/ServiceRequest", revokedToken)).status).toBe(200);
    await h.db.update(apiClients).set({ revokedAt: new Date() }).where(eq(apiClients.id, id));
    expect((await get("/fhir/ServiceRequest", revokedToken)).status).toBe(401);
    expect((await tokenRequest(await assertion(id, key))).status).toBe(401);
  });

  it("lets MedplumClient sign in with its own assertion login", async () => {
    const medplum = new MedplumClient({ baseUrl: BASE, fhirUrlPath: "fhir", tokenUrl: TOKEN_URL, fetch: appFetch });
    await medplum.startJwtAssertionLogin(await assertion(clients.network.id, clients.network.key));
    const bundle = await medplum.search("ServiceRequest", { _count: "1" });
    expect(bundle.entry).toHaveLength(1);
  });
});

describe("metadata, reads and searches", () => {
  it("states its capabilities without a token: FHIR 4.0.1, SMART, and what each resource supports", async () => {
    const response = await get("/fhir/metadata");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/fhir\+json/);
    const statement = await response.json();
    expect(statement).toMatchObject({ resourceType: "CapabilityStatement", fhirVersion: "4.0.1", kind: "instance" });
    const types = statement.rest[0].resource.map((r: { type: string; interaction: Array<{ code: string }> }) => [
      r.type,
      r.interaction.map((i) => i.code),
    ]);
    expect(types).toEqual([
      ["ServiceRequest", ["read", "search-type"]],
      ["Task", ["read", "search-type", "update", "patch"]],
      ["Organization", ["read", "search-type"]],
      ["Location", ["read", "search-type"]],
      ["Practitioner", ["read"]],
      ["PractitionerRole", ["read"]],
      ["Patient", ["read"]],
      ["Communication", ["read", "search-type", "create"]],
      ["DocumentReference", ["read", "search-type"]],
      ["Binary", ["read"]],
      ["AuditEvent", ["read", "search-type"]],
    ]);
    // Every search parameter the API is required to offer is stated, with its type.
    const params = (type: string) =>
      Object.fromEntries(
        statement.rest[0].resource
          .find((r: { type: string }) => r.type === type)
          .searchParam.map((p: { name: string; type: string }) => [p.name, p.type]),
      );
    expect(params("Task")).toMatchObject({
      status: "token",
      "business-status": "token",
      owner: "reference",
      focus: "reference",
      modified: "date",
      _lastUpdated: "date",
    });
    expect(params("ServiceRequest")).toMatchObject({
      status: "token",
      requester: "reference",
      performer: "reference",
      identifier: "token",
      authored: "date",
    });
    expect(params("Organization")).toMatchObject({ name: "string", identifier: "token", "address-city": "string" });
  });

  it("reads a referral as its ServiceRequest and BSeR Task, with version and ETag", async () => {
    const token = await tokenFor(clients.a);
    const referral = made[0]!;
    const sr = await get(`/fhir/ServiceRequest/${referral.id}`, token);
    expect(sr.status).toBe(200);
    expect(sr.headers.get("etag")).toBe('W/"1"');
    expect(await sr.json()).toMatchObject({
      resourceType: "ServiceRequest",
      id: referral.id,
      meta: { versionId: "1" },
      identifier: [{ system: `${BASE}/fhir/sid/referral-number`, value: referral.number }],
      status: "active",
      intent: "order",
      priority: "stat",
      performer: [{ reference: `Organization/${facilityA}`, display: "Alpha Hospital" }],
      reasonCode: [{ text: "Persistent chest pain on exertion" }],
    });
    const task = await get(`/fhir/Task/${referral.id}`, token);
    expect(task.headers.get("etag")).toBe('W/"1"');
    expect(await task.json()).toMatchObject({
      resourceType: "Task",
      status: "requested",
      intent: "order",
      businessStatus: { coding: [{ system: BSER_BUSINESS_STATUS, code: "2.0" }] },
      focus: { reference: `ServiceRequest/${referral.id}` },
      owner: { reference: `Organization/${facilityA}` },
    });
  });

  it("shows a facility's client its own referrals only (another's is 404), the network's every one without clinical text", async () => {
    const other = await tokenFor(clients.b);
    const missing = await get(`/fhir/Task/${made[0]!.id}`, other);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ resourceType: "OperationOutcome", issue: [{ code: "not-found" }] });
    expect((await get(`/fhir/ServiceRequest/${made[0]!.id}`, other)).status).toBe(404);
    expect((await get("/fhir/Task/not-a-uuid", other)).status).toBe(404);
    const bundle = await (await get("/fhir/Task?_count=100", other)).json();
    expect(bundle.entry).toHaveLength(1);

    const network = await tokenFor(clients.network);
    const sr = await (await get(`/fhir/ServiceRequest/${made[0]!.id}`, network)).json();
    expect(sr.reasonCode).toBeUndefined();
    expect((await (await get("/fhir/Task?_count=100", network)).json()).entry).toHaveLength(26);
  });

  it("pages with MedplumClient through next links that hold while new referrals arrive", async () => {
    const medplum = medplumWith(await tokenFor(clients.a));
    const seen: string[] = [];
    let pages = 0;
    for await (const page of medplum.searchResourcePages("Task", { _count: "10" })) {
      pages += 1;
      seen.push(...page.map((t) => t.id as string));
      // A referral arriving between pages is newer than the first page: it never shifts the next ones.
      if (pages === 1) made.push(await newReferral());
    }
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(
      made
        .slice(0, 25)
        .map((m) => m.id)
        .reverse(),
    );
  });

  it("caps _count, searches by status, identifier, business-status, owner and focus, and refuses what it does not know", async () => {
    const token = await tokenFor(clients.a);
    const capped = await (await get("/fhir/ServiceRequest?_count=5000", token)).json();
    expect(capped.link.find((l: { relation: string }) => l.relation === "self").url).toContain(`_count=${MAX_COUNT}`);
    const byNumber = await (await get(`/fhir/ServiceRequest?identifier=${made[3]!.number}`, token)).json();
    expect(byNumber.entry.map((e: { resource: { id: string } }) => e.resource.id)).toEqual([made[3]!.id]);
    const withSystem = await (
      await get(
        `/fhir/Task?identifier=${encodeURIComponent(`${BASE}/fhir/sid/referral-number|${made[3]!.number}`)}`,
        token,
      )
    ).json();
    expect(withSystem.entry).toHaveLength(1);
    const focus = await (await get(`/fhir/Task?focus=ServiceRequest/${made[4]!.id}`, token)).json();
    expect(focus.entry.map((e: { resource: { id: string } }) => e.resource.id)).toEqual([made[4]!.id]);
    const requested = await (await get("/fhir/Task?status=requested&_count=100", token)).json();
    const created = await (
      await get(`/fhir/Task?business-status=${encodeURIComponent(`${BSER_BUSINESS_STATUS}|2.0`)}&_count=100`, token)
    ).json();
    expect(created.entry.length).toBe(requested.entry.length);
    expect((await (await get("/fhir/Task?status=completed", token)).json()).entry).toEqual([]);
    expect((await (await get(`/fhir/Task?owner=Organization/${facilityB}`, token)).json()).entry).toEqual([]);
    for (const bad of ["/fhir/Task?patient=x", "/fhir/Task?_count=0", "/fhir/Task?status=requested&status=accepted"]) {
      const response = await get(bad, token);
      expect(response.status, bad).toBe(400);
      expect((await response.json()).resourceType).toBe("OperationOutcome");
    }
    expect((await get("/fhir/Basic", token)).status).toBe(404);
    expect(
      (await appFetch(`${BASE}/fhir/Task`, { method: "POST", headers: { Authorization: `Bearer ${token}` } })).status,
    ).toBe(405);
  });

  it("searches Tasks by modified and _lastUpdated, ServiceRequests by authored and requester, with prefixes and ranges", async () => {
    const gamma = await insertFacility(h.db, "gamma-hospital", "Gamma Hospital");
    const key = await keys("ES384");
    const { id } = await registerApiClient(h.db, {
      name: "Gamma EMR",
      jwks: { keys: [key.jwk] },
      facilitySlug: "gamma-hospital",
    });
    const token = await tokenFor({ id, key }, null);
    const otherId = (await createAccount(h.db, { role: "doctor", approved: true })).id;
    const other = await actorById(h.db, otherId);
    const doctorId = (doctor as { id: string }).id;
    const make = async (by: Actor) =>
      (
        await createReferral(h.db, by, {
          facility_id: gamma,
          patient_name: "Kofi Boateng",
          patient_phone: "024 765 4321",
          chief_complaint: "Knee pain",
          urgency_level: "routine",
        })
      ).id;
    // Made on 10 January at 08:00:00 (one of them by another doctor), 08:00:01 and 9 February;
    // the first accepted on 1 March at noon.
    const [jan, janLater, feb] = [await make(doctor), await make(other), await make(doctor)];
    const at = (id: string, set: Partial<typeof referrals.$inferInsert>) =>
      h.db.update(referrals).set(set).where(eq(referrals.id, id));
    await at(jan, { createdAt: new Date("2026-01-10T08:00:00.000Z") });
    await at(janLater, { createdAt: new Date("2026-01-10T08:00:01.000Z") });
    await at(feb, { createdAt: new Date("2026-02-09T15:30:00.000Z") });
    await transitionReferral(
      h.db,
      { kind: "client", id, name: "Gamma EMR", facilityId: gamma, scopes: ["system/Task.u"] },
      jan,
      "accept",
    );
    await at(jan, { acceptedAt: new Date("2026-03-01T12:00:00.000Z") });

    const ids = async (query: string) => {
      const response = await get(query, token);
      expect(response.status, query).toBe(200);
      const bundle = await response.json();
      return (bundle.entry ?? []).map((e: { resource: { id: string } }) => e.resource.id).sort();
    };
    const sorted = (...list: string[]) => [...list].sort();
    const task = (q: string) => ids(`/fhir/Task?${q}`);
    const request = (q: string) => ids(`/fhir/ServiceRequest?${q}`);
    // Task.modified and _lastUpdated: the latest transition (the accepted one changed on 1 March).
    expect(await task("modified=ge2026-03-01")).toEqual([jan]);
    expect(await task("_lastUpdated=ge2026-03-01")).toEqual([jan]);
    expect(await task("modified=lt2026-03")).toEqual(sorted(janLater, feb));
    expect(await task("modified=2026-01-10")).toEqual([janLater]);
    expect(await task("_lastUpdated=eq2026-02")).toEqual([feb]);
    expect(await task("_lastUpdated=2026")).toEqual(sorted(jan, janLater, feb));
    expect(await task("_lastUpdated=lt2026")).toEqual([]);
    // Precision: gt a second is after that whole second; le it includes it; a zone is honoured.
    expect(await task(`_lastUpdated=${encodeURIComponent("gt2026-01-10T08:00:00Z")}&_lastUpdated=lt2026-02`)).toEqual([
      janLater,
    ]);
    expect(await task(`_lastUpdated=${encodeURIComponent("le2026-01-10T08:00:01Z")}`)).toEqual([janLater]);
    expect(await task(`_lastUpdated=${encodeURIComponent("eq2026-01-10T09:00:01+01:00")}`)).toEqual([janLater]);
    expect(
      await task(`_lastUpdated=${encodeURIComponent("gt2026-01-10T08:00:00.999Z")}&modified=lt2026-01-11`),
    ).toEqual([janLater]);
    // Commas: either value; repeated: both.
    expect(await task("modified=2026-02-09,ge2026-03-01")).toEqual(sorted(jan, feb));
    expect(await task("modified=ge2026-01&modified=lt2026-02-10&status=requested")).toEqual(sorted(janLater, feb));
    // ServiceRequest.authored is when the referral was made (the acceptance does not move it).
    expect(await request("authored=2026-01-10")).toEqual(sorted(jan, janLater));
    expect(await request("authored=ge2026-01-10T08:00:01Z&authored=lt2026-02-09T15:30:00Z")).toEqual([janLater]);
    expect(await request("_lastUpdated=ge2026-03-01T12:00:00.000Z")).toEqual([jan]);
    expect(await request(`requester=Practitioner/${otherId}`)).toEqual([janLater]);
    expect(await request(`requester=${doctorId}&authored=ge2026-02`)).toEqual([feb]);
    expect(await request("requester=Organization/x")).toEqual([]);
    // Another facility's referrals stay out of every answer.
    expect(await request(`requester=Practitioner/${doctorId}&authored=le2026-12`)).toEqual(sorted(jan, feb));

    // Paging by a range: the next link keeps both ends, and a referral made meanwhile does not shift it.
    const first = await (await get("/fhir/Task?_lastUpdated=ge2026-01&_lastUpdated=lt2027&_count=2", token)).json();
    const next = first.link.find((l: { relation: string }) => l.relation === "next").url as string;
    expect(new URL(next).searchParams.getAll("_lastUpdated")).toEqual(["ge2026-01", "lt2027"]);
    const late = await make(doctor);
    await at(late, { createdAt: new Date("2026-06-01T00:00:00.000Z") });
    const second = await (await get(next.slice(BASE.length), token)).json();
    // Newest first by when each was made; the June referral is newer than the first page, so not on the second.
    expect([...first.entry, ...second.entry].map((e: { resource: { id: string } }) => e.resource.id)).toEqual([
      feb,
      janLater,
      jan,
    ]);
    expect(second.link.some((l: { relation: string }) => l.relation === "next")).toBe(false);

    for (const bad of [
      "/fhir/Task?modified=sa2026-01-01",
      "/fhir/Task?modified=2026-13-01",
      "/fhir/Task?_lastUpdated=2026-02-30",
      "/fhir/Task?_lastUpdated=yesterday",
      "/fhir/Task?modified=ge2026-01-01T25:00:00Z",
      "/fhir/Task?authored=2026",
      "/fhir/ServiceRequest?modified=2026",
      "/fhir/ServiceRequest?requester=a&requester=b",
    ]) {
      const response = await get(bad, token);
      expect(response.status, bad).toBe(400);
      expect((await response.json()).resourceType).toBe("OperationOutcome");
    }
  });

  it("refuses a token without the scope (403)", async () => {
    const token = await tokenFor(clients.a, "system/Task.u");
    const response = await get("/fhir/Task", token);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ issue: [{ code: "forbidden" }] });
  });
});

describe("accepting, rejecting and completing by updating the Task", () => {
  it("accepts with MedplumClient through the referrals' own transition (audited as the client); a stale version is 412", async () => {
    const referral = await newReferral();
    const medplum = medplumWith(await tokenFor(clients.a));
    const task = await medplum.readResource("Task", referral.id);
    const accepted = await medplum.updateResource<Task>(
      { ...task, status: "accepted" },
      { headers: { "If-Match": `W/"${task.meta?.versionId}"` } },
    );
    expect(accepted).toMatchObject({
      status: "accepted",
      meta: { versionId: "2" },
      businessStatus: { coding: [{ code: "3.0" }] },
    });
    const [row] = await h.db.select({ status: referrals.status }).from(referrals).where(eq(referrals.id, referral.id));
    expect(row?.status).toBe("accepted");
    const [audit] = await h.db
      .select({ actorId: auditEvents.actorId, apiClientId: auditEvents.apiClientId })
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, referral.id), eq(auditEvents.action, "referral.accepted")));
    expect(audit).toEqual({ actorId: null, apiClientId: clients.a.id });
    // The audit log names the hospital system.
    const systemAdmin = await actorById(h.db, (await createAccount(h.db, { role: "system_admin", approved: true })).id);
    const log = await listAuditLog(
      h.db,
      systemAdmin,
      auditFiltersFrom(new URLSearchParams(`referral=${referral.number}`)),
    );
    expect(log.rows.find((r) => r.action === "referral.accepted")).toMatchObject({
      actor: null,
      apiClient: { name: "System a" },
    });

    // The version read before the acceptance is gone.
    const stale = medplum.updateResource<Task>({ ...task, status: "rejected" }, { headers: { "If-Match": 'W/"1"' } });
    await expect(stale).rejects.toBeInstanceOf(OperationOutcomeError);
    await expect(stale).rejects.toMatchObject({ outcome: { issue: [{ code: "conflict" }] } });
    const raw = await put({ ...task, status: "rejected" }, await tokenFor(clients.a), 'W/"1"');
    expect(raw.status).toBe(412);
  });

  it("refuses a transition the status table forbids (422) with MedplumClient and by hand", async () => {
    const referral = await newReferral();
    const medplum = medplumWith(await tokenFor(clients.a));
    const task = await medplum.readResource("Task", referral.id);
    const skip = medplum.updateResource<Task>({ ...task, status: "completed" }, { headers: { "If-Match": 'W/"1"' } });
    await expect(skip).rejects.toMatchObject({ outcome: { issue: [{ code: "processing" }] } });
    const token = await tokenFor(clients.a);
    for (const status of ["completed", "in-progress", "bogus", undefined]) {
      const response = await put({ ...task, status }, token, 'W/"1"');
      expect(response.status, String(status)).toBe(422);
      expect(await response.json()).toMatchObject({ resourceType: "OperationOutcome" });
    }
    // Cancelling is the referring doctor's, never the facility's.
    expect((await put({ ...task, status: "cancelled" }, token, 'W/"1"')).status).toBe(403);
    const [row] = await h.db.select({ status: referrals.status }).from(referrals).where(eq(referrals.id, referral.id));
    expect(row?.status).toBe("pending");
  });

  it("rejects with a reason, completes with an outcome note (the ledger's payment too), as the web page's rules say", async () => {
    const token = await tokenFor(clients.a);
    const toReject = await newReferral();
    const pending = await (await get(`/fhir/Task/${toReject.id}`, token)).json();
    const noReason = await put({ ...pending, status: "rejected" }, token, 'W/"1"');
    expect(noReason.status).toBe(422);
    expect(await noReason.json()).toMatchObject({ issue: [{ code: "required" }] });
    const rejected = await put(
      { ...pending, status: "rejected", statusReason: { text: "No cardiologist this month" } },
      token,
      'W/"1"',
    );
    expect(rejected.status).toBe(200);
    expect(rejected.headers.get("etag")).toBe('W/"2"');
    expect(await rejected.json()).toMatchObject({
      status: "rejected",
      statusReason: { text: "No cardiologist this month" },
      businessStatus: { coding: [{ code: "4.0" }] },
    });
    const sr = await (await get(`/fhir/ServiceRequest/${toReject.id}`, token)).json();
    expect(sr).toMatchObject({ status: "revoked", meta: { versionId: "2" } });

    const toComplete = await newReferral();
    const fresh = await (await get(`/fhir/Task/${toComplete.id}`, token)).json();
    const accepted = await (await put({ ...fresh, status: "accepted" }, token, 'W/"1"')).json();
    // The same status again changes nothing: the Task as it is.
    expect((await put(accepted, token, 'W/"2"')).status).toBe(200);
    const completed = await put(
      {
        ...accepted,
        status: "completed",
        output: [{ type: { text: "Outcome note" }, valueString: "Stress test normal." }],
      },
      token,
      'W/"2"',
    );
    expect(completed.status).toBe(200);
    expect(await completed.json()).toMatchObject({
      status: "completed",
      meta: { versionId: "3" },
      businessStatus: { coding: [{ code: "7.0" }] },
      output: [{ valueString: "Stress test normal." }],
    });
    const payments = await h.db.select().from(paymentRecords).where(eq(paymentRecords.referralId, toComplete.id));
    expect(payments).toHaveLength(1);
  });

  it("lets neither the network's client (403) nor another facility's (404) update, and wants If-Match (428)", async () => {
    const referral = await newReferral();
    const own = await tokenFor(clients.a);
    const task = await (await get(`/fhir/Task/${referral.id}`, own)).json();
    const network = await put({ ...task, status: "accepted" }, await tokenFor(clients.network), 'W/"1"');
    expect(network.status).toBe(403);
    expect(await network.json()).toMatchObject({ issue: [{ code: "forbidden" }] });
    expect((await put({ ...task, status: "accepted" }, await tokenFor(clients.b), 'W/"1"')).status).toBe(404);
    expect((await put({ ...task, status: "accepted" }, own)).status).toBe(428);
    expect((await put({ ...task, status: "accepted" }, own, 'W/"1"', made[0]!.id)).status).toBe(400);
    const readOnly = await tokenFor(clients.a, "system/*.rs");
    expect((await put({ ...task, status: "accepted" }, readOnly, 'W/"1"')).status).toBe(403);
  });
});

describe("the validation itself", () => {
  it("fails a Task whose status is not in its required value set, and passes the API's own", async () => {
    const token = await tokenFor(clients.a);
    const task = (await (await get(`/fhir/Task/${made[1]!.id}`, token)).json()) as Task;
    expect(fhirProblems(task)).toEqual([]);
    const bogus = fhirProblems({ ...task, status: "bogus" as Task["status"] });
    expect(bogus.map((p) => p.message).join("\n")).toMatch(/bogus/);
    expect(fhirProblems({ ...task, intent: undefined } as unknown as Task).length).toBeGreaterThan(0);
  });
});

// A doctor's cancellation through the web still shows through the API (one status table).
describe("the web and the API share one status table", () => {
  it("shows a cancellation by the doctor as a cancelled Task with its reason", async () => {
    const referral = await newReferral();
    await transitionReferral(h.db, doctor, referral.id, "cancel", { reason: "Patient moved to Kumasi" });
    const task = await (await get(`/fhir/Task/${referral.id}`, await tokenFor(clients.a))).json();
    expect(task).toMatchObject({
      status: "cancelled",
      statusReason: { text: "Patient moved to Kumasi" },
      businessStatus: { coding: [{ code: "6.0" }] },
    });
  });
});

/*
 * The FHIR API's authorization table (decision 034): every interaction x every kind of caller, with
 * the status the API must answer. The HTTP matrix (tests/adversarial/authorization-table.ts) is of people
 * signed in to the pages; hospital systems' clients are here.
 */
describe("the authorization table of the FHIR API", () => {
  const CALLERS = [
    "no token",
    "forged token",
    "expired token",
    "facility A",
    "facility B",
    "network",
    "A read-only",
  ] as const;
  type Caller = (typeof CALLERS)[number];
  const unauthenticated = { "no token": 401, "forged token": 401, "expired token": 401 } as const;
  type Row = {
    what: string;
    /** A fresh object for each caller, made before the call (and before the clock moves). */
    prepare?: () => Promise<Task>;
    call: (token: string | undefined, prepared?: Task) => Promise<Response>;
    expect: Record<Caller, number>;
  };

  it("answers every interaction for every caller as the table says", async () => {
    const tokens: Record<Caller, string | undefined> = {
      "no token": undefined,
      "forged token": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl",
      "expired token": await tokenFor(clients.a),
      "facility A": await tokenFor(clients.a),
      "facility B": await tokenFor(clients.b),
      network: await tokenFor(clients.network),
      "A read-only": await tokenFor(clients.a, "system/*.rs"),
    };
    const referral = made[0]!.id;
    const pendingTask = async () => {
      const { id } = await newReferral();
      return (await (await get(`/fhir/Task/${id}`, tokens["facility A"])).json()) as Task;
    };
    const rows: Row[] = [
      {
        what: "GET /fhir/metadata",
        call: (t) => get("/fhir/metadata", t),
        expect: {
          ...unauthenticated,
          "no token": 200,
          "forged token": 200,
          "expired token": 200,
          "facility A": 200,
          "facility B": 200,
          network: 200,
          "A read-only": 200,
        },
      },
      {
        what: "GET /fhir/Task (search)",
        call: (t) => get("/fhir/Task?_count=1", t),
        expect: { ...unauthenticated, "facility A": 200, "facility B": 200, network: 200, "A read-only": 200 },
      },
      {
        what: "GET /fhir/Task/{A's referral}",
        call: (t) => get(`/fhir/Task/${referral}`, t),
        expect: { ...unauthenticated, "facility A": 200, "facility B": 404, network: 200, "A read-only": 200 },
      },
      {
        what: "GET /fhir/ServiceRequest/{A's referral}",
        call: (t) => get(`/fhir/ServiceRequest/${referral}`, t),
        expect: { ...unauthenticated, "facility A": 200, "facility B": 404, network: 200, "A read-only": 200 },
      },
      {
        what: "GET /fhir/Task/{missing}",
        call: (t) => get(`/fhir/Task/${randomUUID()}`, t),
        expect: { ...unauthenticated, "facility A": 404, "facility B": 404, network: 404, "A read-only": 404 },
      },
      {
        what: "PUT /fhir/Task/{A's pending referral} accepted",
        prepare: pendingTask,
        call: async (t, task) => {
          if (!task) throw new Error("prepared Task missing");
          return t === undefined
            ? appFetch(`${BASE}/fhir/Task/${task.id}`, { method: "PUT", body: JSON.stringify(task) })
            : put({ ...task, status: "accepted" }, t, 'W/"1"');
        },
        expect: { ...unauthenticated, "facility A": 200, "facility B": 404, network: 403, "A read-only": 403 },
      },
    ];
    const found: string[] = [];
    const wanted: string[] = [];
    for (const row of rows) {
      for (const caller of CALLERS) {
        const prepared = await row.prepare?.();
        if (caller === "expired token") clock = new Date(Date.now() + (TOKEN_SECONDS + 1) * 1000);
        try {
          const response = await row.call(tokens[caller], prepared);
          found.push(`${row.what} as ${caller}: ${response.status}`);
          wanted.push(`${row.what} as ${caller}: ${row.expect[caller]}`);
        } finally {
          clock = new Date();
        }
      }
    }
    expect(found).toEqual(wanted);
  });
});
