import { FHIR_VERSION } from "./fhir-resources";

/*
 * GET /fhir/metadata: what this server does, and nothing it does not (issue 36). Every interaction
 * and search parameter listed here is implemented in fhir-api.server.ts and covered by its tests.
 */

const SEARCH_COMMON = [
  { name: "_id", type: "token", documentation: "The referral's id; several, comma-separated." },
  { name: "_count", type: "number", documentation: "Entries per page: 20 by default, at most 100." },
];

export const SEARCH_PARAMETERS = {
  ServiceRequest: [
    ...SEARCH_COMMON,
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
  ],
  Task: [
    ...SEARCH_COMMON,
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
  ],
} as const;

export type SearchableType = keyof typeof SEARCH_PARAMETERS;

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
        resource: [
          {
            type: "ServiceRequest",
            documentation: "A referral: its number, urgency, requester, receiving facility and status.",
            interaction: [{ code: "read" as const }, { code: "search-type" as const }],
            versioning: "versioned" as const,
            readHistory: false,
            updateCreate: false,
            searchParam: SEARCH_PARAMETERS.ServiceRequest.map((p) => ({ ...p })),
          },
          {
            type: "Task",
            documentation:
              "A referral's workflow (HL7 BSeR's referral Task). A facility's client with system/Task.u accepts (status accepted), rejects (rejected, with statusReason.text) and completes (completed, with an output valueString: the outcome note) by PUT with If-Match.",
            interaction: [{ code: "read" as const }, { code: "search-type" as const }, { code: "update" as const }],
            versioning: "versioned-update" as const,
            readHistory: false,
            updateCreate: false,
            searchParam: SEARCH_PARAMETERS.Task.map((p) => ({ ...p })),
          },
        ],
      },
    ],
  };
}
