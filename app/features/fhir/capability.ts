import { FHIR_VERSION } from "./fhir-resources";

/*
 * GET /fhir/metadata: what this server does, and nothing it does not (decision 034). Every interaction
 * and search parameter listed here is implemented in fhir-api.server.ts and covered by its tests.
 */

const SEARCH_COMMON = [
  { name: "_id", type: "token", documentation: "The referral's id; several, comma-separated." },
  { name: "_count", type: "number", documentation: "Entries per page: 20 by default, at most 100." },
];

const LAST_UPDATED = {
  name: "_lastUpdated",
  type: "date",
  documentation:
    "When the referral last changed (meta.lastUpdated: made, accepted, rejected, cancelled or completed), with eq, ge, gt, le or lt; repeat it for a range (ge...&_lastUpdated=lt...), commas for either of several.",
} as const;

export const SEARCH_PARAMETERS = {
  ServiceRequest: [
    ...SEARCH_COMMON,
    LAST_UPDATED,
    {
      name: "identifier",
      type: "token",
      documentation: "The referral number (REF-YYYY-NNNNNN), with or without its system.",
    },
    {
      name: "status",
      type: "token",
      documentation: "active (pending or accepted), completed or revoked (rejected or cancelled).",
    },
    { name: "performer", type: "reference", documentation: "The receiving facility: Organization/{id}." },
    { name: "requester", type: "reference", documentation: "The referring doctor: Practitioner/{id}." },
    {
      name: "authored",
      type: "date",
      documentation: "When the referral was made (authoredOn), with eq, ge, gt, le or lt; repeat it for a range.",
    },
    {
      name: "_revinclude",
      type: "special",
      documentation: "Task:focus or Task:based-on: each referral's Task in the same page (search mode include).",
    },
  ],
  Task: [
    ...SEARCH_COMMON,
    LAST_UPDATED,
    {
      name: "identifier",
      type: "token",
      documentation: "The referral number (REF-YYYY-NNNNNN), with or without its system.",
    },
    { name: "status", type: "token", documentation: "requested, accepted, rejected, completed or cancelled." },
    {
      name: "business-status",
      type: "token",
      documentation: "BSeR's TaskBusinessStatusCS: 2.0, 3.0, 4.0, 6.0 or 7.0.",
    },
    { name: "owner", type: "reference", documentation: "The receiving facility: Organization/{id}." },
    { name: "focus", type: "reference", documentation: "The referral's ServiceRequest: ServiceRequest/{id}." },
    {
      name: "modified",
      type: "date",
      documentation:
        "When the Task last changed (lastModified, the same instant as meta.lastUpdated), with eq, ge, gt, le or lt; repeat it for a range.",
    },
    {
      name: "_include",
      type: "special",
      documentation: "Task:focus or Task:based-on: each Task's ServiceRequest in the same page (search mode include).",
    },
  ],
  Organization: [
    ...SEARCH_COMMON,
    { name: "name", type: "string", documentation: "The facility's name: starts with, any case." },
    {
      name: "identifier",
      type: "token",
      documentation: "The facility's HeFRA licence number or its slug (the directory's address).",
    },
    { name: "address-city", type: "string", documentation: "The town or city: starts with, any case." },
  ],
  Location: [
    ...SEARCH_COMMON,
    { name: "name", type: "string", documentation: "The facility's name: starts with, any case." },
    {
      name: "identifier",
      type: "token",
      documentation: "The facility's HeFRA licence number or its slug (the directory's address).",
    },
    { name: "address-city", type: "string", documentation: "The town or city: starts with, any case." },
    { name: "organization", type: "reference", documentation: "The facility: Organization/{id}." },
  ],
  // A referral's parts: the search names the referral, and answers all of its entries in one page.
  Communication: [
    {
      name: "based-on",
      type: "reference",
      documentation: "Required: the referral, ServiceRequest/{id}. Its messages, oldest first, in one page.",
    },
  ],
  DocumentReference: [
    {
      name: "related",
      type: "reference",
      documentation: "Required: the referral, ServiceRequest/{id}. Its files, oldest first, in one page.",
    },
  ],
  AuditEvent: [
    {
      name: "entity",
      type: "reference",
      documentation: "Required: the referral, ServiceRequest/{id}. Its history, oldest first, in one page.",
    },
  ],
} as const;

export type SearchableType = keyof typeof SEARCH_PARAMETERS;

/** The references between a referral's Task and its ServiceRequest that _include and _revinclude follow. */
export const INCLUDES = ["Task:focus", "Task:based-on"] as const;

type Interaction = "read" | "search-type" | "update" | "patch" | "create";

/** Every type served, what may be done with it, and what it stands for. */
const RESOURCES: Array<{ type: string; interactions: Interaction[]; documentation: string }> = [
  {
    type: "ServiceRequest",
    interactions: ["read", "search-type"],
    documentation: "A referral: its number, urgency, requester, receiving facility and status.",
  },
  {
    type: "Task",
    interactions: ["read", "search-type", "update", "patch"],
    documentation:
      "A referral's workflow (HL7 BSeR's referral Task). A facility's client with system/Task.u accepts (status accepted), rejects (rejected, with statusReason.text) and completes (completed, with an output valueString: the outcome note) by PUT, or PATCH with a JSON Patch (application/json-patch+json), with If-Match.",
  },
  {
    type: "Organization",
    interactions: ["read", "search-type"],
    documentation: "A facility of the directory: HeFRA licence, address, telephone. Every client reads every facility.",
  },
  {
    type: "Location",
    interactions: ["read", "search-type"],
    documentation:
      "A facility's site (same id as its Organization): address, position (when its administrators gave one) and opening hours.",
  },
  {
    type: "Practitioner",
    interactions: ["read"],
    documentation:
      "A referring doctor (the MDC registration number), for a client that can see one of their referrals.",
  },
  {
    type: "PractitionerRole",
    interactions: ["read"],
    documentation:
      "A referring doctor's role: doctor, the specialty they gave, their facility (same id as the Practitioner).",
  },
  {
    type: "Patient",
    interactions: ["read"],
    documentation:
      "A referred patient, as the latest referral the client can see holds them (the network's client: the name only).",
  },
  {
    type: "Communication",
    interactions: ["read", "search-type", "create"],
    documentation:
      "A referral's messages. A facility's client with system/Communication.c posts one (basedOn the ServiceRequest, payload contentString), as its administrators do on the referral's page.",
  },
  {
    type: "DocumentReference",
    interactions: ["read", "search-type"],
    documentation: "A referral's files; content.attachment.url is the Binary to fetch with the same token.",
  },
  { type: "Binary", interactions: ["read"], documentation: "A file's bytes (or, asked as FHIR JSON, base64 data)." },
  {
    type: "AuditEvent",
    interactions: ["read", "search-type"],
    documentation: "A referral's history: each step, message and file, by whom (a person or a hospital system).",
  },
];

export function capabilityStatement(baseUrl: string, date: string) {
  return {
    resourceType: "CapabilityStatement" as const,
    status: "active" as const,
    date,
    publisher: "Qurhealth",
    kind: "instance" as const,
    software: { name: "Qurhealth referral network" },
    implementation: {
      description: "Referrals as FHIR R4 ServiceRequests and HL7 BSeR-style Tasks",
      url: `${baseUrl}/fhir`,
    },
    fhirVersion: FHIR_VERSION,
    format: ["application/fhir+json", "json"],
    rest: [
      {
        mode: "server" as const,
        documentation:
          "Every call needs a bearer token from SMART Backend Services (client_credentials with a private_key_jwt assertion). A facility's client sees that facility's referrals; the network's client reads every referral and updates none.",
        security: {
          cors: false,
          service: [
            {
              coding: [
                {
                  system: "http://terminology.hl7.org/CodeSystem/restful-security-service",
                  code: "SMART-on-FHIR",
                  display: "SMART-on-FHIR",
                },
              ],
            },
          ],
          extension: [
            {
              url: "http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris",
              extension: [{ url: "token", valueUri: `${baseUrl}/fhir/auth/token` }],
            },
          ],
        },
        resource: RESOURCES.map((r) => ({
          type: r.type,
          documentation: r.documentation,
          interaction: r.interactions.map((code) => ({ code })),
          versioning: r.interactions.includes("update") ? ("versioned-update" as const) : ("versioned" as const),
          readHistory: false,
          updateCreate: false,
          ...(r.type === "Task" ? { searchInclude: [...INCLUDES] } : {}),
          ...(r.type === "ServiceRequest" ? { searchRevInclude: [...INCLUDES] } : {}),
          ...(r.type in SEARCH_PARAMETERS
            ? { searchParam: SEARCH_PARAMETERS[r.type as SearchableType].map((p) => ({ ...p })) }
            : {}),
        })),
      },
    ],
  };
}
