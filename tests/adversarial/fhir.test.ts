import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { facilities } from "~/db/schema";
import { registerApiClient } from "~/features/fhir/api-clients.server";
import { type BuiltApp, loadBuiltApp } from "./built-app";
import { type ReferralWorld, referralWorld } from "./referral-fixtures";

/*
 * The FHIR API (decision 034) as the production server mounts it (server/app.ts): under /fhir, beside
 * the pages and never falling through to them; with the server's headers, body limit and
 * compression; a hospital system's whole path from its key to accepting a referral.
 */

let app: BuiltApp;
let world: ReferralWorld;
let client: { id: string; privateKey: CryptoKey; kid: string };

beforeAll(async () => {
  app = await loadBuiltApp();
  world = await referralWorld(app, { pendingReferrals: 2, pendingPayments: 0 });
  const [facility] = await app.db
    .select({ slug: facilities.slug })
    .from(facilities)
    .where(eq(facilities.id, world.facilityId));
  const pair = await generateKeyPair("RS384", { extractable: true });
  const kid = randomUUID();
  const { id } = await registerApiClient(app.db, {
    name: "Adversarial EMR",
    jwks: { keys: [{ ...(await exportJWK(pair.publicKey)), kid, alg: "RS384" }] },
    facilitySlug: facility!.slug,
  });
  client = { id, privateKey: pair.privateKey, kid };
});
afterAll(() => app.close());

async function token(): Promise<string> {
  const assertion = await new SignJWT({})
    .setProtectedHeader({ alg: "RS384", kid: client.kid, typ: "JWT" })
    .setIssuer(client.id)
    .setSubject(client.id)
    .setAudience(`${app.origin}/fhir/auth/token`)
    .setJti(randomUUID())
    .setExpirationTime("4m")
    .sign(client.privateKey);
  const response = await app.request("/fhir/auth/token", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "client_credentials",
      client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
      client_assertion: assertion,
      scope: "system/*.rs system/Task.u",
    }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

describe("the FHIR API in the production server", () => {
  it("answers metadata and SMART discovery with the server's headers", async () => {
    const metadata = await app.request("/fhir/metadata");
    expect(metadata.status).toBe(200);
    expect(metadata.headers.get("content-type")).toMatch(/^application\/fhir\+json/);
    expect(metadata.headers.get("x-content-type-options")).toBe("nosniff");
    expect(metadata.headers.get("x-request-id")).toBeTruthy();
    for (const path of ["/.well-known/smart-configuration", "/fhir/.well-known/smart-configuration"]) {
      const smart = await app.request(path);
      expect(smart.status).toBe(200);
      expect(await smart.json()).toMatchObject({ token_endpoint: `${app.origin}/fhir/auth/token` });
    }
  });

  it("answers OperationOutcomes under /fhir, never a page", async () => {
    for (const path of ["/fhir/Task", "/fhir/Nothing/here"]) {
      const response = await app.request(path);
      expect(response.status, path).toBe(401);
      expect(response.headers.get("content-type")).toMatch(/^application\/fhir\+json/);
      expect(await response.json()).toMatchObject({ resourceType: "OperationOutcome" });
    }
    const missing = await app.request("/fhir/Nothing/here", { headers: { Authorization: `Bearer ${await token()}` } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ resourceType: "OperationOutcome", issue: [{ code: "not-found" }] });
  });

  it("takes a hospital system from its key to accepting a referral", async () => {
    const bearer = { Authorization: `Bearer ${await token()}` };
    const search = await app.request("/fhir/Task?status=requested&_count=1", { headers: bearer });
    expect(search.status).toBe(200);
    expect(search.headers.get("cache-control")).toBe("no-store");
    const bundle = await search.json();
    expect(bundle.link.find((l: { relation: string }) => l.relation === "next").url).toMatch(
      new RegExp(`^${app.origin}/fhir/Task\\?`),
    );
    const task = bundle.entry[0].resource;
    const accepted = await app.request(`/fhir/Task/${task.id}`, {
      method: "PUT",
      headers: { ...bearer, "Content-Type": "application/fhir+json", "If-Match": 'W/"1"' },
      body: JSON.stringify({ ...task, status: "accepted" }),
    });
    expect(accepted.status).toBe(200);
    expect(accepted.headers.get("etag")).toBe('W/"2"');
    expect(await accepted.json()).toMatchObject({ status: "accepted", businessStatus: { coding: [{ code: "3.0" }] } });
  });
});
