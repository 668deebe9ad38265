import type { facilities } from "../db/schema.ts";

export type FacilitySeed = typeof facilities.$inferInsert;

/** The directory's seed facilities (spec section 2; decisions section 3). */
export const FACILITY_SEED: FacilitySeed[] = [];
