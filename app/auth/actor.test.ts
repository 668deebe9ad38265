import { describe, expect, it } from "vitest";
import { ROLES as DB_ROLES } from "~/db/schema";
import { ANONYMOUS, type GatedArea, gateFor, type UserActor } from "./actor";
import { dashboardPath, isRole, ROLE_LABELS, ROLES } from "./roles";

const user = (role: UserActor["role"], approved: boolean): UserActor => ({
  kind: "user",
  id: "u",
  email: "u@example.com",
  fullName: "U",
  role,
  approved,
  facilityId: null,
  specialty: null,
});

describe("roles", () => {
  it("match the database's roles and the form's labels", () => {
    expect([...ROLES]).toEqual([...DB_ROLES]);
    expect(ROLE_LABELS).toEqual({
      doctor: "Doctor",
      facility_admin: "Facility Administrator",
      system_admin: "System Administrator",
    });
    expect(isRole("doctor")).toBe(true);
    expect(isRole("patient")).toBe(false);
  });
  it("map to /dashboard/{role with underscores as hyphens}", () => {
    expect(ROLES.map(dashboardPath)).toEqual([
      "/dashboard/doctor",
      "/dashboard/facility-admin",
      "/dashboard/system-admin",
    ]);
  });
});

describe("gateFor (spec section 6)", () => {
  type RoleArea = Exclude<GatedArea, "history" | "facility-editor" | "account">;
  const areas: RoleArea[] = ["doctor", "referrals-create", "facility-admin", "system-admin"];
  const owner: Record<RoleArea, UserActor["role"]> = {
    doctor: "doctor",
    "referrals-create": "doctor",
    "facility-admin": "facility_admin",
    "system-admin": "system_admin",
  };
  const denied: Record<RoleArea, string> = {
    doctor: "This dashboard is only available for doctors.",
    "referrals-create": "Only doctors can create referrals.",
    "facility-admin": "This dashboard is only available for facility administrators.",
    "system-admin": "Access denied",
  };

  for (const area of areas) {
    it(`${area}: anonymous, wrong role, pending, approved`, () => {
      expect(gateFor(ANONYMOUS, area)).toEqual({ kind: "anonymous" });
      for (const role of ROLES) {
        for (const approved of [false, true]) {
          const actor = user(role, approved);
          const gate = gateFor(actor, area);
          if (role !== owner[area]) expect(gate).toEqual({ kind: "denied", message: denied[area] });
          else if (!approved) expect(gate).toEqual({ kind: "pending", role });
          else expect(gate).toEqual({ kind: "allowed", actor });
        }
      }
    });
  }

  it("facility-editor: facility and system administrators, once approved; doctors are refused", () => {
    expect(gateFor(ANONYMOUS, "facility-editor")).toEqual({ kind: "anonymous" });
    expect(gateFor(user("doctor", true), "facility-editor")).toEqual({
      kind: "denied",
      message: "This page is only available for facility and system administrators.",
    });
    for (const role of ["facility_admin", "system_admin"] as const) {
      expect(gateFor(user(role, false), "facility-editor")).toEqual({ kind: "pending", role });
      const actor = user(role, true);
      expect(gateFor(actor, "facility-editor")).toEqual({ kind: "allowed", actor });
    }
  });

  it("history: every role, once approved; anonymous signs in", () => {
    expect(gateFor(ANONYMOUS, "history")).toEqual({ kind: "anonymous" });
    for (const role of ROLES) {
      expect(gateFor(user(role, false), "history")).toEqual({ kind: "pending", role });
      const actor = user(role, true);
      expect(gateFor(actor, "history")).toEqual({ kind: "allowed", actor });
    }
  });

  it("account: every role, approved or not (pending and declined included); anonymous signs in", () => {
    expect(gateFor(ANONYMOUS, "account")).toEqual({ kind: "anonymous" });
    for (const role of ROLES) {
      for (const approved of [false, true]) {
        const actor = user(role, approved);
        expect(gateFor(actor, "account")).toEqual({ kind: "allowed", actor });
      }
      const declined = { ...user(role, false), declineReason: "Not a registered practitioner" };
      expect(gateFor(declined, "account")).toEqual({ kind: "allowed", actor: declined });
    }
  });
});
