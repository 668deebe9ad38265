import { describe, expect, it } from "vitest";
import { callbackAddress } from "./delivery-reports.server.ts";

/* Decision 035, point 6: the secret and the report's fields, however a provider added them to our address. */
describe("reading a delivery callback's address", () => {
  const at = (address: string, pathToken?: string) => callbackAddress(new URL(address), pathToken);

  it("the token in the path, the fields merged into the query", () => {
    const read = at("https://x.example/webhooks/sms/arkesel/SECRET?sms_id=1&status=DELIVERED", "SECRET");
    expect(read.token).toBe("SECRET");
    expect(Object.fromEntries(read.query)).toEqual({ sms_id: "1", status: "DELIVERED" });
  });

  it("fields appended after '&' to a path without a query end up in the path segment: split off", () => {
    const read = at(
      "https://x.example/webhooks/sms/arkesel/SECRET&sms_id=1&status=DELIVERED",
      "SECRET&sms_id=1&status=DELIVERED",
    );
    expect(read.token).toBe("SECRET");
    expect(Object.fromEntries(read.query)).toEqual({ sms_id: "1", status: "DELIVERED" });
  });

  it("an address registered with ?token= still works, even with '?sms_id=...' appended to it", () => {
    const read = at("https://x.example/webhooks/sms/arkesel?token=SECRET?sms_id=1&status=DELIVERED");
    expect(read.token).toBe("SECRET");
    expect(Object.fromEntries(read.query)).toMatchObject({ sms_id: "1", status: "DELIVERED" });
  });

  it("no token: none", () => {
    expect(at("https://x.example/webhooks/sms/arkesel?sms_id=1").token).toBeNull();
    expect(at("https://x.example/webhooks/sms/arkesel/", "").token).toBeNull();
  });
});
