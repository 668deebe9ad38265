/** The three roles of spec section 6, with the labels the registration form shows. Client-safe. */
export const ROLES = ["doctor", "facility_admin", "system_admin"] as const;
export type Role = (typeof ROLES)[number];

/**
 * The roles a person may register for (decisions section 2, decision 033): a system administrator is
 * invited by another, never registered, so that one person cannot approve their own second account.
 */
export const REGISTRATION_ROLES = ["doctor", "facility_admin"] as const satisfies readonly Role[];

export const ROLE_LABELS: Record<Role, string> = {
  doctor: "Doctor",
  facility_admin: "Facility Administrator",
  system_admin: "System Administrator",
};

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** `/dashboard/{role with underscores replaced by hyphens}` (spec section 2). */
export function dashboardPath(role: Role): `/dashboard/${string}` {
  return `/dashboard/${role.replaceAll("_", "-")}`;
}
