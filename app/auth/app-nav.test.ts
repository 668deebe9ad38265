import { describe, expect, it } from "vitest";
import { APP_NAV, isCurrentNavItem } from "./app-nav";

const current = (role: keyof typeof APP_NAV, pathname: string) =>
  APP_NAV[role].filter((item) => isCurrentNavItem(item, pathname, APP_NAV[role])).map((item) => item.label);

describe("the app navigation's current entry", () => {
  it("is one entry: a page under another entry's own path belongs to that entry (issue 27)", () => {
    expect(current("doctor", "/dashboard/doctor")).toEqual(["Dashboard"]);
    expect(current("doctor", "/dashboard/doctor/payouts")).toEqual(["Payouts"]);
    expect(current("system_admin", "/dashboard/system-admin/payouts/0000")).toEqual(["Payouts"]);
    expect(current("system_admin", "/dashboard/system-admin")).toEqual(["Dashboard"]);
    expect(current("system_admin", "/dashboard/system-admin/facilities/new")).toEqual(["Facilities"]);
  });

  it("names the system administrator's dashboard once: its sections are the page's tabs, not nav entries (issue 28)", () => {
    const labels = APP_NAV.system_admin.map((item) => item.label);
    for (const section of ["Referrals", "Users", "Payments", "Waitlist", "User Management"]) {
      expect(labels).not.toContain(section);
    }
    expect(APP_NAV.system_admin.filter((item) => item.path === "/dashboard/system-admin")).toHaveLength(1);
  });
});
