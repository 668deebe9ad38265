// What others may use of the FHIR API on the server (the server mounts it; the shell registers clients).

export { apiCallPruneJob } from "./api-call-prune.server";
export { fhirApi } from "./fhir-api.server";
export { smartConfiguration } from "./smart-auth.server";
