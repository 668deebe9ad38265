/**
 * "At most N, then +N more" (spec section 9): hub cards show 3 specialties and 3 countries.
 * Pure, so the rule is unit-tested; MoreList (more-list.tsx) renders it.
 */
export function splitMore<T>(items: readonly T[], max = 3): { shown: T[]; more: number } {
  const limit = Math.max(0, Math.floor(max));
  return { shown: items.slice(0, limit), more: Math.max(0, items.length - limit) };
}
