import * as z from "zod/mini";
import {
  COUNTRY_OPTIONS,
  type FacilityFilters,
  normalizeQuery,
  SERVICE_OPTIONS,
  SPECIALTY_OPTIONS,
  TYPE_OPTIONS,
} from "./facility-options";

export * from "./facility-options";

type Values<T extends readonly { value: string }[]> = T[number]["value"];

function optionOrAll<T extends readonly { value: string }[]>(options: T) {
  const values = options.map((o) => o.value) as [Values<T>, ...Values<T>[]];
  // Anything that is not one of the options (missing, "all", garbage) means "all".
  return z.catch(z.optional(z.enum(values)), undefined);
}

/** Parses the directory's address (zod); never fails: unknown values fall back to "all". */
export const facilityFiltersSchema = z.object({
  q: z.pipe(z._default(z.catch(z.string(), ""), ""), z.transform(normalizeQuery)),
  country: optionOrAll(COUNTRY_OPTIONS),
  type: optionOrAll(TYPE_OPTIONS),
  specialty: optionOrAll(SPECIALTY_OPTIONS),
  services: optionOrAll(SERVICE_OPTIONS),
  nhis: z.pipe(
    z.optional(z.string()),
    z.transform((v: string | undefined) => v === "1"),
  ),
  page: z._default(z.catch(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000)), 1), 1),
  view: z._default(z.catch(z.enum(["list", "map"]), "list"), "list"),
});

// The schema produces exactly the directory's state type.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShape: Same<z.infer<typeof facilityFiltersSchema>, FacilityFilters> = true;
void sameShape;

/** Reads filters from URLSearchParams (the first value of each key wins). */
export function parseFacilityFilters(params: URLSearchParams): FacilityFilters {
  const raw: Record<string, string> = {};
  for (const key of ["q", "country", "type", "specialty", "services", "nhis", "page", "view"]) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  return facilityFiltersSchema.parse(raw);
}
