import { expect } from "vitest";
import type { TestAccount } from "../helpers/accounts";
import type { BuiltApp } from "./built-app";

/** The nonce in a Content-Security-Policy, or null. */
export function cspNonce(csp: string | null): string | null {
  return csp?.match(/'nonce-([^']+)'/)?.[1] ?? null;
}

/** The headers every answer carries (server/security.ts), checked from the outside. */
export function expectSecurityHeaders(response: Response, where: string): void {
  const csp = response.headers.get("content-security-policy") ?? "";
  expect(csp, `${where}: CSP`).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'/);
  expect(csp, `${where}: CSP`).toContain("frame-ancestors 'none'");
  expect(csp, `${where}: CSP`).toContain("object-src 'none'");
  expect(csp, `${where}: CSP`).toContain("base-uri 'self'");
  expect(csp, `${where}: CSP`).toContain("form-action 'self'");
  expect(csp, `${where}: CSP`).not.toContain("'unsafe-inline' 'unsafe-eval'");
  expect(response.headers.get("x-content-type-options"), `${where}: nosniff`).toBe("nosniff");
  expect(response.headers.get("referrer-policy"), `${where}: Referrer-Policy`).toBe("strict-origin-when-cross-origin");
  expect(response.headers.get("x-frame-options"), `${where}: X-Frame-Options`).toBe("DENY");
  expect(response.headers.get("cross-origin-opener-policy"), `${where}: COOP`).toBe("same-origin");
  expect(response.headers.get("permissions-policy"), `${where}: Permissions-Policy`).toContain("camera=()");
}

/** Every <script> of an HTML page carries the answer's nonce (else the CSP blocks it). */
export function expectScriptsCarryNonce(html: string, nonce: string, where: string): void {
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag, where).toContain(`nonce="${nonce}"`);
}

/** Signs in through the real form post, as a browser without JavaScript would. */
export async function signInByForm(app: BuiltApp, account: Pick<TestAccount, "email" | "password">): Promise<Response> {
  return app.request("/auth", {
    method: "POST",
    body: new URLSearchParams({ intent: "signin", email: account.email, password: account.password }),
    headers: { "Sec-Fetch-Site": "same-origin", Origin: app.origin },
  });
}

/** The session cookie a sign-in answer sets (the whole Set-Cookie line). */
export function sessionSetCookie(response: Response): string {
  const cookie = response.headers.getSetCookie().find((c) => /(^|\.)session_token=/.test(c.split(";")[0]));
  if (!cookie) throw new Error(`no session cookie in ${JSON.stringify(response.headers.getSetCookie())}`);
  return cookie;
}

/** The ways a browser marks a request from another site (a forged form post). */
export const CROSS_SITE_HEADERS: Array<Record<string, string>> = [
  { "Sec-Fetch-Site": "cross-site", Origin: "https://attacker.example" },
  { "Sec-Fetch-Site": "same-site", Origin: "https://evil.qurhealth.test" },
  // Not a browser: it says same-origin but its Origin is another site's (decision 001).
  { "Sec-Fetch-Site": "same-origin", Origin: "https://attacker.example" },
  // Older browsers: no Sec-Fetch-Site, only Origin.
  { Origin: "https://attacker.example" },
  { Origin: "null" },
];
