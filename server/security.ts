import { randomBytes } from "node:crypto";

/** A fresh nonce for every response's Content-Security-Policy. */
export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

export function contentSecurityPolicy(nonce: string, options: { https: boolean; dev?: boolean }): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    // A <style> a library adds in the browser (Radix's scroll lock) carries the nonce (entry.client).
    `style-src 'self' 'nonce-${nonce}'`,
    // React's style={{...}} (for example a progress bar's width) sets style attributes.
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    options.dev ? "connect-src 'self' ws:" : "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
    "manifest-src 'self'",
    // The service worker, /sw.js (decision 027): without this its script would fall under script-src,
    // where 'strict-dynamic' ignores 'self'.
    "worker-src 'self'",
  ];
  if (options.https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** Headers every response carries. */
export function securityHeaders(nonce: string, options: { https: boolean; dev?: boolean }): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy(nonce, options),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy":
      "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()",
  };
  if (options.https) headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  return headers;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses cross-site state-changing requests (login CSRF, forged form posts).
 * Browsers send Sec-Fetch-Site on every request; older ones send Origin on POST. Either one that
 * says another site refuses the request: an Origin is checked even when Sec-Fetch-Site says
 * same-origin (a client that sends both and contradicts itself is not a browser on our pages), and
 * it must be the request's own origin, scheme included, as React Router checks it again for every
 * action (and logs an error with a stack when it refuses). APP_URL's origin is accepted too.
 * Requests carrying neither (curl, server-to-server) are let through: they carry no ambient
 * browser credentials an attacker could ride on.
 */
export function isCrossSiteWrite(method: string, headers: Headers, requestUrl: URL, appUrl: string): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  const fetchSite = headers.get("sec-fetch-site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") return true;
  const origin = headers.get("origin");
  if (origin === null) return false;
  if (origin === "null") return true;
  let originOrigin: string;
  try {
    originOrigin = new URL(origin).origin;
  } catch {
    return true;
  }
  return originOrigin !== requestUrl.origin && originOrigin !== safeOrigin(appUrl);
}

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "";
  }
}

export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** True when the path cannot be percent-decoded (a malformed request, not a server error). */
export function isMalformedPath(rawPath: string): boolean {
  try {
    // The result is used on purpose: the bundler drops a call whose result is unused as free of
    // side effects, and with it the check (a malformed path then reached React Router).
    return typeof decodeURIComponent(rawPath) !== "string";
  } catch {
    return true;
  }
}
