import type { Context, Hono } from "hono";
import type { Db } from "~/db/client.server";
import {
  attachmentBytesForClient,
  attachmentForClient,
  attachmentsForClient,
  eventForClient,
  eventsForClient,
  messageForClient,
  messagesForClient,
  type PostMessage,
} from "~/features/referrals/public.server";
import type { FileStore } from "~/storage/file-store.server";
import { SEARCH_PARAMETERS } from "./capability";
import { notFound } from "./directory-routes.server";
import {
  type FhirEnv,
  FhirError,
  fhirJson,
  jsonBody,
  need,
  referenceId,
  searchParams,
  versionHeaders,
} from "./fhir-http";
import { searchBundle } from "./fhir-resources";
import { auditEventOf, communicationOf, documentReferenceOf } from "./part-resources";

/*
 * A referral's messages (Communication), files (DocumentReference, their bytes under Binary) and
 * history (AuditEvent) for the FHIR API (decision 034). A search names the referral (its
 * ServiceRequest) and answers all of that referral's entries, oldest first, in one page.
 */

type Options = {
  db: () => Promise<Db>;
  baseUrl: string;
  /** The referral page's own postMessage (workspace-messages.server.ts), handed in by the server. */
  postMessage: PostMessage;
  store?: () => FileStore;
};

/** The referral ids a part search names (`ServiceRequest/{id}`, several comma-separated): required. */
function referralIds(c: Context, type: "Communication" | "DocumentReference" | "AuditEvent"): string[] {
  const [param] = SEARCH_PARAMETERS[type];
  const params = searchParams(
    new URL(c.req.url).searchParams,
    SEARCH_PARAMETERS[type].map((p) => p.name),
  );
  const values = params.values(param.name);
  if (!values) throw new FhirError(400, "required", `Search ${type} by ${param.name}=ServiceRequest/{id}.`);
  return values.flatMap((v) => referenceId(v, "ServiceRequest") ?? []);
}

export function partRoutes(app: Hono<FhirEnv>, options: Options) {
  const { db, baseUrl } = options;
  const selfOf = (c: Context) => new URL(c.req.url).search;

  app.get("/Communication", async (c) => {
    const client = c.get("client");
    need(client, "Communication", "s");
    const found = await messagesForClient(await db(), client, referralIds(c, "Communication"));
    const self = `${baseUrl}/fhir/Communication${selfOf(c)}`;
    return fhirJson(c, searchBundle(found.map(communicationOf), { self, next: null }, baseUrl));
  });
  app.get("/Communication/:id", async (c) => {
    const client = c.get("client");
    need(client, "Communication", "r");
    const message = await messageForClient(await db(), client, c.req.param("id"));
    if (!message) throw notFound("Communication", c.req.param("id"));
    const resource = communicationOf(message);
    return fhirJson(c, resource, 200, versionHeaders(resource));
  });
  app.post("/Communication", async (c) => {
    const client = c.get("client");
    if (client.facilityId === null) {
      throw new FhirError(403, "forbidden", "The network's client reads messages; it cannot post them.");
    }
    need(client, "Communication", "c");
    const body = await jsonBody(c);
    if (body.resourceType !== "Communication") throw new FhirError(400, "invalid", "The body must be a Communication.");
    const basedOn = Array.isArray(body.basedOn) ? (body.basedOn as Array<{ reference?: unknown }>) : [];
    const reference = basedOn.find((b) => typeof b?.reference === "string")?.reference as string | undefined;
    const referralId = reference ? referenceId(reference, "ServiceRequest") : null;
    if (!referralId) {
      throw new FhirError(422, "required", "Communication.basedOn must name the referral: ServiceRequest/{id}.");
    }
    const payload = Array.isArray(body.payload) ? (body.payload as Array<{ contentString?: unknown }>) : [];
    const text = payload.find((p) => typeof p?.contentString === "string")?.contentString;
    const database = await db();
    let posted: { id: string };
    try {
      posted = await options.postMessage(database, client, referralId, { body: text ?? "" });
    } catch (error) {
      throw fhirErrorOf(error, "Communication", referralId);
    }
    const message = await messageForClient(database, client, posted.id);
    if (!message) throw notFound("Communication", posted.id);
    const resource = communicationOf(message);
    return fhirJson(c, resource, 201, {
      ...versionHeaders(resource),
      Location: `${baseUrl}/fhir/Communication/${message.id}/_history/1`,
    });
  });

  app.get("/DocumentReference", async (c) => {
    const client = c.get("client");
    need(client, "DocumentReference", "s");
    const found = await attachmentsForClient(await db(), client, referralIds(c, "DocumentReference"));
    const self = `${baseUrl}/fhir/DocumentReference${selfOf(c)}`;
    const resources = found.map((a) => documentReferenceOf(a, baseUrl));
    return fhirJson(c, searchBundle(resources, { self, next: null }, baseUrl));
  });
  app.get("/DocumentReference/:id", async (c) => {
    const client = c.get("client");
    need(client, "DocumentReference", "r");
    const file = await attachmentForClient(await db(), client, c.req.param("id"));
    if (!file) throw notFound("DocumentReference", c.req.param("id"));
    const resource = documentReferenceOf(file, baseUrl);
    return fhirJson(c, resource, 200, versionHeaders(resource));
  });
  // A file's bytes, as its DocumentReference's link names them: fetched with the client's token.
  app.get("/Binary/:id", async (c) => {
    const client = c.get("client");
    need(client, "Binary", "r");
    const found = await attachmentBytesForClient(await db(), client, c.req.param("id"), options.store?.());
    if (!found) throw notFound("Binary", c.req.param("id"));
    const { file, body } = found;
    if ((c.req.header("accept") ?? "").includes("application/fhir+json")) {
      const data = Buffer.from(await new Response(body).arrayBuffer()).toString("base64");
      const resource = {
        resourceType: "Binary",
        id: file.id,
        meta: { versionId: "1" },
        contentType: file.contentType,
        data,
      };
      return fhirJson(c, resource, 200, { ETag: 'W/"1"' });
    }
    return c.body(body, 200, {
      "Content-Type": file.contentType,
      "Content-Length": String(file.sizeBytes),
      "Content-Disposition": `attachment; filename="${file.fileName.replace(/["\\]/g, "_")}"`,
      "X-Content-Type-Options": "nosniff",
      ETag: 'W/"1"',
    });
  });

  app.get("/AuditEvent", async (c) => {
    const client = c.get("client");
    need(client, "AuditEvent", "s");
    const found = await eventsForClient(await db(), client, referralIds(c, "AuditEvent"));
    const self = `${baseUrl}/fhir/AuditEvent${selfOf(c)}`;
    const resources = found.map((e) => auditEventOf(e, baseUrl));
    return fhirJson(c, searchBundle(resources, { self, next: null }, baseUrl));
  });
  app.get("/AuditEvent/:id", async (c) => {
    const client = c.get("client");
    need(client, "AuditEvent", "r");
    const event = await eventForClient(await db(), client, c.req.param("id"));
    if (!event) throw notFound("AuditEvent", c.req.param("id"));
    const resource = auditEventOf(event, baseUrl);
    return fhirJson(c, resource, 200, versionHeaders(resource));
  });
}

/** What the domain refused (`data(message, { status })`) as the FHIR answer: a bad body is 422 with the form's words. */
function fhirErrorOf(error: unknown, type: string, id: string): unknown {
  const init = (error as { init?: { status?: number } } | null)?.init;
  if (!init?.status) return error;
  const message =
    typeof (error as { data?: unknown }).data === "string" ? String((error as { data: string }).data) : "Refused";
  if (init.status === 404) return notFound("ServiceRequest", id);
  if (init.status === 400) return new FhirError(422, "required", message);
  if (init.status === 409) return new FhirError(409, "conflict", message);
  if (init.status === 403) return new FhirError(403, "forbidden", message);
  if (init.status === 429) return new FhirError(429, "throttled", message);
  return new FhirError(init.status, "processing", `${type}: ${message}`);
}
