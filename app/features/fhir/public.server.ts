// What others may use of the FHIR API on the server (the server mounts it; the shell registers clients).
export { fhirApi } from "./fhir-api.server";
export { smartConfiguration } from "./smart-auth.server";
