/**
 * The network's figures as the public pages state them: counted in the database, never
 * written here, so a page cannot claim 12 facilities in Ghana while the directory lists 3. The
 * pages that show them are kept per the facilities' and hubs' versions (docs/decisions/011), so
 * a facility added or deactivated, or a hub launched, changes them on the next answer.
 * Client-safe: the counts come from `networkFigures` (features/facilities/network-figures.server.ts).
 */
export type NetworkFigures = {
  /** Active facilities in the directory. */
  facilities: number;
  /** Of which in Ghana. */
  ghanaFacilities: number;
  hubs: number;
  liveHubs: number;
};

/** The network's goal for partner facilities (spec section 1). */
export const FACILITY_GOAL = "50+";

const count = new Intl.NumberFormat("en-GH");

/** "1 facility" / "3 facilities". */
export function facilitiesCount(n: number): string {
  return `${count.format(n)} ${n === 1 ? "facility" : "facilities"}`;
}

/** "3 partner facilities in Ghana". */
export function partnerFacilitiesInGhana(figures: NetworkFigures): string {
  return `${count.format(figures.ghanaFacilities)} partner ${figures.ghanaFacilities === 1 ? "facility" : "facilities"} in Ghana`;
}

/** "2 live, 8 in development". */
export function hubStatuses(figures: NetworkFigures): string {
  return `${figures.liveHubs} live, ${figures.hubs - figures.liveHubs} in development`;
}

/** "10 specialist hubs". */
export function specialistHubs(figures: NetworkFigures): string {
  return `${figures.hubs} specialist ${figures.hubs === 1 ? "hub" : "hubs"}`;
}

/**
 * The countries the network plans to open next (spec section 9: "coming 2025"). A planned year that
 * has passed is not a promise: the pages then say "next", without a year.
 */
export const EXPANSION = { countries: ["Nigeria", "Kenya", "South Africa"], plannedYear: 2025 } as const;

function expansionAhead(now: Date): boolean {
  return EXPANSION.plannedYear >= now.getUTCFullYear();
}

/** "Coming in 2025" while that year is ahead or current; "Coming next" once it has passed. */
export function expansionLabel(now = new Date()): string {
  return expansionAhead(now) ? `Coming in ${EXPANSION.plannedYear}` : "Coming next";
}

/** "from 2025" while that year is ahead or current; "next" once it has passed. */
export function expansionWhen(now = new Date()): string {
  return expansionAhead(now) ? `from ${EXPANSION.plannedYear}` : "next";
}
