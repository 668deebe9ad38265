import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, createNonce, isCrossSiteWrite, isMalformedPath, securityHeaders } from "./security";

const url = new URL("http://localhost:3000/contact");
const app = "http://localhost:3000";

describe("isCrossSiteWrite", () => {
  it("refuses a POST marked cross-site by the browser", () => {
    expect(isCrossSiteWrite("POST", new Headers({ "sec-fetch-site": "cross-site" }), url, app)).toBe(true);
    expect(isCrossSiteWrite("POST", new Headers({ "sec-fetch-site": "same-site" }), url, app)).toBe(true);
  });
  it("accepts same-origin and user-initiated requests", () => {
    expect(isCrossSiteWrite("POST", new Headers({ "sec-fetch-site": "same-origin" }), url, app)).toBe(false);
    expect(isCrossSiteWrite("POST", new Headers({ "sec-fetch-site": "none" }), url, app)).toBe(false);
  });
  it("falls back to Origin when Sec-Fetch-Site is absent", () => {
    expect(isCrossSiteWrite("POST", new Headers({ origin: "https://evil.example" }), url, app)).toBe(true);
    expect(isCrossSiteWrite("POST", new Headers({ origin: "null" }), url, app)).toBe(true);
    expect(isCrossSiteWrite("POST", new Headers({ origin: "http://localhost:3000" }), url, app)).toBe(false);
    expect(isCrossSiteWrite("DELETE", new Headers({ origin: "https://evil.example" }), url, app)).toBe(true);
  });
  it("never blocks safe methods", () => {
    expect(isCrossSiteWrite("GET", new Headers({ "sec-fetch-site": "cross-site" }), url, app)).toBe(false);
  });
});

describe("security headers", () => {
  it("carry a fresh nonce and the required directives", () => {
    const a = createNonce();
    expect(a).not.toBe(createNonce());
    const csp = contentSecurityPolicy(a, { https: false });
    expect(csp).toContain(`'nonce-${a}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-eval");
    const headers = securityHeaders(a, { https: false });
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headers["Referrer-Policy"]).toBeTruthy();
    expect(headers["Permissions-Policy"]).toContain("camera=()");
    expect(headers["Strict-Transport-Security"]).toBeUndefined();
    expect(securityHeaders(a, { https: true })["Strict-Transport-Security"]).toMatch(/max-age=\d+/);
  });
});

describe("isMalformedPath", () => {
  it("detects undecodable paths", () => {
    expect(isMalformedPath("/%E0%A4%A")).toBe(true);
    expect(isMalformedPath("/hub/%zz")).toBe(true);
    expect(isMalformedPath("/hub/cervical-cancer")).toBe(false);
    expect(isMalformedPath("/a%20b")).toBe(false);
  });
});
