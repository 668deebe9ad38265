import { parsePhone } from "~/lib/phone";
import { parseOrRefuse, refusalOf, refuse } from "~/lib/refusal";
import type { FacilityFieldErrors } from "./facility-admin.server";
import { type FacilityInput, facilitySchema } from "./facility-schema";
import { hoursFromForm } from "./opening-hours";

/* The editor's form as a facility's columns: what a save of either kind (add, edit) writes. */

/** The on-call number in E.164; one that cannot receive an SMS is refused under its field. */
function onCallPhoneOf(value: string | null): string | null {
  if (!value) return null;
  const parsed = parsePhone(value, { mobile: true });
  if (!parsed.ok) refuse(400, parsed.message, { on_call_phone: parsed.message });
  return parsed.e164;
}

/** The columns a validated form sets (the licence's verified date and the Verified mark are decided by the caller). */
export function columnsOf(input: FacilityInput) {
  return {
    name: input.name,
    type: input.type,
    location: input.location,
    country: input.country,
    address: input.address,
    description: input.description,
    descriptionFr: input.description_fr,
    about: input.about,
    mission: input.mission,
    vision: input.vision,
    partnerships: input.partnerships.length ? input.partnerships : null,
    services: input.services,
    serviceCategories: [...new Set([...input.service_categories, ...(input.emergency ? ["emergency"] : [])])],
    specialties: input.specialties.map((s) => s.name),
    specialtyDetails: input.specialties,
    professionals: input.professionals,
    languages: input.languages,
    insurance: input.insurance,
    emergency: input.emergency,
    nhisAccepted: input.nhis_accepted,
    hefraLicence: input.hefra_licence,
    onCallPhone: onCallPhoneOf(input.on_call_phone),
    latitude: input.latitude,
    longitude: input.longitude,
    openingHours: hoursFromForm(input.hours_mode, input as unknown as Record<string, string>),
    contact: {
      phones: input.phones,
      email: input.email,
      address: input.address,
      ...(input.website ? { website: input.website } : {}),
      ...(input.facebook ? { facebook: input.facebook } : {}),
      ...(input.instagram ? { instagram: input.instagram } : {}),
    },
  };
}

/** The two a system administrator alone sets: the directory card's Verified mark and the licence's verified date. */
export type Columns = ReturnType<typeof columnsOf> & { verified?: boolean; licenceVerifiedOn?: string | null };

/** How the audit log names each column. */
export const FIELD_NAMES: Record<keyof Columns, string> = {
  name: "name",
  type: "type",
  location: "location",
  country: "country",
  address: "address",
  description: "description",
  descriptionFr: "French description",
  about: "about",
  mission: "mission",
  vision: "vision",
  partnerships: "partnerships",
  services: "services",
  serviceCategories: "service categories",
  specialties: "specialties",
  specialtyDetails: "specialty descriptions",
  professionals: "professionals",
  languages: "languages",
  insurance: "insurance",
  emergency: "emergency",
  nhisAccepted: "NHIS",
  hefraLicence: "licence number",
  onCallPhone: "on-call number",
  latitude: "latitude",
  longitude: "longitude",
  verified: "verified mark",
  licenceVerifiedOn: "licence verified date",
  openingHours: "opening hours",
  contact: "contact",
};

/** The form checked with its schema (parseOrRefuse), its refusal as a result (addFacility answers with one). */
export function validate(
  fields: Record<string, unknown>,
): { ok: true; input: FacilityInput } | { ok: false; fieldErrors: FacilityFieldErrors } {
  try {
    return { ok: true, input: parseOrRefuse(facilitySchema, fields) };
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal?.fieldErrors) throw error;
    // A message about no one field (the post was not a form at all) is shown on the name.
    const { "": unplaced, ...fieldErrors } = refusal.fieldErrors as FacilityFieldErrors;
    return { ok: false, fieldErrors: unplaced ? { name: unplaced, ...fieldErrors } : fieldErrors };
  }
}

/** A refused save: 400, each field's message under it, the first one as the refusal's own. */
export function refuseFields(fieldErrors: FacilityFieldErrors): never {
  return refuse(400, Object.values(fieldErrors)[0] ?? "Please check the form", fieldErrors);
}
