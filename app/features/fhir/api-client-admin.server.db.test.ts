import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Actor, actorById } from "~/auth/actor.server";
import { apiClients, auditEvents } from "~/db/schema";
import { createAccount } from "../../../tests/helpers/accounts";
import { insertFacility, statusOf } from "../../../tests/helpers/domain";
import { clientKeys } from "../../../tests/helpers/fhir-client";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { listApiClients, registerApiClientAs, revokeApiClient } from "./api-client-admin.server";
import { activeApiClient } from "./api-clients.server";

/* The hospital systems' screen (issue 36): system administrators register, list and revoke clients, audited. */

let h: TestDatabase;
let admin: Actor;
let others: Actor[];
let jwks: string;

beforeAll(async () => {
  h = await createTestDb({ workers: false });
  await insertFacility(h.db, "alpha-hospital", "Alpha Hospital");
  admin = await actorById(h.db, (await createAccount(h.db, { role: "system_admin", approved: true })).id);
  others = [
    await actorById(h.db, (await createAccount(h.db, { role: "doctor", approved: true })).id),
    await actorById(h.db, (await createAccount(h.db, { role: "facility_admin", approved: true })).id),
    await actorById(h.db, (await createAccount(h.db, { role: "system_admin", approved: false })).id),
  ];
  jwks = JSON.stringify({ keys: [(await clientKeys("ES384")).jwk] });
});

afterAll(async () => {
  await h?.drop();
});

describe("hospital systems on the administrators' screen", () => {
  it("registers a facility's client, lists it, and revokes it: its client stops at once, both steps audited", async () => {
    const { id } = await registerApiClientAs(h.db, admin, { name: "Alpha EMR", facility: "alpha-hospital", jwks });
    const { clients, facilities } = await listApiClients(h.db, admin);
    expect(facilities.map((f) => f.slug)).toContain("alpha-hospital");
    expect(clients.find((c) => c.id === id)).toMatchObject({
      name: "Alpha EMR",
      facility: "Alpha Hospital",
      revokedAt: null,
      lastCallAt: null,
    });
    expect(await activeApiClient(h.db, id)).not.toBeNull();
    await revokeApiClient(h.db, admin, id);
    expect(await activeApiClient(h.db, id)).toBeNull();
    expect(await statusOf(revokeApiClient(h.db, admin, id))).toBe(404);
    const audit = await h.db.select().from(auditEvents).where(eq(auditEvents.subjectId, id));
    expect(audit.map((a) => a.action).sort()).toEqual(["api_client.registered", "api_client.revoked"]);
  });

  it("refuses keys that are not JSON or not public keys and an unknown facility, storing nothing", async () => {
    const before = (await h.db.select().from(apiClients)).length;
    expect(await statusOf(registerApiClientAs(h.db, admin, { name: "EMR", jwks: "{not json" }))).toBe(400);
    expect(await statusOf(registerApiClientAs(h.db, admin, { name: "EMR", jwks: '{"keys":[]}' }))).toBe(400);
    expect(await statusOf(registerApiClientAs(h.db, admin, { name: "EMR", facility: "nowhere", jwks }))).toBe(400);
    expect((await h.db.select().from(apiClients)).length).toBe(before);
  });

  it("is for system administrators only", async () => {
    const { id } = await registerApiClientAs(h.db, admin, { name: "Network reader", jwks });
    for (const actor of others) {
      expect(await statusOf(listApiClients(h.db, actor))).toBe(403);
      expect(await statusOf(registerApiClientAs(h.db, actor, { name: "EMR", jwks }))).toBe(403);
      expect(await statusOf(revokeApiClient(h.db, actor, id))).toBe(403);
    }
    expect(await activeApiClient(h.db, id)).not.toBeNull();
  });
});
