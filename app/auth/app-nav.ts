import type { Role } from "./roles";

/**
 * The signed-in app's navigation per role, client-safe. `path` decides when an entry is
 * the current page. The system administrator's dashboard is one entry: its four sections are the
 * spec's tabs on the page (All Referrals, User Management, Payment Management, Hub Waitlist), not
 * repeated here as a second navigation.
 */
export type AppNavItem = { label: string; to: string; path: string };

const SYSTEM_ADMIN = "/dashboard/system-admin";

export const APP_NAV: Record<Role, readonly AppNavItem[]> = {
  doctor: [
    { label: "Dashboard", to: "/dashboard/doctor", path: "/dashboard/doctor" },
    { label: "New Referral", to: "/referrals/create", path: "/referrals/create" },
    { label: "History", to: "/referrals/history", path: "/referrals/history" },
    { label: "Payouts", to: "/dashboard/doctor/payouts", path: "/dashboard/doctor/payouts" },
  ],
  facility_admin: [
    { label: "Queue", to: "/dashboard/facility-admin", path: "/dashboard/facility-admin" },
    { label: "History", to: "/referrals/history", path: "/referrals/history" },
    { label: "Facility Profile", to: "/dashboard/facility-profile", path: "/dashboard/facilities" },
    { label: "Reports", to: "/dashboard/facility-reports", path: "/dashboard/facility-reports" },
  ],
  system_admin: [
    { label: "Overview", to: `${SYSTEM_ADMIN}/overview`, path: `${SYSTEM_ADMIN}/overview` },
    { label: "Dashboard", to: SYSTEM_ADMIN, path: SYSTEM_ADMIN },
    { label: "Payouts", to: `${SYSTEM_ADMIN}/payouts`, path: `${SYSTEM_ADMIN}/payouts` },
    { label: "Messages", to: `${SYSTEM_ADMIN}/messages`, path: `${SYSTEM_ADMIN}/messages` },
    { label: "Health", to: `${SYSTEM_ADMIN}/health`, path: `${SYSTEM_ADMIN}/health` },
    { label: "Facilities", to: `${SYSTEM_ADMIN}/facilities`, path: `${SYSTEM_ADMIN}/facilities` },
    { label: "Reviews", to: `${SYSTEM_ADMIN}/reviews`, path: `${SYSTEM_ADMIN}/reviews` },
    { label: "Hubs", to: `${SYSTEM_ADMIN}/hubs`, path: `${SYSTEM_ADMIN}/hubs` },
    { label: "Administrators", to: `${SYSTEM_ADMIN}/administrators`, path: `${SYSTEM_ADMIN}/administrators` },
    { label: "Hospital Systems", to: `${SYSTEM_ADMIN}/api-clients`, path: `${SYSTEM_ADMIN}/api-clients` },
    { label: "Audit Log", to: `${SYSTEM_ADMIN}/audit`, path: `${SYSTEM_ADMIN}/audit` },
  ],
};

/**
 * Whether `item` is the page at `pathname`; an entry is also current on the pages under it (a
 * facility's editor), unless another entry's path is closer.
 */
export function isCurrentNavItem(item: AppNavItem, pathname: string, siblings: readonly AppNavItem[] = []): boolean {
  // Under another entry's own path (the doctor's Payouts under Dashboard): that entry is current, not this one.
  const closer = siblings.some(
    (other) =>
      other.path.length > item.path.length && (pathname === other.path || pathname.startsWith(`${other.path}/`)),
  );
  if (!closer && pathname.startsWith(`${item.path}/`)) return true;
  return pathname === item.path;
}
