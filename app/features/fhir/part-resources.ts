import type {
  ExchangedAttachment,
  ExchangedEvent,
  ExchangedMessage,
  PartAuthor,
  PartReferral,
} from "~/features/referrals/public.server";

/*
 * What hangs off a referral (decision 034): its messages as Communication, its files as
 * DocumentReference (the content a link under /fhir/Binary that the client fetches with its
 * token), its history as AuditEvent. None of them changes once written: version 1.
 */

const meta = (at: Date) => ({ versionId: "1", lastUpdated: at.toISOString() });

/** Who a part is from: the doctor (a Practitioner), or the facility (its person's or system's name as display). */
function fromOf(author: PartAuthor, referral: PartReferral) {
  if (author.kind === "doctor") return { reference: `Practitioner/${author.id}`, display: author.name };
  if (author.kind === "client") return { reference: `Organization/${referral.facility.id}`, display: author.name };
  if (author.kind === "person" && author.role === "facility_admin") {
    return { reference: `Organization/${referral.facility.id}`, display: author.name };
  }
  return { display: author.kind === "person" ? author.name : "A deleted account" };
}

export function communicationOf(m: ExchangedMessage) {
  const r = m.referral;
  const sender = fromOf(m.author, r);
  const toDoctor = m.author.kind !== "doctor";
  return {
    resourceType: "Communication" as const,
    id: m.id,
    meta: meta(m.createdAt),
    basedOn: [{ reference: `ServiceRequest/${r.id}` }],
    status: "completed" as const,
    subject: { reference: `Patient/${r.patient.id}`, display: r.patient.name },
    sent: m.createdAt.toISOString(),
    recipient: [
      toDoctor
        ? { reference: `Practitioner/${r.doctor.id}`, display: r.doctor.name }
        : { reference: `Organization/${r.facility.id}` },
    ],
    sender,
    payload: [{ contentString: m.body }],
  };
}

export function documentReferenceOf(a: ExchangedAttachment, baseUrl: string) {
  const r = a.referral;
  return {
    resourceType: "DocumentReference" as const,
    id: a.id,
    meta: meta(a.createdAt),
    status: "current" as const,
    subject: { reference: `Patient/${r.patient.id}`, display: r.patient.name },
    date: a.createdAt.toISOString(),
    author: [fromOf(a.author, r)],
    description: a.fileName,
    content: [
      {
        attachment: {
          contentType: a.contentType,
          url: `${baseUrl}/fhir/Binary/${a.id}`,
          size: a.sizeBytes,
          title: a.fileName,
          creation: a.createdAt.toISOString(),
        },
      },
    ],
    context: { related: [{ reference: `ServiceRequest/${r.id}` }] },
  };
}

/** audit-event-action: a referral made, a message or a file added is a create; a step along the status table an update. */
function actionOf(action: string): "C" | "U" | "E" {
  if (action === "referral.created" || action === "referral.message" || action === "referral.attachment") return "C";
  return action.startsWith("referral.") ? "U" : "E";
}

export function auditEventOf(e: ExchangedEvent, baseUrl: string) {
  const r = e.referral;
  const who = fromOf(e.author, r);
  const change = e.fromStatus && e.toStatus ? `${e.fromStatus} -> ${e.toStatus}` : null;
  return {
    resourceType: "AuditEvent" as const,
    id: e.id,
    meta: meta(e.createdAt),
    type: { system: `${baseUrl}/fhir/sid/audit-action`, code: e.action, display: e.action },
    action: actionOf(e.action),
    recorded: e.createdAt.toISOString(),
    outcome: "0" as const,
    agent: [{ who, ...(e.author.kind === "client" ? { name: `${e.author.name} (FHIR API)` } : {}), requestor: true }],
    source: { observer: { display: "Qurhealth referral network" } },
    entity: [
      {
        what: { reference: `ServiceRequest/${r.id}` },
        ...(change || e.reason ? { description: [change, e.reason].filter(Boolean).join(": ") } : {}),
      },
    ],
  };
}
