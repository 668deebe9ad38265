import type { Role } from "./roles";

/**
 * The signed-in app's navigation per role (issue 19), client-safe. `match` decides when an entry
 * is the current page: the path, and for the system administrator's tabs the `tab` parameter.
 */
export type AppNavItem = { label: string; to: string; path: string; tab?: string };

const SYSTEM_ADMIN = "/dashboard/system-admin";

export const APP_NAV: Record<Role, readonly AppNavItem[]> = {
  doctor: [
    { label: "Dashboard", to: "/dashboard/doctor", path: "/dashboard/doctor" },
    { label: "New Referral", to: "/referrals/create", path: "/referrals/create" },
    { label: "History", to: "/referrals/history", path: "/referrals/history" },
  ],
  facility_admin: [
    { label: "Queue", to: "/dashboard/facility-admin", path: "/dashboard/facility-admin" },
    { label: "History", to: "/referrals/history", path: "/referrals/history" },
    { label: "Facility Profile", to: "/dashboard/facility-profile", path: "/dashboard/facilities" },
    { label: "Reports", to: "/dashboard/facility-reports", path: "/dashboard/facility-reports" },
  ],
  system_admin: [
    { label: "Overview", to: `${SYSTEM_ADMIN}/overview`, path: `${SYSTEM_ADMIN}/overview` },
    { label: "Referrals", to: SYSTEM_ADMIN, path: SYSTEM_ADMIN, tab: "referrals" },
    { label: "Users", to: `${SYSTEM_ADMIN}?tab=users`, path: SYSTEM_ADMIN, tab: "users" },
    { label: "Payments", to: `${SYSTEM_ADMIN}?tab=payments`, path: SYSTEM_ADMIN, tab: "payments" },
    { label: "Waitlist", to: `${SYSTEM_ADMIN}?tab=waitlist`, path: SYSTEM_ADMIN, tab: "waitlist" },
    { label: "Facilities", to: `${SYSTEM_ADMIN}/facilities`, path: `${SYSTEM_ADMIN}/facilities` },
    { label: "Hubs", to: `${SYSTEM_ADMIN}/hubs`, path: `${SYSTEM_ADMIN}/hubs` },
    { label: "Audit Log", to: `${SYSTEM_ADMIN}/audit`, path: `${SYSTEM_ADMIN}/audit` },
  ],
};

/**
 * Whether `item` is the page at `pathname` and `search` (the system administrator's first tab is
 * the default); an entry without tabs is also current on the pages under it (a facility's editor).
 */
export function isCurrentNavItem(item: AppNavItem, pathname: string, search: string): boolean {
  if (!item.tab && pathname.startsWith(`${item.path}/`)) return true;
  if (pathname !== item.path) return false;
  if (!item.tab) return true;
  const tab = new URLSearchParams(search).get("tab") ?? "referrals";
  return tab === item.tab;
}
