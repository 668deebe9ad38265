import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type Actor, actorById } from "~/auth/actor.server";
import { apiClientCalls, auditEvents, facilities, referrals } from "~/db/schema";
import { createReferral } from "~/features/referrals/referral-create.server";
import { transitionReferral } from "~/features/referrals/referral-transitions.server";
import { addAttachment } from "~/features/referrals/workspace-files.server";
import { postMessage } from "~/features/referrals/workspace-messages.server";
import { createAccount } from "../../../tests/helpers/accounts";
import { insertFacility } from "../../../tests/helpers/domain";
import {
  type ClientKeys,
  clientKeys,
  fetchToken,
  type Invalid,
  validatingFetch,
} from "../../../tests/helpers/fhir-client";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { registerApiClient } from "./api-clients.server";
import { fhirApi } from "./fhir-api.server";

/*
 * The FHIR API's facilities, doctors, patients and a referral's messages, files and history
 * (decision 034), PATCH on a Task and _include: in process on a fresh database, every resource
 * validated against the R4 definitions (required bindings included).
 */

const BASE = "http://localhost:3000";
const TOKEN_URL = `${BASE}/fhir/auth/token`;
const SECRET = "test-secret-test-secret-test-secret-0123456789";
vi.stubEnv("AUTH_SECRET", SECRET);
vi.stubEnv("APP_URL", BASE);
vi.stubEnv("DATA_DIR", mkdtempSync(path.join(tmpdir(), "fhir-resources-")));

let h: TestDatabase;
const app = new Hono().route(
  "/fhir",
  fhirApi({ db: async () => h.db, baseUrl: BASE, secret: SECRET, transitionReferral, postMessage }),
);
const invalid: Invalid[] = [];
const appFetch = validatingFetch((request) => app.fetch(request), invalid);
afterEach(() => {
  expect(invalid).toEqual([]);
});

let facilityA: string;
let facilityB: string;
let doctor: Actor;
let otherDoctor: Actor;
let admin: Actor;
const clients = {} as Record<"a" | "b" | "network", { id: string; key: ClientKeys }>;
const tokens = {} as Record<"a" | "b" | "network", string>;
let referralA: { id: string; patientId: string };
let referralB: { id: string };
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

function get(pathAndQuery: string, token: string, headers: Record<string, string> = {}) {
  return appFetch(`${BASE}${pathAndQuery}`, { headers: { Authorization: `Bearer ${token}`, ...headers } });
}
function send(method: string, pathAndQuery: string, token: string, body: unknown, headers: Record<string, string>) {
  return appFetch(`${BASE}${pathAndQuery}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...headers },
    body: JSON.stringify(body),
  });
}
const entries = async (response: Response) =>
  ((await response.json()) as { entry?: Array<{ resource: Record<string, unknown>; search: { mode: string } }> })
    .entry ?? [];

beforeAll(async () => {
  h = await createTestDb({ workers: false });
  facilityA = await insertFacility(h.db, "alpha-hospital", "Alpha Hospital");
  facilityB = await insertFacility(h.db, "beta-clinic", "Beta Clinic");
  await h.db
    .update(facilities)
    .set({
      hefraLicence: "HeFRA/GA/0042",
      location: "Kumasi",
      latitude: 6.6885,
      longitude: -1.6244,
      openingHours: { allDay: false, week: [{ opens: "08:00", closes: "17:00" }, null, null, null, null, null, null] },
    })
    .where(eq(facilities.id, facilityA));
  doctor = await actorById(
    h.db,
    (await createAccount(h.db, { role: "doctor", approved: true, registrationNumber: "MDC/RN/12345" })).id,
  );
  otherDoctor = await actorById(h.db, (await createAccount(h.db, { role: "doctor", approved: true })).id);
  admin = await actorById(
    h.db,
    (await createAccount(h.db, { role: "facility_admin", approved: true, facilityId: facilityA })).id,
  );
  for (const [name, slug, alg] of [
    ["a", "alpha-hospital", "RS384"],
    ["b", "beta-clinic", "ES384"],
    ["network", null, "ES384"],
  ] as const) {
    const key = await clientKeys(alg);
    const { id } = await registerApiClient(h.db, {
      name: `System ${name}`,
      jwks: { keys: [key.jwk] },
      facilitySlug: slug,
    });
    clients[name] = { id, key };
    tokens[name] = await fetchToken((url, init) => appFetch(url, init), TOKEN_URL, clients[name]);
  }
  const created = await createReferral(h.db, doctor, {
    facility_id: facilityA,
    patient_name: "Ama Mensah",
    patient_phone: "024 123 4567",
    chief_complaint: "Persistent chest pain on exertion",
    urgency_level: "urgent",
  });
  const [row] = await h.db
    .select({ patientId: referrals.patientId })
    .from(referrals)
    .where(eq(referrals.id, created.id));
  referralA = { id: created.id, patientId: row!.patientId };
  referralB = await createReferral(h.db, otherDoctor, {
    facility_id: facilityB,
    patient_name: "Kofi Boateng",
    patient_phone: "020 555 1234",
    chief_complaint: "Fracture follow-up",
    urgency_level: "routine",
  });
});

afterAll(async () => {
  await h?.drop();
});

describe("facilities as Organization and Location", () => {
  it("reads a facility with its HeFRA licence, address, position and opening hours", async () => {
    const org = await get(`/fhir/Organization/${facilityA}`, tokens.b);
    expect(org.status).toBe(200);
    expect(org.headers.get("etag")).toMatch(/^W\/"\d+"$/);
    expect(await org.json()).toMatchObject({
      resourceType: "Organization",
      name: "Alpha Hospital",
      active: true,
      identifier: expect.arrayContaining([{ system: `${BASE}/fhir/sid/hefra-licence`, value: "HeFRA/GA/0042" }]),
      address: [expect.objectContaining({ city: "Kumasi", country: "Ghana" })],
    });
    const location = await (await get(`/fhir/Location/${facilityA}`, tokens.network)).json();
    expect(location).toMatchObject({
      status: "active",
      managingOrganization: { reference: `Organization/${facilityA}` },
      position: { latitude: 6.6885, longitude: -1.6244 },
      hoursOfOperation: [{ daysOfWeek: ["mon"], openingTime: "08:00:00", closingTime: "17:00:00" }],
    });
    // A facility that gave no position has none (never an invented one).
    const beta = await (await get(`/fhir/Location/${facilityB}`, tokens.network)).json();
    expect(beta.resourceType).toBe("Location");
    expect(beta.position).toBeUndefined();
  });

  it("searches by name, identifier and address-city, and pages by next links", async () => {
    const names = async (query: string) =>
      (await entries(await get(`/fhir/Organization?${query}`, tokens.a))).map((e) => e.resource.name);
    expect(await names("name=alpha")).toEqual(["Alpha Hospital"]);
    expect(await names(`identifier=${encodeURIComponent(`${BASE}/fhir/sid/hefra-licence|HeFRA/GA/0042`)}`)).toEqual([
      "Alpha Hospital",
    ]);
    expect(await names("identifier=beta-clinic")).toEqual(["Beta Clinic"]);
    expect(await names("address-city=kum")).toEqual(["Alpha Hospital"]);
    expect(await names("name=nothing-like-it")).toEqual([]);
    const first = (await (await get("/fhir/Organization?_count=1", tokens.a)).json()) as {
      entry: unknown[];
      link: Array<{ relation: string; url: string }>;
    };
    expect(first.entry).toHaveLength(1);
    const next = first.link.find((l) => l.relation === "next")!.url;
    const second = await entries(await get(next.slice(BASE.length), tokens.a));
    expect(second).toHaveLength(1);
    expect((await get("/fhir/Organization?city=Accra", tokens.a)).status).toBe(400);
  });
});

describe("doctors and patients", () => {
  it("reads the referring doctor with the MDC number, only for a client that can see one of their referrals", async () => {
    const practitioner = await get(`/fhir/Practitioner/${doctor.kind === "user" ? doctor.id : ""}`, tokens.a);
    expect(practitioner.status).toBe(200);
    expect(await practitioner.json()).toMatchObject({
      identifier: [{ system: `${BASE}/fhir/sid/mdc-number`, value: "MDC/RN/12345" }],
      active: true,
    });
    const id = doctor.kind === "user" ? doctor.id : "";
    expect(await (await get(`/fhir/PractitionerRole/${id}`, tokens.network)).json()).toMatchObject({
      practitioner: { reference: `Practitioner/${id}` },
      code: [{ coding: [{ code: "doctor" }] }],
    });
    expect((await get(`/fhir/Practitioner/${id}`, tokens.b)).status).toBe(404);
  });

  it("reads a patient as the referral holds them: the facility's client with the phone, the network's the name only, another facility's not at all", async () => {
    const mine = await (await get(`/fhir/Patient/${referralA.patientId}`, tokens.a)).json();
    expect(mine).toMatchObject({
      name: [{ text: "Ama Mensah" }],
      telecom: [{ system: "phone", value: "+233241234567" }],
    });
    const network = await (await get(`/fhir/Patient/${referralA.patientId}`, tokens.network)).json();
    expect(network).toEqual(expect.objectContaining({ name: [{ text: "Ama Mensah" }] }));
    expect(network.telecom).toBeUndefined();
    expect((await get(`/fhir/Patient/${referralA.patientId}`, tokens.b)).status).toBe(404);
  });
});

describe("a referral's messages, files and history", () => {
  it("lists the doctor's message and posts the facility's through the page's own function, audited with the client's name", async () => {
    await postMessage(h.db, doctor, referralA.id, { body: "Please see her this week." });
    const listed = await entries(await get(`/fhir/Communication?based-on=ServiceRequest/${referralA.id}`, tokens.a));
    expect(listed.map((e) => e.resource.payload)).toEqual([[{ contentString: "Please see her this week." }]]);
    const posted = await send(
      "POST",
      "/fhir/Communication",
      tokens.a,
      {
        resourceType: "Communication",
        status: "completed",
        basedOn: [{ reference: `ServiceRequest/${referralA.id}` }],
        payload: [{ contentString: "Booked for Thursday." }],
      },
      { "Content-Type": "application/fhir+json" },
    );
    expect(posted.status).toBe(201);
    const communication = await posted.json();
    expect(communication).toMatchObject({ sender: { reference: `Organization/${facilityA}`, display: "System a" } });
    const [audit] = await h.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.id, communication.id)));
    expect(audit).toMatchObject({ action: "referral.message", apiClientId: clients.a.id, actorId: null });
    expect((await get(`/fhir/Communication/${communication.id}`, tokens.b)).status).toBe(404);
  });

  it("refuses a message from another facility (404), the network (403), an empty one (422) and without a referral (422)", async () => {
    const body = (referral: string, text: string) => ({
      resourceType: "Communication",
      status: "completed",
      basedOn: [{ reference: `ServiceRequest/${referral}` }],
      payload: [{ contentString: text }],
    });
    const json = { "Content-Type": "application/fhir+json" };
    expect((await send("POST", "/fhir/Communication", tokens.b, body(referralA.id, "Hello"), json)).status).toBe(404);
    expect((await send("POST", "/fhir/Communication", tokens.network, body(referralA.id, "Hello"), json)).status).toBe(
      403,
    );
    const empty = await send("POST", "/fhir/Communication", tokens.a, body(referralA.id, ""), json);
    expect(empty.status).toBe(422);
    expect((await empty.json()).issue[0].code).toBe("required");
    const unattached = await send(
      "POST",
      "/fhir/Communication",
      tokens.a,
      { resourceType: "Communication", status: "completed" },
      json,
    );
    expect(unattached.status).toBe(422);
    expect((await get("/fhir/Communication", tokens.a)).status).toBe(400);
  });

  it("lists a file as a DocumentReference whose link the client fetches with its token", async () => {
    await transitionReferral(h.db, admin, referralA.id, "accept");
    const file = await addAttachment(h.db, doctor, referralA.id, { name: "ecg.pdf", bytes: PDF });
    const [document] = await entries(
      await get(`/fhir/DocumentReference?related=ServiceRequest/${referralA.id}`, tokens.a),
    );
    expect(document!.resource).toMatchObject({
      id: file.id,
      status: "current",
      content: [
        { attachment: { contentType: "application/pdf", url: `${BASE}/fhir/Binary/${file.id}`, size: PDF.length } },
      ],
    });
    const bytes = await get(`/fhir/Binary/${file.id}`, tokens.a);
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get("content-type")).toBe("application/pdf");
    expect(new Uint8Array(await bytes.arrayBuffer())).toEqual(PDF);
    expect((await get(`/fhir/Binary/${file.id}`, tokens.b)).status).toBe(404);
    expect((await appFetch(`${BASE}/fhir/Binary/${file.id}`)).status).toBe(401);
  });

  it("tells the referral's history as AuditEvents, the hospital system named", async () => {
    const events = await entries(await get(`/fhir/AuditEvent?entity=ServiceRequest/${referralA.id}`, tokens.network));
    const actions = events.map((e) => (e.resource.type as { code: string }).code);
    expect(actions).toEqual(expect.arrayContaining(["referral.created", "referral.message", "referral.accepted"]));
    const fromClient = events.find((e) => JSON.stringify(e.resource.agent).includes("System a (FHIR API)"));
    expect(fromClient).toBeDefined();
    expect(await entries(await get(`/fhir/AuditEvent?entity=ServiceRequest/${referralB.id}`, tokens.a))).toEqual([]);
  });
});

describe("PATCH on a Task and _include", () => {
  it("completes a referral by JSON Patch with If-Match: 412 when stale, 422 for a failed test or a missing outcome", async () => {
    const patch = (ops: unknown, ifMatch: string) =>
      send("PATCH", `/fhir/Task/${referralA.id}`, tokens.a, ops, {
        "Content-Type": "application/json-patch+json",
        "If-Match": ifMatch,
      });
    expect((await patch([{ op: "replace", path: "/status", value: "completed" }], 'W/"1"')).status).toBe(412);
    expect((await patch([{ op: "test", path: "/status", value: "requested" }], 'W/"2"')).status).toBe(422);
    expect((await patch([{ op: "replace", path: "/status", value: "completed" }], 'W/"2"')).status).toBe(422);
    expect((await patch([{ op: "replace", path: "/id", value: "x" }], 'W/"2"')).status).toBe(422);
    expect((await patch({ op: "replace" }, 'W/"2"')).status).toBe(400);
    const done = await patch(
      [
        { op: "test", path: "/status", value: "accepted" },
        { op: "replace", path: "/status", value: "completed" },
        {
          op: "add",
          path: "/output",
          value: [{ type: { text: "Outcome note" }, valueString: "Stented; review in 6 weeks." }],
        },
      ],
      'W/"2"',
    );
    expect(done.status).toBe(200);
    expect(done.headers.get("etag")).toBe('W/"3"');
    expect(await done.json()).toMatchObject({
      status: "completed",
      output: [{ valueString: "Stented; review in 6 weeks." }],
    });
    const network = await send("PATCH", `/fhir/Task/${referralA.id}`, tokens.network, [], {
      "Content-Type": "application/json-patch+json",
      "If-Match": 'W/"3"',
    });
    expect(network.status).toBe(403);
  });

  it("includes each Task's ServiceRequest, and each ServiceRequest's Task, in the same page", async () => {
    const tasks = await entries(await get("/fhir/Task?_include=Task:focus", tokens.a));
    expect(tasks.map((e) => [e.resource.resourceType, e.search.mode])).toEqual([
      ["Task", "match"],
      ["ServiceRequest", "include"],
    ]);
    const requests = await entries(await get("/fhir/ServiceRequest?_revinclude=Task:based-on", tokens.network));
    expect(requests.filter((e) => e.search.mode === "include").map((e) => e.resource.resourceType)).toEqual([
      "Task",
      "Task",
    ]);
    expect((await get("/fhir/Task?_include=Task:owner", tokens.a)).status).toBe(400);
  });
});

describe("rate limits and the record of calls", () => {
  it("answers 429 throttled past a client's calls a minute, and records every call with the client", async () => {
    // One instant for all four calls: on a slow machine they could straddle the minute's end.
    const at = new Date();
    const limited = new Hono().route(
      "/fhir",
      fhirApi({
        db: async () => h.db,
        baseUrl: BASE,
        secret: SECRET,
        transitionReferral,
        postMessage,
        callsPerMinute: 3,
        now: () => at,
      }),
    );
    const limitedFetch = validatingFetch((request) => limited.fetch(request), invalid);
    const key = await clientKeys("ES384");
    const { id } = await registerApiClient(h.db, { name: "Busy system", jwks: { keys: [key.jwk] } });
    const token = await fetchToken((url, init) => limitedFetch(url, init), TOKEN_URL, { id, key });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await limitedFetch(`${BASE}/fhir/Organization/${facilityA}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
        expect((await response.json()).issue[0].code).toBe("throttled");
      }
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const calls = await h.db.select().from(apiClientCalls).where(eq(apiClientCalls.clientId, id));
    expect(calls.map((c) => [c.method, c.path, c.status]).sort()).toEqual(
      [
        ["GET", `/fhir/Organization/${facilityA}`, 200],
        ["GET", `/fhir/Organization/${facilityA}`, 200],
        ["GET", `/fhir/Organization/${facilityA}`, 200],
        ["GET", `/fhir/Organization/${facilityA}`, 429],
      ].sort(),
    );
  });
});
