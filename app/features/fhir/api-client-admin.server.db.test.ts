import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Actor, actorById } from "~/auth/actor.server";
import { API_CLIENT_SCOPES, apiClients, auditEvents } from "~/db/schema";
import { createAccount } from "../../../tests/helpers/accounts";
import { insertFacility, statusOf } from "../../../tests/helpers/domain";
import { clientKeys } from "../../../tests/helpers/fhir-client";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { listApiClients, registerApiClientAs, revokeApiClient, setApiClientScopes } from "./api-client-admin.server";
import { apiClientSchema, apiClientScopesSchema, SCOPE_CHOICES } from "./api-client-schema";
import { activeApiClient } from "./api-clients.server";

/* The hospital systems' screen (decision 047): system administrators register, list, scope and revoke clients, audited. */

const ALL = [...API_CLIENT_SCOPES];

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
    const { id } = await registerApiClientAs(h.db, admin, {
      name: "Alpha EMR",
      facility: "alpha-hospital",
      scopes: ALL,
      jwks,
    });
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
    const read = ["system/*.rs"];
    expect(await statusOf(registerApiClientAs(h.db, admin, { name: "EMR", scopes: read, jwks: "{not json" }))).toBe(
      400,
    );
    expect(await statusOf(registerApiClientAs(h.db, admin, { name: "EMR", scopes: read, jwks: '{"keys":[]}' }))).toBe(
      400,
    );
    expect(
      await statusOf(registerApiClientAs(h.db, admin, { name: "EMR", facility: "nowhere", scopes: read, jwks })),
    ).toBe(400);
    // The network's client only reads; keys or their address, exactly one; an http address never (no allowHttp here).
    expect(await statusOf(registerApiClientAs(h.db, admin, { name: "EMR", scopes: ALL, jwks }))).toBe(400);
    expect(await statusOf(registerApiClientAs(h.db, admin, { name: "EMR", scopes: read, jwks: "", jwksUrl: "" }))).toBe(
      400,
    );
    expect(
      await statusOf(
        registerApiClientAs(h.db, admin, { name: "EMR", scopes: read, jwks, jwksUrl: "https://emr.example/jwks" }),
      ),
    ).toBe(400);
    expect(
      await statusOf(
        registerApiClientAs(h.db, admin, { name: "EMR", scopes: read, jwksUrl: "http://127.0.0.1:9/jwks.json" }),
      ),
    ).toBe(400);
    // U+0000 inside a key (jsonb cannot hold it): refused as keys that are not what a system exports.
    const withNul = JSON.stringify({
      keys: [{ ...(JSON.parse(jwks) as { keys: object[] }).keys[0], kid: "a\u0000b" }],
    });
    expect(await statusOf(registerApiClientAs(h.db, admin, { name: "EMR", scopes: read, jwks: withNul }))).toBe(400);
    expect((await h.db.select().from(apiClients)).length).toBe(before);
  });

  it("takes the name as one line without U+0000, and refuses one that shows nothing", () => {
    const form = { scopes: "system/*.rs", jwks: "{}" };
    const parsed = apiClientSchema.safeParse({ ...form, name: "EMR\u0000 of\nKorle Bu" });
    expect(parsed.success && parsed.data.name).toBe("EMR of Korle Bu");
    expect(apiClientSchema.safeParse({ ...form, name: "\u0000" }).success).toBe(false);
    expect(apiClientSchema.safeParse({ ...form, name: "\u200B " }).success).toBe(false);
  });

  it("is for system administrators only", async () => {
    const { id } = await registerApiClientAs(h.db, admin, { name: "Network reader", scopes: ["system/*.rs"], jwks });
    for (const actor of others) {
      expect(await statusOf(listApiClients(h.db, actor))).toBe(403);
      expect(await statusOf(registerApiClientAs(h.db, actor, { name: "EMR", scopes: ["system/*.rs"], jwks }))).toBe(
        403,
      );
      expect(await statusOf(setApiClientScopes(h.db, actor, { clientId: id, scopes: ["system/*.rs"] }))).toBe(403);
      expect(await statusOf(revokeApiClient(h.db, actor, id))).toBe(403);
    }
    expect(await activeApiClient(h.db, id)).not.toBeNull();
  });

  it("registers with the scopes chosen and changes them later, audited with before and after", async () => {
    const { id } = await registerApiClientAs(h.db, admin, {
      name: "Reader EMR",
      facility: "alpha-hospital",
      scopes: ["system/*.rs"],
      jwks,
    });
    expect((await activeApiClient(h.db, id))?.scopes).toEqual(["system/*.rs"]);
    const changed = await setApiClientScopes(h.db, admin, {
      clientId: id,
      scopes: ["system/Communication.c", "system/*.rs", "system/Task.u"],
    });
    expect(changed.scopes).toEqual(ALL);
    expect((await activeApiClient(h.db, id))?.scopes).toEqual(ALL);
    const { clients } = await listApiClients(h.db, admin);
    expect(clients.find((c) => c.id === id)).toMatchObject({ scopes: ALL, jwksUrl: null });
    // The same scopes again change nothing and audit nothing; none, or an unknown one, is refused.
    await setApiClientScopes(h.db, admin, { clientId: id, scopes: ALL });
    expect(await statusOf(setApiClientScopes(h.db, admin, { clientId: id, scopes: [] }))).toBe(400);
    expect(await statusOf(setApiClientScopes(h.db, admin, { clientId: id, scopes: ["system/*.cruds"] }))).toBe(400);
    expect(await statusOf(setApiClientScopes(h.db, admin, { clientId: "nope", scopes: ALL }))).toBe(404);
    const audit = await h.db.select().from(auditEvents).where(eq(auditEvents.subjectId, id));
    expect(audit.map((a) => [a.action, a.reason])).toEqual([
      ["api_client.registered", "Reader EMR (system/*.rs)"],
      ["api_client.scopes_changed", "Reader EMR: system/*.rs -> system/*.rs system/Task.u system/Communication.c"],
    ]);
    // The network's client may not be given writes; a revoked one is not changed.
    const network = await registerApiClientAs(h.db, admin, { name: "Net", scopes: ["system/*.rs"], jwks });
    expect(await statusOf(setApiClientScopes(h.db, admin, { clientId: network.id, scopes: ALL }))).toBe(400);
    await revokeApiClient(h.db, admin, id);
    expect(await statusOf(setApiClientScopes(h.db, admin, { clientId: id, scopes: ["system/*.rs"] }))).toBe(404);
  });

  it("offers the database's scopes, and its form wants at least one of them", () => {
    expect(SCOPE_CHOICES.map((c) => c.value)).toEqual(ALL);
    const parse = (scopes: string[]) => {
      const form = new FormData();
      form.set("clientId", "x");
      for (const s of scopes) form.append("scopes", s);
      return apiClientScopesSchema.safeParse(
        Object.fromEntries(
          [...new Set(form.keys())].map((k) => [k, form.getAll(k).length > 1 ? form.getAll(k) : form.get(k)]),
        ),
      );
    };
    expect(parse(["system/*.rs"]).success).toBe(true);
    expect(parse(["system/*.rs", "system/Task.u"]).success).toBe(true);
    expect(parse([]).success).toBe(false);
    expect(parse(["system/*.cruds"]).success).toBe(false);
  });
});
