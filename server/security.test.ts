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
  it("checks Origin even when Sec-Fetch-Site says same-origin (issue 24)", () => {
    const sameOrigin = (origin: string) => new Headers({ "sec-fetch-site": "same-origin", origin });
    expect(isCrossSiteWrite("POST", sameOrigin("https://evil.example"), url, app)).toBe(true);
    expect(isCrossSiteWrite("POST", sameOrigin("null"), url, app)).toBe(true);
    expect(isCrossSiteWrite("POST", sameOrigin("not a url"), url, app)).toBe(true);
    expect(
      isCrossSiteWrite("POST", new Headers({ "sec-fetch-site": "none", origin: "https://evil.example" }), url, app),
    ).toBe(true);
    expect(isCrossSiteWrite("POST", sameOrigin("http://localhost:3000"), url, app)).toBe(false);
  });
  it("compares the whole origin, scheme included, with the request's public address or APP_URL", () => {
    const publicUrl = new URL("https://qurhealth.example/contact");
    const appUrl = "https://qurhealth.example";
    const post = (origin: string) =>
      isCrossSiteWrite("POST", new Headers({ "sec-fetch-site": "same-origin", origin }), publicUrl, appUrl);
    expect(post("https://qurhealth.example")).toBe(false);
    expect(post("https://qurhealth.example:443")).toBe(false);
    expect(post("http://qurhealth.example")).toBe(true);
    expect(post("https://qurhealth.example:8443")).toBe(true);
    expect(isCrossSiteWrite("POST", new Headers({ origin: appUrl }), new URL("http://10.0.0.5:3000/x"), appUrl)).toBe(
      false,
    );
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

  it("allow the site's own service worker, which script-src's 'strict-dynamic' alone would refuse (issue 29)", () => {
    expect(contentSecurityPolicy(createNonce(), { https: true }).split("; ")).toContain("worker-src 'self'");
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
