import type { Hono } from "hono";
import type { Db } from "~/db/client.server";
import { SEARCH_PARAMETERS } from "./capability";
import { doctorForClient, facilityById, patientForClient, searchFacilities } from "./directory.server";
import {
  locationOf,
  organizationOf,
  patientOf,
  practitionerOf,
  practitionerRoleOf,
  sidOf,
} from "./directory-resources";
import {
  canonicalOf,
  type FhirEnv,
  FhirError,
  fhirJson,
  need,
  referenceId,
  searchParams,
  tokenCode,
  versionHeaders,
  withCursor,
} from "./fhir-http";
import { searchBundle } from "./fhir-resources";

/*
 * Facilities (Organization, Location), doctors (Practitioner, PractitionerRole) and patients, for
 * the FHIR API (decision 034): read, and the facility searches the CapabilityStatement lists.
 */

const DEFAULT_COUNT = 20;
const MAX_COUNT = 100;

type Options = { db: () => Promise<Db>; baseUrl: string };

export function directoryRoutes(app: Hono<FhirEnv>, { db, baseUrl }: Options) {
  for (const type of ["Organization", "Location"] as const) {
    const toResource = type === "Organization" ? organizationOf : locationOf;
    app.get(`/${type}`, async (c) => {
      need(c.get("client"), type, "s");
      const url = new URL(c.req.url);
      const params = searchParams(
        url.searchParams,
        SEARCH_PARAMETERS[type].map((p) => p.name),
      );
      const limit = params.count(DEFAULT_COUNT, MAX_COUNT);
      const hefra = sidOf(baseUrl, "hefra-licence");
      const slug = sidOf(baseUrl, "facility-slug");
      const identifiers = params.values("identifier")?.flatMap((v) => tokenCode(v, hefra) ?? tokenCode(v, slug) ?? []);
      const ids = params.values("_id") ?? undefined;
      const organizations = params.values("organization")?.flatMap((v) => referenceId(v, "Organization") ?? []);
      const found = await searchFacilities(await db(), {
        ids: organizations ? (ids ?? organizations).filter((id) => organizations.includes(id)) : ids,
        names: params.values("name") ?? undefined,
        identifiers,
        cities: params.values("address-city") ?? undefined,
        after: params.cursor,
        limit,
      });
      const canonical = canonicalOf(url.searchParams, limit);
      const last = found.rows.at(-1);
      const next = found.hasMore && last ? `${baseUrl}/fhir/${type}?${withCursor(canonical, last.id)}` : null;
      const resources = found.rows.map((f) => toResource(f, baseUrl));
      return fhirJson(c, searchBundle(resources, { self: `${baseUrl}/fhir/${type}?${canonical}`, next }, baseUrl));
    });
    app.get(`/${type}/:id`, async (c) => {
      need(c.get("client"), type, "r");
      const facility = await facilityById(await db(), c.req.param("id"));
      if (!facility) throw notFound(type, c.req.param("id"));
      const resource = toResource(facility, baseUrl);
      return fhirJson(c, resource, 200, versionHeaders(resource));
    });
  }

  for (const type of ["Practitioner", "PractitionerRole"] as const) {
    app.get(`/${type}/:id`, async (c) => {
      const client = c.get("client");
      need(client, type, "r");
      const doctor = await doctorForClient(await db(), client, c.req.param("id"));
      if (!doctor) throw notFound(type, c.req.param("id"));
      const resource = type === "Practitioner" ? practitionerOf(doctor, baseUrl) : practitionerRoleOf(doctor);
      return fhirJson(c, resource, 200, versionHeaders(resource));
    });
  }

  app.get("/Patient/:id", async (c) => {
    const client = c.get("client");
    need(client, "Patient", "r");
    const patient = await patientForClient(await db(), client, c.req.param("id"));
    if (!patient) throw notFound("Patient", c.req.param("id"));
    const resource = patientOf(patient);
    return fhirJson(c, resource, 200, versionHeaders(resource));
  });
}

export function notFound(type: string, id: string) {
  return new FhirError(404, "not-found", `${type}/${id} is not known.`);
}
