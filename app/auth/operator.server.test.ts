import { describe, expect, it } from "vitest";
import { ANONYMOUS, type UserActor } from "./actor";
import { isOperator } from "./operator.server";

/*
 * /healthz told anyone which database runs (decision 036). Its details are for an
 * authenticated operator: a bearer token from HEALTHZ_TOKEN, or a signed-in approved system
 * administrator.
 */
const TOKEN = "operator-token-0123456789abcdef";
const user = (role: UserActor["role"], approved = true): UserActor => ({
  kind: "user",
  id: "u",
  email: "u@example.test",
  fullName: "U",
  role,
  approved,
  facilityId: null,
  specialty: null,
});
const request = (authorization?: string) =>
  new Request("http://localhost/healthz", { headers: authorization ? { authorization } : {} });

describe("who is an operator", () => {
  it("the bearer of HEALTHZ_TOKEN, compared whole", () => {
    expect(isOperator(request(`Bearer ${TOKEN}`), ANONYMOUS, TOKEN)).toBe(true);
    expect(isOperator(request(`bearer ${TOKEN}`), ANONYMOUS, TOKEN)).toBe(true);
    for (const wrong of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, TOKEN, "Bearer ", "Basic abc"]) {
      expect(isOperator(request(wrong), ANONYMOUS, TOKEN), wrong).toBe(false);
    }
    // Without a configured token no bearer is one.
    expect(isOperator(request("Bearer "), ANONYMOUS, undefined)).toBe(false);
    expect(isOperator(request(`Bearer ${TOKEN}`), ANONYMOUS, undefined)).toBe(false);
  });

  it("a signed-in approved system administrator; no one else", () => {
    expect(isOperator(request(), user("system_admin"), undefined)).toBe(true);
    expect(isOperator(request(), user("system_admin", false), undefined)).toBe(false);
    expect(isOperator(request(), user("doctor"), TOKEN)).toBe(false);
    expect(isOperator(request(), user("facility_admin"), TOKEN)).toBe(false);
    expect(isOperator(request(), ANONYMOUS, TOKEN)).toBe(false);
  });
});
