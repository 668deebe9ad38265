import type { DayHours } from "~/db/schema";
import type { DirectoryDoctor, DirectoryFacility, DirectoryPatient } from "./directory.server";

/*
 * Facilities as Organization and Location, doctors as Practitioner and PractitionerRole, and a
 * patient as the referral holds them (decision 034). A facility and a doctor change on their own
 * (an edited profile), so their version is the row's last change (updated_at, in milliseconds);
 * a patient's is the latest referral's creation, which is what the resource is read from.
 */

const DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;

export const sidOf = (baseUrl: string, name: "hefra-licence" | "facility-slug" | "mdc-number") =>
  `${baseUrl}/fhir/sid/${name}`;

export function versionAt(at: Date): string {
  return String(at.getTime());
}

function metaAt(at: Date) {
  return { versionId: versionAt(at), lastUpdated: at.toISOString() };
}

function facilityIdentifiers(f: DirectoryFacility, baseUrl: string) {
  return [
    ...(f.hefraLicence ? [{ system: sidOf(baseUrl, "hefra-licence"), value: f.hefraLicence }] : []),
    { system: sidOf(baseUrl, "facility-slug"), value: f.slug },
  ];
}

function facilityTelecom(f: DirectoryFacility) {
  return [
    ...f.contact.phones.map((value) => ({ system: "phone" as const, value, use: "work" as const })),
    ...(f.contact.email ? [{ system: "email" as const, value: f.contact.email }] : []),
    ...(f.contact.website ? [{ system: "url" as const, value: f.contact.website }] : []),
  ];
}

function facilityAddress(f: DirectoryFacility) {
  return { use: "work" as const, type: "physical" as const, text: f.address, city: f.location, country: f.country };
}

export function organizationOf(f: DirectoryFacility, baseUrl: string) {
  return {
    resourceType: "Organization" as const,
    id: f.id,
    meta: metaAt(f.updatedAt),
    identifier: facilityIdentifiers(f, baseUrl),
    active: f.isActive,
    type: [{ text: f.type }],
    name: f.name,
    telecom: facilityTelecom(f),
    address: [facilityAddress(f)],
  };
}

/** "08:00" as FHIR's time, "08:00:00". */
const time = (hhmm: string) => `${hhmm}:00`;

function hoursOf(f: DirectoryFacility) {
  const hours = f.openingHours;
  if (!hours) return undefined;
  if (hours.allDay) return [{ daysOfWeek: [...DAYS], allDay: true }];
  return hours.week.flatMap((day: DayHours | null, i) =>
    day ? [{ daysOfWeek: [DAYS[i]!], openingTime: time(day.opens), closingTime: time(day.closes) }] : [],
  );
}

/** The facility's site: its address, its position when its administrators gave one, and its opening hours. */
export function locationOf(f: DirectoryFacility, baseUrl: string) {
  const hours = hoursOf(f);
  return {
    resourceType: "Location" as const,
    id: f.id,
    meta: metaAt(f.updatedAt),
    identifier: facilityIdentifiers(f, baseUrl),
    status: f.isActive ? ("active" as const) : ("inactive" as const),
    name: f.name,
    mode: "instance" as const,
    telecom: facilityTelecom(f),
    address: facilityAddress(f),
    ...(f.latitude !== null && f.longitude !== null
      ? { position: { latitude: f.latitude, longitude: f.longitude } }
      : {}),
    managingOrganization: { reference: `Organization/${f.id}`, display: f.name },
    ...(hours && hours.length > 0 ? { hoursOfOperation: hours } : {}),
  };
}

export function practitionerOf(d: DirectoryDoctor, baseUrl: string) {
  return {
    resourceType: "Practitioner" as const,
    id: d.id,
    meta: metaAt(d.updatedAt),
    ...(d.mdcNumber ? { identifier: [{ system: sidOf(baseUrl, "mdc-number"), value: d.mdcNumber }] } : {}),
    active: d.approved,
    name: [{ text: d.fullName }],
  };
}

/** The doctor's role in the network: a doctor, with the specialty they gave and their facility. */
export function practitionerRoleOf(d: DirectoryDoctor) {
  return {
    resourceType: "PractitionerRole" as const,
    id: d.id,
    meta: metaAt(d.updatedAt),
    active: d.approved,
    practitioner: { reference: `Practitioner/${d.id}`, display: d.fullName },
    ...(d.facilityId ? { organization: { reference: `Organization/${d.facilityId}` } } : {}),
    code: [
      {
        coding: [
          { system: "http://terminology.hl7.org/CodeSystem/practitioner-role", code: "doctor", display: "Doctor" },
        ],
      },
    ],
    ...(d.specialty ? { specialty: [{ text: d.specialty }] } : {}),
  };
}

export function patientOf(p: DirectoryPatient) {
  return {
    resourceType: "Patient" as const,
    id: p.id,
    meta: metaAt(p.createdAt),
    name: [{ text: p.name }],
    ...(p.phone || p.email
      ? {
          telecom: [
            ...(p.phone ? [{ system: "phone" as const, value: p.phone, use: "mobile" as const }] : []),
            ...(p.email ? [{ system: "email" as const, value: p.email }] : []),
          ],
        }
      : {}),
    ...(p.birthDate ? { birthDate: p.birthDate } : {}),
  };
}
