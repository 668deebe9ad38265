/**
 * The address a request was made to, as the browser sees it.
 *
 * Behind a proxy that ends TLS, the server receives `http://host/…` while the browser is on
 * `https://host/…`. Everything that compares or builds origins (React Router's check of an action's
 * `Origin`, our cross-site check, Secure cookies, HSTS) must see the public address, so the request
 * handed to React Router carries it.
 *
 * - With TRUST_PROXY, the scheme comes from `X-Forwarded-Proto` and the host from `X-Forwarded-Host`
 *   when the proxy sends them (the last entry: the one our own proxy wrote; earlier ones come from
 *   the client).
 * - Without TRUST_PROXY, a request whose Host is APP_URL's host takes APP_URL's scheme: a proxy that
 *   ends TLS and keeps the Host header, but whose forwarded headers we do not trust.
 * - Any other request keeps the address it arrived with. Without TRUST_PROXY, no header a client
 *   chooses changes the scheme or the host.
 */
export function publicUrl(rawUrl: string, headers: Headers, options: { trustProxy: boolean; appUrl: string }): URL {
  const url = new URL(rawUrl);
  if (options.trustProxy) {
    const proto = lastEntry(headers.get("x-forwarded-proto"))?.toLowerCase();
    if (proto === "https" || proto === "http") url.protocol = `${proto}:`;
    const host = lastEntry(headers.get("x-forwarded-host"));
    if (host && HOST.test(host)) {
      // Host and port together: a host without a port must not keep the internal one.
      const forwarded = new URL(`${url.protocol}//${host}`);
      url.hostname = forwarded.hostname;
      url.port = forwarded.port;
    }
  } else {
    const app = appOrigin(options.appUrl);
    if (app && app.host === url.host) url.protocol = app.protocol;
  }
  return url;
}

/** A host name or IPv4 address, or a bracketed IPv6 address, with an optional port. */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

function lastEntry(value: string | null): string | undefined {
  const last = value?.split(",").at(-1)?.trim();
  return last || undefined;
}

function appOrigin(appUrl: string): URL | null {
  try {
    return new URL(appUrl);
  } catch {
    return null;
  }
}
