import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltApp, loadBuiltApp } from "./built-app";
import { type ReferralWorld, referralWorld } from "./referral-fixtures";

let app: BuiltApp;
let world: ReferralWorld;

beforeAll(async () => {
  app = await loadBuiltApp();
  world = await referralWorld(app, { pendingReferrals: 1, pendingPayments: 0 });
});
afterAll(() => app.close());

describe("signed-in answers are never stored by the browser", () => {
  it.each([
    ["doctor", "/dashboard/doctor"],
    ["facilityAdmin", "/dashboard/facility-admin"],
    ["systemAdmin", "/dashboard/system-admin"],
    ["systemAdmin", "/dashboard/system-admin?tab=users"],
    ["doctor", "/referrals/create"],
    ["doctor", "/"],
  ] as const)("%s GET %s: Cache-Control no-store", async (who, path) => {
    // Twice: the second answer of a page kept in memory (server/page-cache.ts) too.
    for (let i = 0; i < 2; i++) {
      const response = await app.request(path, { headers: { Cookie: world.cookies[who] } });
      expect(response.status).toBeLessThan(400);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
    }
  });

  it("a signed-in client navigation's data request is not stored either", async () => {
    const response = await app.request("/dashboard/facility-admin.data", {
      headers: { Cookie: world.cookies.facilityAdmin },
    });
    expect(response.status).toBeLessThan(400);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("an anonymous visitor's public page may be revalidated, not stored as personal", async () => {
    const response = await app.request("/about");
    expect(response.headers.get("Cache-Control")).not.toBe("no-store");
  });
});
