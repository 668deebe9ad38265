/**
 * The directory's search and filters (spec section 2), as they appear in the address.
 * Client-safe and free of zod, so the directory's browser bundle stays small; the address is
 * parsed with the zod schema in facility-filters.ts.
 */
export const COUNTRY_OPTIONS = [
  { value: "nigeria", label: "Nigeria" },
  { value: "kenya", label: "Kenya" },
  { value: "ghana", label: "Ghana" },
  { value: "south-africa", label: "South Africa" },
  { value: "india", label: "India" },
  { value: "brazil", label: "Brazil" },
] as const;

export const TYPE_OPTIONS = [
  { value: "hospital", label: "Hospital" },
  { value: "clinic", label: "Clinic" },
  { value: "diagnostic", label: "Diagnostic Center" },
  { value: "specialty", label: "Specialty Center" },
] as const;

/** Filter value -> the specialty name stored in a facility's `specialties`. */
export const SPECIALTY_OPTIONS = [
  { value: "cardiology", label: "Cardiology" },
  { value: "pediatrics", label: "Pediatrics" },
  { value: "neurology", label: "Neurology" },
  { value: "orthopedics", label: "Orthopedics" },
  { value: "oncology", label: "Oncology" },
] as const;

/** Filter value -> a code stored in a facility's `service_categories`. */
export const SERVICE_OPTIONS = [
  { value: "emergency", label: "Emergency" },
  { value: "surgery", label: "Surgery" },
  { value: "diagnostics", label: "Diagnostics" },
  { value: "pharmacy", label: "Pharmacy" },
] as const;

type Values<T extends readonly { value: string }[]> = T[number]["value"];
export type CountryCode = Values<typeof COUNTRY_OPTIONS>;
export type FacilityType = Values<typeof TYPE_OPTIONS>;
export type SpecialtyFilter = Values<typeof SPECIALTY_OPTIONS>;
export type ServiceCategory = Values<typeof SERVICE_OPTIONS>;

export const PAGE_SIZE = 12;
export const MAX_QUERY_LENGTH = 100;

export type View = "list" | "map";

/** The directory's state; an absent filter means "all". */
export type FacilityFilters = {
  q: string;
  country?: CountryCode;
  type?: FacilityType;
  specialty?: SpecialtyFilter;
  services?: ServiceCategory;
  /** Only facilities that accept Ghana's National Health Insurance (NHIS). */
  nhis: boolean;
  page: number;
  view: View;
};

/** Collapses whitespace and control characters and caps the length of a search. */
export function normalizeQuery(q: string): string {
  return q
    .replace(/\p{Cc}+/gu, " ")
    .trim()
    .replace(/\s+/g, " ")
    .slice(0, MAX_QUERY_LENGTH);
}

function pickOption<T extends readonly { value: string }[]>(
  options: T,
  value: unknown,
): T[number]["value"] | undefined {
  return options.find((o) => o.value === value)?.value;
}

/** The search form's fields as filters (in the browser; the server parses the address with zod). */
export function filtersFromForm(data: FormData, view: View): FacilityFilters {
  return {
    q: normalizeQuery(String(data.get("q") ?? "")),
    country: pickOption(COUNTRY_OPTIONS, data.get("country")),
    type: pickOption(TYPE_OPTIONS, data.get("type")),
    specialty: pickOption(SPECIALTY_OPTIONS, data.get("specialty")),
    services: pickOption(SERVICE_OPTIONS, data.get("services")),
    nhis: data.get("nhis") === "1",
    page: 1,
    view,
  };
}

/**
 * The canonical address for a set of filters: defaults ("all", page 1, list view, empty q)
 * are left out so shared links stay short.
 */
export function facilitiesSearch(filters: Partial<FacilityFilters>): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.country) params.set("country", filters.country);
  if (filters.type) params.set("type", filters.type);
  if (filters.specialty) params.set("specialty", filters.specialty);
  if (filters.services) params.set("services", filters.services);
  if (filters.nhis) params.set("nhis", "1");
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  if (filters.view === "map") params.set("view", "map");
  const search = params.toString();
  return search ? `?${search}` : "";
}

export function hasActiveFilters(filters: FacilityFilters): boolean {
  return Boolean(filters.q || filters.country || filters.type || filters.specialty || filters.services || filters.nhis);
}

export function typeLabel(type: string): string {
  return TYPE_OPTIONS.find((o) => o.value === type)?.label ?? type;
}
