import type { ExchangedReferral, ReferralStatus, UrgencyLevel } from "~/features/referrals/public.server";

/*
 * A referral as FHIR R4 resources (decision 034): its ServiceRequest (the order) and its Task
 * (the workflow, after HL7 BSeR's referral Task). Pure functions of the referral row: the same
 * row always gives the same resources, so a version derived from the row is a true version.
 */

export const FHIR_VERSION = "4.0.1";
export const FHIR_JSON = "application/fhir+json; charset=utf-8";

/** BSeR's Task business status code system (STU1 and the STU2 ballot agree on the codes used here). */
export const BSER_BUSINESS_STATUS = "http://hl7.org/fhir/us/bser/CodeSystem/TaskBusinessStatusCS";

export type FhirResource = { resourceType: string; id?: string; meta?: { versionId?: string; lastUpdated?: string } };
type Reference = { reference: string; display?: string };
type CodeableConcept = { coding?: Array<{ system: string; code: string; display?: string }>; text?: string };

export type TaskStatus = "requested" | "accepted" | "rejected" | "completed" | "cancelled";
export type ServiceRequestStatus = "active" | "completed" | "revoked";

/** The referral's status as the Task's, with BSeR's business status. */
export const TASK_STATUS: Record<ReferralStatus, { status: TaskStatus; business: string; display: string }> = {
  pending: { status: "requested", business: "2.0", display: "Service Request Created" },
  accepted: { status: "accepted", business: "3.0", display: "Service Request Accepted" },
  rejected: { status: "rejected", business: "4.0", display: "Service Request Declined" },
  cancelled: { status: "cancelled", business: "6.0", display: "Service Request Fulfillment Cancelled" },
  completed: { status: "completed", business: "7.0", display: "Service Request Fulfillment Completed" },
};

/** The referral's status as the ServiceRequest's (request-status): open while pending or accepted. */
export const SERVICE_REQUEST_STATUS: Record<ReferralStatus, ServiceRequestStatus> = {
  pending: "active",
  accepted: "active",
  completed: "completed",
  rejected: "revoked",
  cancelled: "revoked",
};

/** Urgency as request-priority: an emergency is `stat`. */
export const PRIORITY: Record<UrgencyLevel, "routine" | "urgent" | "stat"> = {
  routine: "routine",
  urgent: "urgent",
  emergency: "stat",
};

/** The referral statuses a FHIR status stands for (a search by status). */
export function referralStatusesFor(
  table: Record<ReferralStatus, string | { status: string }>,
  fhirStatus: string,
): ReferralStatus[] {
  return (Object.keys(table) as ReferralStatus[]).filter((s) => {
    const v = table[s];
    return (typeof v === "string" ? v : v.status) === fhirStatus;
  });
}

/**
 * The version of a referral's resources. Nothing of them changes but by a status transition, and
 * the status table is a path (pending, then accepted, rejected or cancelled, then completed), so
 * the number of transitions taken is the version: 1 pending, 2 decided, 3 completed.
 */
export function versionOf(status: ReferralStatus): string {
  return status === "pending" ? "1" : status === "completed" ? "3" : "2";
}

/** The weak ETag of a version, as FHIR writes it: W/"2". */
export function etagOf(status: ReferralStatus): string {
  return `W/"${versionOf(status)}"`;
}

/** The version an If-Match header names (W/"2", "2" or 2), or null when it names none. */
export function versionFromIfMatch(header: string | null | undefined): string | null {
  const match = header?.trim().match(/^(?:W\/)?"?([^"\s]+)"?$/);
  return match?.[1] ?? null;
}

/** When the referral last changed: its latest transition. */
export function lastUpdatedOf(r: ExchangedReferral): Date {
  const times = [r.createdAt, r.acceptedAt, r.rejectedAt, r.completedAt, r.cancelledAt].filter(
    (t): t is Date => t !== null,
  );
  return new Date(Math.max(...times.map((t) => t.getTime())));
}

/** Where a deployment's referral numbers live: its own address names the namespace. */
export function referralNumberSystem(baseUrl: string): string {
  return `${baseUrl}/fhir/sid/referral-number`;
}

function meta(r: ExchangedReferral) {
  return { versionId: versionOf(r.status), lastUpdated: lastUpdatedOf(r).toISOString() };
}

function references(r: ExchangedReferral) {
  return {
    patient: { reference: `Patient/${r.patient.id}`, display: r.patient.name } satisfies Reference,
    doctor: { reference: `Practitioner/${r.doctor.id}`, display: r.doctor.name } satisfies Reference,
    facility: { reference: `Organization/${r.facility.id}`, display: r.facility.name } satisfies Reference,
  };
}

export function serviceRequestOf(r: ExchangedReferral, baseUrl: string) {
  const ref = references(r);
  return {
    resourceType: "ServiceRequest" as const,
    id: r.id,
    meta: meta(r),
    identifier: [{ system: referralNumberSystem(baseUrl), value: r.referralNumber }],
    status: SERVICE_REQUEST_STATUS[r.status],
    intent: "order" as const,
    category: [
      {
        coding: [{ system: "http://snomed.info/sct", code: "3457005", display: "Patient referral" }],
        text: "Referral",
      },
    ],
    priority: PRIORITY[r.urgencyLevel],
    subject: ref.patient,
    authoredOn: r.createdAt.toISOString(),
    requester: ref.doctor,
    performer: [ref.facility],
    ...(r.chiefComplaint ? { reasonCode: [{ text: r.chiefComplaint } satisfies CodeableConcept] } : {}),
  };
}

export function taskOf(r: ExchangedReferral, baseUrl: string) {
  const ref = references(r);
  const state = TASK_STATUS[r.status];
  const reason = r.status === "rejected" ? r.rejectionReason : r.status === "cancelled" ? r.cancellationReason : null;
  return {
    resourceType: "Task" as const,
    id: r.id,
    meta: meta(r),
    identifier: [{ system: referralNumberSystem(baseUrl), value: r.referralNumber }],
    basedOn: [{ reference: `ServiceRequest/${r.id}` }],
    status: state.status,
    ...(reason ? { statusReason: { text: reason } satisfies CodeableConcept } : {}),
    businessStatus: {
      coding: [{ system: BSER_BUSINESS_STATUS, code: state.business, display: state.display }],
    } satisfies CodeableConcept,
    intent: "order" as const,
    priority: PRIORITY[r.urgencyLevel],
    focus: { reference: `ServiceRequest/${r.id}` },
    for: ref.patient,
    authoredOn: r.createdAt.toISOString(),
    lastModified: lastUpdatedOf(r).toISOString(),
    requester: ref.doctor,
    owner: ref.facility,
    ...(r.status === "completed" && r.outcomeNote
      ? { output: [{ type: { text: "Outcome note" } satisfies CodeableConcept, valueString: r.outcomeNote }] }
      : {}),
  };
}

/** FHIR's OperationOutcome issue types this API answers with. */
export type IssueCode =
  | "invalid"
  | "required"
  | "value"
  | "login"
  | "forbidden"
  | "not-found"
  | "not-supported"
  | "conflict"
  | "processing"
  | "throttled"
  | "exception";

export function operationOutcome(code: IssueCode, diagnostics: string, severity: "error" | "fatal" = "error") {
  return { resourceType: "OperationOutcome" as const, issue: [{ severity, code, diagnostics }] };
}

/** A searchset Bundle: the page, its self link and, when another page follows, its next link. */
export function searchBundle(
  resources: FhirResource[],
  links: { self: string; next: string | null },
  baseUrl: string,
  included: FhirResource[] = [],
) {
  const entry = (mode: "match" | "include") => (resource: FhirResource) => ({
    fullUrl: `${baseUrl}/fhir/${resource.resourceType}/${resource.id}`,
    resource,
    search: { mode },
  });
  return {
    resourceType: "Bundle" as const,
    type: "searchset" as const,
    link: [{ relation: "self", url: links.self }, ...(links.next ? [{ relation: "next", url: links.next }] : [])],
    entry: [...resources.map(entry("match")), ...included.map(entry("include"))],
  };
}
